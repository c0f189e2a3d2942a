// Rate limits with the real multiplier of 1; X-Forwarded-For from loopback is honoured (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activatedUser, randomIp, startTestApi, type TestApi } from './helpers'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

let api: TestApi
let tight: TestApi
beforeAll(async () => {
  ;[api, tight] = await Promise.all([
    startTestApi({ RATE_LIMIT_MULTIPLIER: '1' }),
    startTestApi({ RATE_LIMIT_MULTIPLIER: '0.05' }),
  ])
})
afterAll(async () => {
  await Promise.all([api?.close(), tight?.close()])
})

async function redisAvailable(): Promise<boolean> {
  const { Redis } = await import('ioredis')
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  try {
    await client.connect()
    await client.ping()
    return true
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

describe('rate limits', () => {
  it('login: 10 per 15 min per IP, then 429 with the uniform body', async () => {
    const ip = randomIp()
    // A different login each time: this is the address's limit, not an account's (account-throttle.test.ts).
    for (let i = 0; i < 10; i++) {
      const res = await api.post(
        '/auth/login',
        { email: `ghost${i}@example.com`, password: 'x' },
        { headers: { 'x-forwarded-for': ip } },
      )
      expect(res.status).toBe(401)
    }
    const limited = await api.post(
      '/auth/login',
      { email: 'ghost@example.com', password: 'x' },
      { headers: { 'x-forwarded-for': ip } },
    )
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ message: 'Too many requests. Please try again later.', errors: {}, code: 'rateLimited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const ru = await api.post(
      '/auth/login',
      { email: 'ghost@example.com', password: 'x' },
      { headers: { 'x-forwarded-for': ip }, lang: 'ru' },
    )
    expect(ru.body.message).toBe('Слишком много запросов. Попробуйте позже.')
    // Another client address is not affected.
    const other = await api.post(
      '/auth/login',
      { email: 'ghost-other@example.com', password: 'x' },
      { headers: { 'x-forwarded-for': randomIp() } },
    )
    expect(other.status).toBe(401)
  })

  it('registration: 5 per 30 min per IP', async () => {
    const ip = randomIp()
    for (let i = 0; i < 5; i++) {
      const res = await api.post('/auth/registration', {}, { headers: { 'x-forwarded-for': ip } })
      expect(res.status).toBe(400)
    }
    expect((await api.post('/auth/registration', {}, { headers: { 'x-forwarded-for': ip } })).status).toBe(
      429,
    )
  })

  it('code endpoints: 10 per 30 min per IP (each endpoint)', async () => {
    const ip = randomIp()
    for (let i = 0; i < 10; i++) {
      const res = await api.post(
        '/auth/activateEmail',
        { email: 'ghost@example.com' },
        { headers: { 'x-forwarded-for': ip } },
      )
      expect(res.status).toBe(200)
    }
    expect(
      (
        await api.post(
          '/auth/activateEmail',
          { email: 'ghost@example.com' },
          { headers: { 'x-forwarded-for': ip } },
        )
      ).status,
    ).toBe(429)
  })

  it('group invitations: 30 an hour per person, withdrawn ones counted (no mail without end)', async () => {
    const s = await activatedUser(api)
    const handle = `limit_${Date.now().toString(36)}`
    expect((await api.post('/groups', { handle, name: 'Limits' }, { token: s.accessToken })).status).toBe(201)
    for (let i = 0; i < 30; i++) {
      const made = await api.post(`/groups/${handle}/invitations`, { who: `someone${i}@example.com` }, { token: s.accessToken })
      expect(made.status, made.text).toBe(201)
      expect((await api.request('DELETE', `/groups/${handle}/invitations/${made.body.id}`, { token: s.accessToken })).status).toBe(200)
    }
    const limited = await api.post(`/groups/${handle}/invitations`, { who: 'one-more@example.com' }, { token: s.accessToken })
    expect(limited.status).toBe(429)
  })

  it('global limit is keyed by user id when signed in (whatever the IP)', async () => {
    // Multiplier 0.05: 300 → 15 requests per 5 minutes.
    const s = await activatedUser(tight)
    for (let i = 0; i < 15; i++) {
      const res = await tight.get('/auth/my', {
        token: s.accessToken,
        headers: { 'x-forwarded-for': randomIp() },
      })
      expect(res.status).toBe(200)
    }
    const limited = await tight.get('/auth/my', {
      token: s.accessToken,
      headers: { 'x-forwarded-for': randomIp() },
    })
    expect(limited.status).toBe(429)
    // Anonymous callers have their own (per-IP) budget.
    expect(
      (await tight.get('/auth/app-version', { headers: { 'x-forwarded-for': randomIp() } })).status,
    ).toBe(200)
  })

  it('with REDIS_URL two API instances share one count', async (ctx) => {
    if (!(await redisAvailable())) ctx.skip()
    const [a, b] = await Promise.all([
      startTestApi({ RATE_LIMIT_MULTIPLIER: '1', REDIS_URL }),
      startTestApi({ RATE_LIMIT_MULTIPLIER: '1', REDIS_URL }),
    ])
    try {
      const ip = randomIp()
      for (let i = 0; i < 10; i++) {
        const target = i % 2 === 0 ? a : b
        expect(
          (
            await target.post(
              '/auth/login',
              { email: 'ghost@example.com', password: 'x' },
              { headers: { 'x-forwarded-for': ip } },
            )
          ).status,
        ).toBe(401)
      }
      expect(
        (
          await a.post(
            '/auth/login',
            { email: 'ghost@example.com', password: 'x' },
            { headers: { 'x-forwarded-for': ip } },
          )
        ).status,
      ).toBe(429)
      expect(
        (
          await b.post(
            '/auth/login',
            { email: 'ghost@example.com', password: 'x' },
            { headers: { 'x-forwarded-for': ip } },
          )
        ).status,
      ).toBe(429)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
