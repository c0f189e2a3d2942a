// The realtime socket (SPEC §7, ARCHITECTURE Realtime): POST /realtime/ticket; socket.io on /ws refuses a
// missing/expired/forged ticket and a foreign Origin; a notification reaches every socket of its recipient
// as `server-message:newNotification`; online/offline/heartbeat and get-users. Then two API instances on
// PostgreSQL and Redis: a follow made through instance A reaches a client connected to instance B.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { SignJWT } from 'jose'
import pg from 'pg'
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { REALTIME } from '#contract'
import { createPgDatabase, startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { follow, followThroughApi, waitFor } from './notify-fixtures'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const WEB = 'http://web.test'
const PRESENCE_TIMEOUT_MS = 800

let api: TestApi
const sockets: ClientSocket[] = []

beforeAll(async () => {
  api = await startTestApi({ REALTIME_PRESENCE_TIMEOUT_MS: String(PRESENCE_TIMEOUT_MS) })
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(async () => {
  await api?.close()
})

async function ticketFor(target: TestApi, user: TestUser): Promise<string> {
  const res = await send(target, 'POST', '/realtime/ticket', { token: user.token })
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${res.text}`)
  return res.body.ticket
}

/** Connects a socket.io client; resolves when connected, rejects with the connect_error. */
function connect(
  target: TestApi,
  auth: Record<string, unknown> | undefined,
  options: { origin?: string | null; transports?: ('websocket' | 'polling')[] } = {},
): Promise<ClientSocket> {
  const origin = options.origin === undefined ? WEB : options.origin
  const socket = connectClient(target.url, {
    path: REALTIME.path,
    auth,
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(origin ? { extraHeaders: { origin } } : {}),
  })
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (err) => {
      socket.disconnect()
      reject(err)
    })
  })
}

async function connectAs(target: TestApi, user: TestUser, options: { origin?: string | null } = {}) {
  return connect(target, { ticket: await ticketFor(target, user) }, options)
}

function nextEvent<T = unknown>(socket: ClientSocket, event: string, accept: (payload: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler)
      reject(new Error(`no ${event} within ${timeoutMs} ms`))
    }, timeoutMs)
    const handler = (payload: T) => {
      if (!accept(payload)) return
      clearTimeout(timer)
      socket.off(event, handler)
      resolve(payload)
    }
    socket.on(event, handler)
  })
}

/** Collects every payload of an event (to prove something did NOT arrive). */
function record<T = unknown>(socket: ClientSocket, event: string): T[] {
  const out: T[] = []
  socket.on(event, (p: T) => out.push(p))
  return out
}

const refused = async (p: Promise<ClientSocket>) => {
  const err = await p.then(
    () => null,
    (e: Error & { data?: { code?: string; message?: string } }) => e,
  )
  expect(err, 'the connection should have been refused').not.toBeNull()
  return err as Error & { data?: { code?: string; message?: string } }
}

function pollingHandshake(target: TestApi, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${target.url}${REALTIME.path}/?EIO=4&transport=polling`,
      { headers: origin ? { origin } : {} },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('POST /realtime/ticket', () => {
  it('needs a signed-in, activated user and answers a short-lived ticket that is not an access token', async () => {
    expect((await send(api, 'POST', '/realtime/ticket')).status).toBe(401)
    const inactive = await makeUser(api, { activated: false })
    expect((await send(api, 'POST', '/realtime/ticket', { token: inactive.token })).status).toBe(403)
    const user = await makeUser(api)
    const res = await send(api, 'POST', '/realtime/ticket', { token: user.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ticket: expect.any(String), expiresIn: 60 })
    expect(res.headers.get('cache-control')).toBe('no-store')
    // A ticket never works as a bearer token.
    const asBearer = await send(api, 'GET', '/auth/my', { token: res.body.ticket })
    expect(asBearer.status).toBe(401)
  })
})

describe('socket.io handshake on /ws', () => {
  it('a valid ticket connects; the notification of a like by another user arrives on every socket of the owner only', async () => {
    const [owner, liker] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const ev = await createEvent(api, owner.token, { title: 'Socket party' })
    const tab1 = await connectAs(api, owner)
    const tab2 = await connectAs(api, owner)
    const likerSocket = await connectAs(api, liker)
    const onLiker = record(likerSocket, REALTIME.events.newNotification)
    const got1 = nextEvent<Record<string, unknown>>(tab1, REALTIME.events.newNotification)
    const got2 = nextEvent<Record<string, unknown>>(tab2, REALTIME.events.newNotification)
    expect((await send(api, 'PUT', `/event/${ev._id}/like`, { token: liker.token })).status).toBe(200)
    const [n1, n2] = await Promise.all([got1, got2])
    expect(n1).toMatchObject({
      notificationType: 'postLike',
      entityId: ev._id,
      isOpened: false,
      userFrom: { _id: liker.id },
      post: { _id: ev._id, title: 'Socket party' },
    })
    expect(n2).toEqual(n1)
    // The same notification is what GET /notifications/latest shows.
    const latest = await send(api, 'GET', '/notifications/latest', { token: owner.token })
    expect(latest.body.lastNotifications[0]._id).toBe(n1._id)
    await new Promise((r) => setTimeout(r, 100))
    expect(onLiker).toEqual([])
  })

  it('refuses no ticket, a garbage, expired, forged or unsigned ticket, an access token and an inactive user', async () => {
    const user = await makeUser(api)
    const inactive = await makeUser(api, { activated: false })
    const tickets = api.app.ctx.realtime.tickets
    const session = (await api.app.tokens.startSession(user.id)).familyId
    const now = Math.floor(Date.now() / 1000)
    const claims = { sub: user.id, sid: session, iss: api.config.publicUrl, aud: 'nearby-realtime', iat: now, exp: now + 60 }
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'nearby-ws+jwt' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1234'))
    // Signed with the API's JWT_SECRET itself (the access-token key) instead of the ticket key.
    const accessKeyed = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'nearby-ws+jwt' })
      .sign(new TextEncoder().encode(api.config.jwtSecret))
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const unsigned = `${b64({ alg: 'none', typ: 'nearby-ws+jwt' })}.${b64(claims)}.`
    const cases: [string, Record<string, unknown> | undefined][] = [
      ['no auth', undefined],
      ['no ticket', {}],
      ['garbage', { ticket: 'not-a-ticket' }],
      ['not a string', { ticket: { sub: user.id } }],
      ['expired', { ticket: (await tickets.sign(user.id, session, -5)).ticket }],
      ['forged', { ticket: forged }],
      ['signed with the access-token key', { ticket: accessKeyed }],
      ['unsigned', { ticket: unsigned }],
      ['an access token', { ticket: user.token }],
      ['inactive user', { ticket: (await tickets.sign(inactive.id, (await api.app.tokens.startSession(inactive.id)).familyId)).ticket }],
      ['unknown user', { ticket: (await tickets.sign(randomUUID(), session)).ticket }],
      ['a session that does not exist', { ticket: (await tickets.sign(user.id, randomUUID())).ticket }],
      ["another user's session", { ticket: (await tickets.sign(inactive.id, session)).ticket }],
    ]
    for (const [what, auth] of cases) {
      const err = await refused(connect(api, auth))
      expect(err.message, what).toBe('ticketInvalid')
      expect(err.data?.message).toBe('The realtime ticket is missing, invalid or expired.')
    }
    // And the good one still works.
    expect((await connect(api, { ticket: (await tickets.sign(user.id, session)).ticket })).connected).toBe(true)
  })

  it('a socket lives only as long as its session: sign-out closes it, and its tickets stop working', async () => {
    const user = await makeUser(api)
    const ticket = await ticketFor(api, user)
    const socket = await connect(api, { ticket })
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)))
    const spare = await ticketFor(api, user)
    expect((await send(api, 'POST', '/auth/logout', { token: user.token })).status).toBe(200)
    expect(await closed).toBe('io server disconnect')
    const err = await refused(connect(api, { ticket: spare }))
    expect(err.message).toBe('ticketInvalid')
  })

  it('refuses a foreign Origin; allows WEB_URL and clients without an Origin; WebSocket only, never long-polling', async () => {
    const user = await makeUser(api)
    const ticket = await ticketFor(api, user)
    for (const origin of ['http://evil.test', 'http://web.test.evil.test', 'null', 'https://web.test']) {
      await refused(connect(api, { ticket }, { origin }))
    }
    expect((await connect(api, { ticket }, { origin: null })).connected).toBe(true)
    expect((await connect(api, { ticket }, { origin: WEB })).connected).toBe(true)
    // Long-polling would need every request of a socket on one instance (sticky routing): refused (decision 038).
    expect(await pollingHandshake(api, WEB)).toBe(400)
    await refused(connect(api, { ticket }, { origin: WEB, transports: ['polling'] }))
  })
})

