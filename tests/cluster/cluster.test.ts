// The cluster (issue 25, `npm run cluster`): two API and two web instances on PostgreSQL, Redis and an S3
// server (s3rver), behind Debian's nginx on one port, every part real on loopback. Which instance answered is
// read from X-Nearby-Instance. Needs the built web and nginx (npm test builds and installs both).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REALTIME } from '#contract'
import { createS3Storage } from '../../api/media/storage'
import { startCluster, type Cluster } from '../../scripts/cluster'
import { jpeg, eventForm, baseEvent } from '../api/events-fixtures'

const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 8280)
let cluster: Cluster
let dataDir: string
let db: pg.Pool

/** Rate-limit counters of earlier runs (demo users' ids are fixed) would count against this one. */
async function forgetRateLimits(redisUrl: string) {
  const redis = new Redis(redisUrl)
  try {
    const keys = await redis.keys('nearby-rl:*')
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
}

beforeAll(async () => {
  await forgetRateLimits(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-cluster-'))
  cluster = await startCluster({
    port: PORT,
    database: 'nearby_cluster_test',
    fresh: true,
    dataDir,
    output: 'collect',
    log: () => {},
    env: { ACCESS_TOKEN_TTL_SECONDS: '2', RATE_LIMIT_MULTIPLIER: '1', UPLOADS_ORPHAN_GRACE_SECONDS: '60' },
  })
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 })
  process.env.SESSION_SECRET = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')).SESSION_SECRET
  process.env.WEB_URL = cluster.url
}, 180_000)

afterAll(async () => {
  await db?.end()
  await cluster?.stop()
  await fs.rm(dataDir, { recursive: true, force: true })
}, 60_000)

const instanceOf = (response: Response) => response.headers.get('x-nearby-instance')

