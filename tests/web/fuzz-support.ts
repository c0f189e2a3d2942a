// What the fuzz check's halves share (tests/web/fuzz-web.test.ts, fuzz-api.test.ts, fuzz-big-bodies.test.ts):
// the stack (the API on a fresh SQLite file with the fake geocoder on loopback, two users, an admin and an
// event), the roles, odd ids and multipart bodies a script can send, and the tally of statuses and time that
// each half prints at its end.
import { afterAll, beforeAll } from 'vitest'
import { createEvent, makeUsers, type TestUser } from '../api/events-fixtures'
import { startTestApi, type TestApi } from '../api/helpers'
import { startFakeNominatim, type FakeNominatim } from '../support/nominatim'

export const SESSION_SECRET = 'web-test-session-secret-0123456789'
/** Requests in flight at once: the web renders on one core, the API answers on the other. */
export const WIDTH = 8

export type Role = 'visitor' | 'user' | 'admin'
export const ROLES: Role[] = ['visitor', 'user', 'admin']

export const LONG = 'x'.repeat(5_000)
export const MISSING_ID = '00000000-0000-4000-8000-000000000000'
/** Ids a path can carry besides real ones. */
export const ODD_IDS = [MISSING_ID, 'no-such-id', '%00', '-1', 'x'.repeat(3_000)]
export const URLENCODED = 'application/x-www-form-urlencoded'

export function multipart(boundary: string, parts: { name: string; value: string | Buffer; filename?: string }[]): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

export interface Body {
  name: string
  contentType?: string
  body: string | Buffer
}

/** The API with the fake geocoder, a user who owns an event, another user and an admin. */
export interface FuzzApi {
  geocoder: FakeNominatim
  api: TestApi
  owner: TestUser
  other: TestUser
  admin: TestUser
  eventId: string
}

async function startFuzzApi(): Promise<FuzzApi> {
  const geocoder = await startFakeNominatim()
  const api = await startTestApi({ GEOCODER_URL: geocoder.url, GEOCODER_MIN_INTERVAL_MS: '0' })
  const [owner, other] = (await makeUsers(api, 2)) as [TestUser, TestUser]
  const [admin] = (await makeUsers(api, 1, { role: 'superAdmin' })) as [TestUser]
  const eventId = (await createEvent(api, owner.token))._id
  // The collection realPath() names (a page and a console form with real data behind them).
  const collection = await api.post('/collections', { slug: 'for-kids', name: 'For kids', categories: ['kids'], events: [eventId] }, { token: admin.token })
  if (collection.status !== 201) throw new Error(`POST /collections → ${collection.status}`)
  return { geocoder, api, owner, other, admin, eventId }
}

/** Starts the stack before the file's tests, hands it to `take` (the file keeps what it uses), stops it after. */
export function useFuzzApi(take: (stack: FuzzApi) => void) {
  let stack: FuzzApi | undefined
  beforeAll(async () => {
    stack = await startFuzzApi()
    take(stack)
  }, 60_000)
  afterAll(async () => {
    await stack?.api.close()
    await stack?.geocoder.close()
  })
}

export interface Tally {
  requests: number
  byStatus: Map<number, number>
  failures: string[]
  /** Milliseconds per route pattern (or API path), to show where the check spends its time. */
  time: Map<string, number>
}

export function newTally(): Tally {
  return { requests: 0, byStatus: new Map(), failures: [], time: new Map() }
}

export function record(tally: Tally, what: string, status: number, head: string, key = '', ms = 0) {
  tally.requests += 1
  tally.time.set(key, (tally.time.get(key) ?? 0) + ms)
  const bucket = Math.floor(status / 100) * 100
  tally.byStatus.set(bucket, (tally.byStatus.get(bucket) ?? 0) + 1)
  if (status >= 500 || status === 0) tally.failures.push(`${what} → ${status} ${head.replace(/\s+/g, ' ').slice(0, 300)}`)
}


/** The figures a half prints at its end: requests by status class, those ≥ 500, and where the time went. */
export function printFigures(name: string, tally: Tally, started: number) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status / 100}xx ${n}`).join(', ')
  const slowest = [...tally.time].sort(([, a], [, b]) => b - a).slice(0, 5).map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`).join(', ')
  console.log(`Fuzz check, ${seconds} s\n  ${name}: ${tally.requests} requests (${statuses}), ${tally.failures.length} ≥ 500; slowest: ${slowest}`)
}
