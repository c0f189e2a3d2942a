// Security headers of every API answer: HSTS behind https (WEB_URL) — on plain http (development) it says
// nothing, as browsers ignore it there anyway — and X-Content-Type-Options: nosniff always.
import { afterAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'

const apis: TestApi[] = []
afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()))
})

describe('Strict-Transport-Security on the API', () => {
  it('is sent on every answer when WEB_URL is https', async () => {
    const api = await startTestApi({ WEB_URL: 'https://nearby.example' })
    apis.push(api)
    for (const path of ['/health', '/auth/my', '/no-such-route']) {
      const res = await api.get(path)
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('is not sent when WEB_URL is http', async () => {
    const api = await startTestApi({ WEB_URL: 'http://localhost:3000' })
    apis.push(api)
    expect((await api.get('/health')).headers.get('strict-transport-security')).toBeNull()
  })
})

describe('X-Content-Type-Options on the API', () => {
  it('is nosniff on every answer: success, refusal, validation error, not found, broken JSON', async () => {
    const api = await startTestApi()
    apis.push(api)
    const answers = [
      await api.get('/health'),
      await api.get('/auth/my'),
      await api.post('/auth/login', { email: 1 }),
      await api.get('/no-such-route'),
      await api.request('POST', '/auth/login', { rawBody: '{', headers: { 'content-type': 'application/json' } }),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 401, 400, 404, 400])
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), String(answer.status)).toBe('nosniff')
    }
  })

  it('is nosniff on a rate-limited answer', async () => {
    const api = await startTestApi({ RATE_LIMIT_MULTIPLIER: '0.001' })
    apis.push(api)
    let limited = await api.get('/auth/my')
    for (let i = 0; i < 5 && limited.status !== 429; i++) limited = await api.get('/auth/my')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