/** A client address of its own (the per-IP limits in Redis outlive a run: never meet another test's or run's). */
const clientIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`

async function api(method: string, pathname: string, options: { token?: string; json?: unknown; form?: FormData; ip?: string; base?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? clientIp() }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: BodyInit | undefined = options.form
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  const response = await fetch(`${options.base ?? cluster.apiUrl}${pathname}`, { method, headers, body })
  const text = await response.text()
  const json = (response.headers.get('content-type') ?? '').includes('json') && text
  return { status: response.status, instance: instanceOf(response), body: json ? JSON.parse(text) : text }
}

async function signIn(email: string, password: string) {
  const answer = await api('POST', '/auth/login', { json: { email, password } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as { accessToken: string; refreshToken: string; user: { id: string } }
}

/**
 * Requests `url` until each of `instances` has answered (round robin gets there at once; an instance nginx
 * took out after a failure comes back within its fail_timeout of 5 s); their answers.
 */
async function fromEach(url: string, instances: string[], init: RequestInit = {}) {
  const answers = new Map<string, { status: number; body: Buffer }>()
  const until = Date.now() + 10_000
  while (answers.size < instances.length && Date.now() < until) {
    const response = await fetch(url, init)
    answers.set(instanceOf(response) ?? '?', { status: response.status, body: Buffer.from(await response.arrayBuffer()) })
    if (answers.size < instances.length) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return answers
}

describe('behind nginx', () => {
  it('an event with a photo written through one API instance is served by the other, and its page by both web instances', async () => {
    const { accessToken } = await signIn('user@nearby.local', 'user123')
    const created = await api('POST', '/event', { token: accessToken, form: eventForm(baseEvent({ title: 'Cluster concert' }), [await jpeg()]) })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const writer = created.instance!
    expect(writer).toMatch(/^api-[12]$/)
    const photo = (created.body.images as { url: string }[])[0]!.url
    expect(photo.startsWith(`${cluster.apiUrl}/uploads/posts/`)).toBe(true)

    const photos = await fromEach(photo, ['api-1', 'api-2'])
    expect([...photos.keys()].sort()).toEqual(['api-1', 'api-2'])
    const [a, b] = [...photos.values()]
    expect(a!.status).toBe(200)
    expect(b!.status).toBe(200)
    expect(a!.body.equals(b!.body)).toBe(true)

    const pages = await fromEach(`${cluster.url}/event/${created.body._id}`, ['web-1', 'web-2'])
    expect([...pages.keys()].sort()).toEqual(['web-1', 'web-2'])
    for (const page of pages.values()) {
      expect(page.status).toBe(200)
      expect(page.body.toString()).toContain('Cluster concert')
    }
  })

  it('a follow through one API instance reaches the followee’s socket on the other; sockets connect through nginx', async () => {
    const [follower, followee] = await Promise.all([signIn('admin@nearby.local', 'admin123'), signIn('superadmin@nearby.local', 'superadmin123')])
    const [first, second] = cluster.api
    const ticket = await api('POST', '/realtime/ticket', { token: followee.accessToken, base: first!.url })
    const socket: Socket = io(first!.url, { path: REALTIME.path, transports: ['websocket'], auth: { ticket: ticket.body.ticket } })
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve)
        socket.once('connect_error', reject)
      })
      const notified = new Promise<Record<string, unknown>>((resolve) => socket.once(REALTIME.events.newNotification, resolve))
      const followed = await api('PUT', `/profile/${followee.user.id}/follow`, { token: follower.accessToken, json: { follow: true }, base: second!.url })
      expect(followed.status).toBe(200)
      expect(followed.instance).toBe(second!.name)
      expect(await notified).toMatchObject({ notificationType: 'follow', userFrom: { _id: follower.user.id } })
    } finally {
      socket.close()
    }

    // The browser's way: the balancer's origin, the API's path before the socket's own.
    const viaNginx = await api('POST', '/realtime/ticket', { token: followee.accessToken })
    const browserSocket = io(cluster.url, {
      path: `/api${REALTIME.path}`,
      transports: ['websocket'],
      auth: { ticket: viaNginx.body.ticket },
      extraHeaders: { origin: cluster.url },
    })
    try {
      await new Promise<void>((resolve, reject) => {
        browserSocket.once('connect', resolve)
        browserSocket.once('connect_error', reject)
      })
      expect(browserSocket.connected).toBe(true)
    } finally {
      browserSocket.close()
    }
  })

  it('20 parallel signed-in page loads with an expired access token, spread over both web instances, sign nobody out', async () => {
    const { sessionSetCookie } = await import('../support/session-cookie')
    const tokens = await signIn('user@nearby.local', 'user123')
    // The refresh token is due for rotation, and the access token (2 s) has expired.
    await db.query(`update refresh_tokens set created_at = $1 where user_id = $2`, [new Date(Date.now() - 120_000).toISOString(), tokens.user.id])
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const cookie = (await sessionSetCookie({ ...tokens, userId: tokens.user.id })).split(';')[0]!
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${cluster.url}/admin/profile/settings/profile`, { headers: { cookie }, redirect: 'manual' })
        await response.arrayBuffer()
        return { status: response.status, instance: instanceOf(response), setCookie: response.headers.get('set-cookie') ?? '' }
      }),
    )
    expect(answers.map((answer) => answer.status), cluster.web.flatMap((web) => web.output.slice(-5)).join('\n')).toEqual(Array(20).fill(200))
    expect(new Set(answers.map((answer) => answer.instance))).toEqual(new Set(['web-1', 'web-2']))
    const { authSessionStorage } = await import('../../app/utils/session.server')
    const refreshTokens = new Set(
      await Promise.all(answers.map(async (answer) => (await authSessionStorage.getSession(answer.setCookie.split(';')[0])).get('refreshToken'))),
    )
    expect(refreshTokens.size).toBe(1)
    const [kept] = refreshTokens
    const later = await fetch(`${cluster.url}/admin/profile/settings/profile`, {
      headers: { cookie: answers.at(-1)!.setCookie.split(';')[0]! },
      redirect: 'manual',
    })
    expect(later.status).toBe(200)
    expect(kept).not.toBe(tokens.refreshToken)
  })

  it('login throttling counts across instances: per account (the database) and per address (Redis)', async () => {
    // Five wrong passwords for one account, each from another address, alternately on each instance: the
    // account is locked on both, even for the right password.
    for (let i = 0; i < 5; i++) {
      const wrong = await api('POST', '/auth/login', { json: { email: 'newbie@nearby.local', password: `wrong-${i}` }, base: cluster.api[i % 2]!.url })
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(401)
    }
    for (const instance of cluster.api) {
      const locked = await api('POST', '/auth/login', { json: { email: 'newbie@nearby.local', password: 'newbie123' }, base: instance.url })
      expect(locked).toMatchObject({ status: 429, body: { code: 'accountLocked' } })
    }
    // Ten attempts from one address through the balancer (both instances answer): the eleventh is refused by each.
    const ip = clientIp()
    const instances = new Set<string>()
    for (let i = 0; i < 10; i++) {
      const wrong = await api('POST', '/auth/login', { json: { email: `nobody${i}@example.com`, password: 'whatever1' }, ip })
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(401)
      instances.add(wrong.instance!)
    }
    expect([...instances].sort()).toEqual(['api-1', 'api-2'])
    for (const instance of cluster.api) {
      const limited = await api('POST', '/auth/login', { json: { email: 'nobody@example.com', password: 'whatever1' }, ip, base: instance.url })
      expect(limited.status).toBe(429)
    }
  })
})