describe('closing the API', () => {
  it('ends the connected sockets and closes promptly', async () => {
    const own = await startTestApi()
    let closed = false
    try {
      const user = await makeUser(own)
      const socket = await connectAs(own, user)
      const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)))
      // The API's own close: the test's SMTP receiver and database (a DROP DATABASE on PostgreSQL) go after.
      const started = Date.now()
      await own.app.close()
      closed = true
      expect(Date.now() - started).toBeLessThan(3000)
      expect(await ended).toBeTruthy()
      expect(socket.connected).toBe(false)
    } finally {
      if (!closed) await own.app.close().catch(() => undefined)
      await own.close()
    }
  })
})

describe('online users', () => {
  const hasAll = (ids: string[], want: string[]) => want.every((id) => ids.includes(id))
  const hasNone = (ids: string[], unwanted: string[]) => unwanted.every((id) => !ids.includes(id))

  it('online / offline / disconnect update get-users for everyone', async () => {
    const [a, b] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const sa = await connectAs(api, a)
    const sb = await connectAs(api, b)
    const aOnline = nextEvent<string[]>(sb, REALTIME.events.getUsers, (ids) => ids.includes(a.id))
    sa.emit(REALTIME.events.online, 'ignored-user-id')
    await aOnline
    const both = nextEvent<string[]>(sa, REALTIME.events.getUsers, (ids) => hasAll(ids, [a.id, b.id]))
    sb.emit(REALTIME.events.online)
    await both
    const bAway = nextEvent<string[]>(sa, REALTIME.events.getUsers, (ids) => ids.includes(a.id) && !ids.includes(b.id))
    sb.emit(REALTIME.events.offline)
    await bAway
    // Offline sockets still receive notifications and get-users.
    const aGone = nextEvent<string[]>(sb, REALTIME.events.getUsers, (ids) => hasNone(ids, [a.id, b.id]))
    sa.disconnect()
    await aGone
    expect(await api.app.ctx.realtime.onlineUserIds()).not.toContain(a.id)
    // The payload of `online` never decides who is online.
    expect(await api.app.ctx.realtime.onlineUserIds()).not.toContain('ignored-user-id')
  })

  it('a newcomer receives the current list; users silent for longer than the presence timeout drop out until they beat again', async () => {
    const [lively, silent, watcher] = (await makeUsers(api, 3)) as [TestUser, TestUser, TestUser]
    const sl = await connectAs(api, lively)
    const ss = await connectAs(api, silent)
    const beat = setInterval(() => sl.emit(REALTIME.events.heartbeat), PRESENCE_TIMEOUT_MS / 4)
    try {
      sl.emit(REALTIME.events.online)
      ss.emit(REALTIME.events.online)
      await waitFor(async () => hasAll(await api.app.ctx.realtime.onlineUserIds(), [lively.id, silent.id]), 'both online')
      const sw = connectAs(api, watcher)
      const socket = await sw
      const first = await nextEvent<string[]>(socket, REALTIME.events.getUsers, (ids) => ids.includes(lively.id))
      expect(first).toEqual(expect.arrayContaining([lively.id]))
      const dropped = await nextEvent<string[]>(socket, REALTIME.events.getUsers, (ids) => !ids.includes(silent.id), PRESENCE_TIMEOUT_MS * 4)
      expect(dropped).toContain(lively.id)
      const back = nextEvent<string[]>(socket, REALTIME.events.getUsers, (ids) => hasAll(ids, [lively.id, silent.id]))
      const ack = await ss.timeout(2000).emitWithAck(REALTIME.events.heartbeat)
      expect(ack).toEqual({ ok: true })
      await back
    } finally {
      clearInterval(beat)
    }
  })
})