describe('jobs on two API instances', () => {
  it('a reminder is sent exactly once, though both instances run the reminders job', async () => {
    const organizer = await signIn('user@nearby.local', 'user123')
    const fan = await signIn('bot@nearby.local', 'bot12345')
    const startsAt = new Date(Date.now() + 30 * 60_000)
    const title = `Soon in the cluster ${Date.now()}`
    const created = await api('POST', '/event', {
      token: organizer.accessToken,
      form: eventForm(baseEvent({ title, startDate: startsAt.toISOString(), endDate: new Date(startsAt.getTime() + 3_600_000).toISOString() }), [await jpeg()]),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect((await api('PUT', `/event/${created.body._id}/participate`, { token: fan.accessToken })).status).toBe(200)

    // The job runs every minute on both instances (each slot once, by its lease in the database).
    const reminders = async () =>
      (
        await db.query(`select count(*)::int as n from notifications where recipient_id = $1 and notification_type = 'eventReminder' and entity_id = $2`, [
          fan.user.id,
          created.body._id,
        ])
      ).rows[0].n as number
    const until = Date.now() + 75_000
    while ((await reminders()) === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await reminders()).toBe(1)
    // The next slot (and the other instance) sends nothing more; the mail went out once, from one instance.
    await new Promise((resolve) => setTimeout(resolve, 62_000))
    expect(await reminders()).toBe(1)
    const mails = []
    for (const instance of ['api-1', 'api-2']) {
      const folder = path.join(dataDir, instance, 'mail')
      for (const file of await fs.readdir(folder).catch(() => [] as string[])) {
        if (file.includes('bot@nearby.local') && (await fs.readFile(path.join(folder, file), 'utf8')).includes('Soon in the cluster')) mails.push(file)
      }
    }
    expect(mails).toHaveLength(1)
  }, 180_000)
})

describe('one API instance killed', () => {
  it('every acknowledged write of a stream through nginx is stored with its photo; the following requests go to the live instance; what the kill left in the bucket is swept', async () => {
    const victim = cluster.api[0]!
    // Three authors: uploads are limited to 30 per person per half hour.
    const authors = await Promise.all([
      signIn('user@nearby.local', 'user123'),
      signIn('admin@nearby.local', 'admin123'),
      signIn('superadmin@nearby.local', 'superadmin123'),
    ])
    const photo = await jpeg()
    const run = Date.now()
    const answers: { title: string; status: number; instance: string | null; images: { url: string }[]; refusal?: unknown }[] = []
    const write = async (n: number) => {
      const title = `Stream ${run} #${n}`
      const author = authors[n % 3]!
      const post = () => api('POST', '/event', { token: author.accessToken, form: eventForm(baseEvent({ title }), [photo]) })
      let answer = await post()
      // Access tokens last 2 s in this cluster (for the expiry tests): a longer stream renews them, as the apps do.
      if (answer.status === 401) {
        const renewed = await api('POST', '/auth/refresh', { json: { refreshToken: author.refreshToken } })
        expect(renewed.status, JSON.stringify(renewed.body)).toBe(200)
        Object.assign(author, renewed.body)
        answer = await post()
      }
      answers.push({ title, status: answer.status, instance: answer.instance, images: answer.status === 201 ? answer.body.images : [], ...(answer.status === 201 ? {} : { refusal: answer.body }) })
    }
    const stream = (async () => {
      for (let n = 0; n < 40; n++) await write(n)
    })()
    await new Promise((resolve) => setTimeout(resolve, 400))
    victim.process.kill('SIGKILL')
    const killedAt = Date.now()
    await stream

    const acknowledged = answers.filter((answer) => answer.status === 201)
    expect(acknowledged.length, JSON.stringify(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.instance, a.refusal]))).toBeGreaterThan(30)
    const stored = await db.query('select title from posts where title = any($1)', [acknowledged.map((answer) => answer.title)])
    expect(stored.rowCount).toBe(acknowledged.length)
    for (const answer of acknowledged) expect((await fetch(answer.images[0]!.url)).status, answer.title).toBe(200)
    // At most the write in flight at the kill failed, and the last ones went to the live instance.
    expect(answers.filter((answer) => answer.status >= 500).length).toBeLessThanOrEqual(1)
    expect(new Set(answers.slice(-10).map((answer) => answer.instance))).toEqual(new Set([cluster.api[1]!.name]))
    expect((await fetch(`${cluster.apiUrl}/health`)).status).toBe(200)

    // Objects a killed upload may have left without a row go at the next sweep once past the grace
    // (UPLOADS_ORPHAN_GRACE_SECONDS=60 here): the restarted instance sweeps at start.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + 62_000 - Date.now())))
    await cluster.restart(victim)
    expect((await fromEach(`${cluster.apiUrl}/health`, ['api-1', 'api-2'])).size).toBe(2)
    const named = new Set<string>()
    for (const row of (await db.query('select path, thumb_path from post_images')).rows) named.add(row.path).add(row.thumb_path)
    for (const row of (await db.query('select avatar_path from users where avatar_path is not null')).rows) {
      named.add(row.avatar_path).add(row.avatar_path.replace('.webp', '_thumb.webp'))
    }
    const storage = createS3Storage(cluster.s3.settings('nearby'))
    const inBucket: string[] = []
    for await (const file of storage.list()) inBucket.push(file.key)
    expect(inBucket.filter((key) => !named.has(key))).toEqual([])
    expect([...named].filter((key) => !inBucket.includes(key))).toEqual([])
  }, 120_000)
})