// --- two API instances on PostgreSQL and Redis ---------------------------------------------------------

async function redisAvailable(): Promise<boolean> {
  const { Redis } = await import('ioredis')
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null })
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

async function pgAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

describe('two API instances on PostgreSQL and Redis (REDIS_URL)', () => {
  let a: TestApi | undefined
  let b: TestApi | undefined
  let database: { url: string; drop(): Promise<void> } | undefined

  beforeAll(async () => {
    const [redis, postgres] = await Promise.all([redisAvailable(), pgAvailable()])
    if (!redis || !postgres) {
      const missing = [!redis && `Redis (${REDIS_URL})`, !postgres && `PostgreSQL (${PG_ADMIN_URL})`].filter(Boolean).join(' and ')
      if (process.env.CI === 'true') throw new Error(`${missing} must run in CI for the two-instance realtime test`)
      console.warn(`⚠ realtime: ${missing} not reachable: the two-instance test is skipped on this machine.`)
      return
    }
    database = await createPgDatabase()
    // A key prefix of its own: parallel runs on one Redis never hear each other.
    const env = { DATABASE_URL: database.url, REDIS_URL, REALTIME_REDIS_KEY: `nearby-test-${randomUUID()}` }
    a = await startTestApi(env)
    b = await startTestApi(env)
    await Promise.all([a.app.ctx.realtime.ready(), b.app.ctx.realtime.ready()])
  })
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect()
    await Promise.all([a?.close(), b?.close()])
    await database?.drop()
  })

  /** Instance `from` sees the sockets of instance `to` through Redis. */
  async function linked(from: TestApi, userId: string) {
    await waitFor(async () => (await from.app.ctx.realtime.io.fetchSockets()).some((s) => s.data.userId === userId), 'the other instance')
  }

  it('a follow made through instance A reaches a client connected to instance B', async (ctx) => {
    if (!a || !b) return ctx.skip()
    const [follower, followee] = (await makeUsers(a, 2)) as [TestUser, TestUser]
    // Tickets are stateless: one issued by A opens a socket on B.
    const onB = await connect(b, { ticket: await ticketFor(a, followee) })
    await linked(a, followee.id)
    const got = nextEvent<Record<string, unknown>>(onB, REALTIME.events.newNotification)
    // PUT /profile/{id}/follow on A once the profile module is merged; until then A's `follow` domain event.
    await followThroughApi(a, follower, followee)
    expect(await got).toMatchObject({ notificationType: 'follow', entityId: follower.id, userFrom: { _id: follower.id } })
    const stored = await send(b, 'GET', '/notifications/latest', { token: followee.token })
    expect(stored.body).toMatchObject({ count: 1, lastNotifications: [{ notificationType: 'follow', entityId: follower.id }] })
  })

  it('a like through instance A reaches B; presence is shared', async (ctx) => {
    if (!a || !b) return ctx.skip()
    const [owner, liker] = (await makeUsers(a, 2)) as [TestUser, TestUser]
    await follow(a, liker, owner)
    const ev = await createEvent(a, owner.token)
    const onB = await connectAs(b, owner)
    const onA = await connectAs(a, liker)
    await linked(a, owner.id)
    await linked(b, liker.id)
    const got = nextEvent<Record<string, unknown>>(onB, REALTIME.events.newNotification)
    expect((await send(a, 'PUT', `/event/${ev._id}/like`, { token: liker.token })).status).toBe(200)
    expect(await got).toMatchObject({ notificationType: 'postLike', entityId: ev._id, userFrom: { _id: liker.id } })
    const seen = nextEvent<string[]>(onB, REALTIME.events.getUsers, (ids) => ids.includes(liker.id))
    onA.emit(REALTIME.events.online)
    await seen
    expect(await b.app.ctx.realtime.onlineUserIds()).toContain(liker.id)
  })
})
