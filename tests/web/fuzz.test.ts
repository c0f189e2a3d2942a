// No input makes a 500 (issue "Never a 500"): every web route of the build's route manifest and every API
// operation of /openapi.json, sent what a script can send, as a visitor, a user and an admin, must answer
// below 500. The stack is real: the API on a fresh SQLite file, the built web server (server.mjs), the fake
// geocoder on loopback. Routes and operations are enumerated, so one added later is covered without
// touching this file; intents are read from the app's source for the same reason.
//
// Web: GET every page, its single-fetch `.data` URL and every resource route with odd query values
// (negative, huge and non-numeric numbers, NUL, 5,000-character values, impossible dates, unknown enums,
// broken percent-encoding) and odd path ids; POST every action with empty, malformed urlencoded, JSON,
// text, broken and boundary-less multipart, 2 MB bodies, unknown intents and every known intent with ids
// that do not exist. API: every operation with invalid JSON, wrong types, 1 MB strings, NUL, bad ids and
// bad query values. The figures (requests, statuses, time) are printed at the end.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUsers, type TestUser } from '../api/events-fixtures'
import { startFederatedApi, startTestApi, type TestApi } from '../api/helpers'
import { startFakeNominatim, type FakeNominatim } from '../support/nominatim'
import { dataPath, inBatches, loadBuiltRoutes, rawRequest, realPath, RouteManifest, type RouteUrl } from '../support/route-manifest'
import { FORM_MAX_BYTES } from '../../app/utils/form.server'
import { signedInCookie } from '../support/session-cookie'
import { startWebServer, type WebServer } from '../support/web-server'

const SESSION_SECRET = 'web-test-session-secret-0123456789'
/** Requests in flight at once: the web renders on one core, the API answers on the other. */
const WIDTH = 8

process.env.SESSION_SECRET = SESSION_SECRET
const manifest = new RouteManifest(await loadBuiltRoutes())

type Role = 'visitor' | 'user' | 'admin'
const ROLES: Role[] = ['visitor', 'user', 'admin']

// ---------------------------------------------------------------------------------------------------------
// What a script can send.

const LONG = 'x'.repeat(5_000)
/** Odd query values: each request gives every parameter one of them, a different one per parameter, so a
 * few requests put every value in every position (the URL stays under Node's 16 KB of headers). */
const ODD_VALUES = [
  '-1',
  '99999999999999999999',
  'abc',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '31-02-2020',
  '2020-13-45',
  '00-00-0000',
  'NO_SUCH_VALUE',
  '%F0%9F%98%80',
  '',
]
/** Query parameters the app's loaders read (and some they do not). */
const QUERY_PARAMS = [
  'page', 'pageSize', 'only', 'city', 'query', 'q', 'lat', 'lon', 'startDate', 'endDate', 'categories', 'filter',
  'view', 'status', 'role', 'moderationStatus', 'moderationImageStatus', 'postStatus', 'targetType', 'targetId',
  'sort', 'tab', 'columns', 'col', 'redirectTo', 'code', 'email', 'id', 'intent', 'lng', 'from', 'edit', 'invite',
]
/** Parameters that also get a 5,000-character value, two at a time. */
const LONG_PARAMS = ['page', 'city', 'query', 'q', 'startDate', 'redirectTo', 'targetId', 'categories']
const MISSING_ID = '00000000-0000-4000-8000-000000000000'
/** Ids a path can carry besides real ones. */
const ODD_IDS = [MISSING_ID, 'no-such-id', '%00', '-1', 'x'.repeat(3_000)]

/** Every intent value the app's forms and fetchers send, read from its source. */
function knownIntents(): string[] {
  const found = new Set<string>()
  const patterns = [
    /name="intent"\s+value="([\w-]+)"/g,
    /value="([\w-]+)"\s+name="intent"/g,
    /intent['"]?\s*[:=]\s*'([\w-]+)'/g,
    /intent[^\n]{0,40}z\.literal\('([\w-]+)'\)/g,
    /z\.literal\('([\w-]+)'\)/g,
  ]
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8')
        for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]!)
        for (const match of text.matchAll(/intent: z\.enum\(\[([^\]]+)\]/g))
          for (const value of match[1]!.matchAll(/'([\w-]+)'/g)) found.add(value[1]!)
      }
    }
  }
  walk('app')
  walk('contract')
  return [...found].sort()
}

function multipart(boundary: string, parts: { name: string; value: string | Buffer; filename?: string }[]): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

interface Body {
  name: string
  contentType?: string
  body: string | Buffer
}

const TWO_MB = 2 * 1024 * 1024
const URLENCODED = 'application/x-www-form-urlencoded'

/** The bodies every action gets, whatever it expects. */
function genericBodies(): Body[] {
  const boundary = 'fuzzboundary'
  return [
    { name: 'empty form', contentType: URLENCODED, body: '' },
    { name: 'malformed urlencoded', contentType: URLENCODED, body: '%%%&=&a=%E0%A4%A&&==&intent=%' },
    { name: 'JSON', contentType: 'application/json', body: '{"intent":"delete","id":{"$ne":1},"page":-1}' },
    { name: 'invalid JSON', contentType: 'application/json', body: '{"intent":' },
    { name: 'text', contentType: 'text/plain', body: 'intent=delete' },
    { name: 'no content type', body: 'intent=delete' },
    { name: 'broken multipart', contentType: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\nnot a part\r\n--nope` },
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: 'a=b' },
    { name: '2 MB form', contentType: URLENCODED, body: `intent=submit&title=${'x'.repeat(TWO_MB)}` },
    {
      name: '2 MB multipart file',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: multipart(boundary, [
        { name: 'intent', value: 'submit' },
        { name: 'photos', value: randomBytes(TWO_MB), filename: 'photo.jpg' },
        { name: 'avatar', value: randomBytes(1024), filename: 'avatar.png' },
      ]),
    },
    { name: 'unknown intent', contentType: URLENCODED, body: 'intent=no-such-intent&id=1' },
  ]
}

/** One body per known intent, its ids pointing nowhere and its other fields odd. */
function intentBodies(intents: string[]): Body[] {
  const fields = (intent: string) =>
    new URLSearchParams({
      intent,
      id: MISSING_ID,
      postId: MISSING_ID,
      userId: MISSING_ID,
      targetId: MISSING_ID,
      reportId: MISSING_ID,
      eventId: MISSING_ID,
      notificationId: MISSING_ID,
      status: 'NO_SUCH_VALUE',
      role: 'superAdmin',
      targetType: 'NO_SUCH_VALUE',
      reason: 'a\u0000b',
      page: '-1',
      redirectTo: '//evil.example',
      name: 'photo.jpg',
      email: 'not-an-email',
      password: '',
      code: '-1',
      enhanced: '1',
    }).toString()
  return intents.map((intent) => ({ name: `intent=${intent}`, contentType: URLENCODED, body: fields(intent) }))
}

// ---------------------------------------------------------------------------------------------------------
// The stack and the bookkeeping.

let api: TestApi
let web: WebServer
let geocoder: FakeNominatim
let owner: TestUser
let admin: TestUser
let other: TestUser
let eventId: string

interface Tally {
  requests: number
  byStatus: Map<number, number>
  failures: string[]
  /** Milliseconds per route pattern (or API path), to show where the check spends its time. */
  time: Map<string, number>
}
const tallies = { web: newTally(), api: newTally() }
const started = Date.now()

function newTally(): Tally {
  return { requests: 0, byStatus: new Map(), failures: [], time: new Map() }
}

function record(tally: Tally, what: string, status: number, head: string, key = '', ms = 0) {
  tally.requests += 1
  tally.time.set(key, (tally.time.get(key) ?? 0) + ms)
  const bucket = Math.floor(status / 100) * 100
  tally.byStatus.set(bucket, (tally.byStatus.get(bucket) ?? 0) + 1)
  if (status >= 500 || status === 0) tally.failures.push(`${what} → ${status} ${head.replace(/\s+/g, ' ').slice(0, 300)}`)
}

/** A session cookie of its own for a role (signing out in one case must not sign out the next). */
async function cookieFor(role: Role): Promise<string> {
  if (role === 'visitor') return ''
  return role === 'admin' ? signedInCookie(api.app.tokens, admin.id, 'superAdmin') : signedInCookie(api.app.tokens, owner.id, 'user')
}

async function bearerFor(role: Role): Promise<string | null> {
  if (role === 'visitor') return null
  const user = role === 'admin' ? admin : owner
  const { familyId } = await api.app.tokens.startSession(user.id)
  return api.app.tokens.signAccessToken({ id: user.id, role: role === 'admin' ? 'superAdmin' : 'user', isActivated: true }, familyId)
}

beforeAll(async () => {
  geocoder = await startFakeNominatim()
  api = await startTestApi({ GEOCODER_URL: geocoder.url, GEOCODER_MIN_INTERVAL_MS: '0' })
  web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  process.env.WEB_URL = web.url
  ;[owner, other] = (await makeUsers(api, 2)) as [TestUser, TestUser]
  ;[admin] = (await makeUsers(api, 1, { role: 'superAdmin' })) as [TestUser]
  eventId = (await createEvent(api, owner.token))._id
}, 60_000)

afterAll(async () => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const line = (name: string, tally: Tally) =>
    `${name}: ${tally.requests} requests (${[...tally.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status / 100}xx ${n}`).join(', ')}), ${tally.failures.length} ≥ 500; slowest: ${[...tally.time].sort(([, a], [, b]) => b - a).slice(0, 5).map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)} s`).join(', ')}`
  console.log(`Fuzz check, ${seconds} s\n  ${line('web', tallies.web)}\n  ${line('API', tallies.api)}`)
  web?.stop()
  await api?.close()
  await geocoder?.close()
})

// ---------------------------------------------------------------------------------------------------------
// Web.

/** Real ids for a route's dynamic segments (an event the user owns, another user's profile). */
function realPathOf(url: RouteUrl, event = eventId): string {
  return realPath(manifest, url, { event, user: other.id })
}

/** The route's path with odd ids in place of its `:params` (only where the result still reaches the route). */
function oddPaths(url: RouteUrl): string[] {
  if (!url.pattern.includes('/:')) return []
  return ODD_IDS.flatMap((id) => {
    try {
      return [manifest.fill(url, () => id)]
    } catch {
      return [] // e.g. an id with a slash would reach another route
    }
  })
}

/** Requests of odd values per route: each parameter meets this many of ODD_VALUES. */
const ODD_ROUNDS = 8

function oddQueries(): string[] {
  const queries = Array.from({ length: ODD_ROUNDS }, (_, round) =>
    `?${QUERY_PARAMS.map((param, i) => `${param}=${ODD_VALUES[(i + round * 2) % ODD_VALUES.length]}`).join('&')}`,
  )
  for (let i = 0; i < LONG_PARAMS.length; i += 2) queries.push(`?${LONG_PARAMS.slice(i, i + 2).map((param) => `${param}=${LONG}`).join('&')}`)
  queries.push('?page=1&page=2&categories=a&categories=b&col=a&col=b', '?redirectTo=%2F%09%2Fevil.example', '?%00=%00')
  return queries
}

async function webRequest(role: Role, method: 'GET' | 'POST', pattern: string, target: string, body?: Body) {
  const headers: Record<string, string> = { 'Accept-Language': role === 'admin' ? 'ru' : 'en', Accept: 'text/html,*/*' }
  const cookie = await cookieFor(role)
  if (cookie) headers.Cookie = cookie
  if (method === 'POST') {
    headers['Sec-Fetch-Site'] = 'same-origin'
    if (body?.contentType) headers['Content-Type'] = body.contentType
    headers['Content-Length'] = String(Buffer.byteLength(body?.body ?? ''))
  }
  const what = `${method} ${target.length > 120 ? `${target.slice(0, 120)}…` : target}${body ? ` [${body.name}]` : ''} as ${role}`
  const start = performance.now()
  try {
    const response = await rawRequest(`${web.url}${target}`, { method, headers, body: body?.body })
    record(tallies.web, what, response.status, response.head, `${method} ${pattern}`, performance.now() - start)
  } catch (error) {
    record(tallies.web, what, 0, String(error))
  }
}

const urls = manifest.urls()

describe('the web answers every request below 500', () => {
  it('GET: every page, its data URL and every resource route with odd queries and ids', async () => {
    const jobs: [Role, string, string][] = []
    for (const url of urls) {
      if (url.isResource && !url.leaf.module.loader) continue // action-only: Remix's own 400/405 for a GET
      const base = realPathOf(url)
      for (const role of ROLES) {
        for (const query of oddQueries()) jobs.push([role, url.pattern, `${base}${query}`])
        for (const odd of oddPaths(url)) jobs.push([role, url.pattern, odd])
        if (!url.isResource) {
          jobs.push([role, url.pattern, `${dataPath(base)}?_routes=root,no-such-route`])
          for (const query of oddQueries().slice(0, 4)) jobs.push([role, url.pattern, `${dataPath(base)}${query}`])
        }
      }
    }
    await inBatches(jobs, WIDTH, ([role, pattern, target]) => webRequest(role, 'GET', pattern, target))
    expect(tallies.web.failures).toEqual([])
  }, 240_000)

  it('POST: every action with malformed bodies, unknown intents and ids that do not exist', async () => {
    const bodies = [...genericBodies(), ...intentBodies(knownIntents())]
    const jobs: [Role, string, string, Body][] = []
    for (const url of urls) {
      if (!url.leaf.module.action) continue
      // An event of its own: an intent=delete here must not take the event away from the next route's cases.
      const base = realPathOf(url, url.pattern.includes(':id') ? (await createEvent(api, owner.token))._id : eventId)
      for (const role of ROLES) {
        for (const body of bodies) jobs.push([role, url.pattern, base, body])
        if (!url.isResource) for (const body of bodies.slice(0, 4)) jobs.push([role, url.pattern, dataPath(base), body])
        for (const odd of oddPaths(url).slice(0, 2)) for (const body of bodies.slice(-3)) jobs.push([role, url.pattern, odd, body])
      }
    }
    await inBatches(jobs, WIDTH, ([role, pattern, target, body]) => webRequest(role, 'POST', pattern, target, body))
    expect(tallies.web.failures).toEqual([])
  }, 240_000)
})

// ---------------------------------------------------------------------------------------------------------
// API.

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
}
interface Operation {
  method: string
  path: string
  parameters?: { name: string; in: string; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

function typeOf(schema: JsonSchema | undefined): string {
  const type = schema?.type ?? schema?.anyOf?.[0]?.type ?? schema?.oneOf?.[0]?.type
  return Array.isArray(type) ? (type[0] ?? 'string') : (type ?? 'string')
}

/** A value of the wrong type for a schema. */
function wrongType(schema: JsonSchema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return { $gt: '' }
    case 'number':
    case 'integer':
      return '12abc'
    case 'boolean':
      return 'yes'
    case 'array':
      return 'not-an-array'
    default:
      return [1, 2]
  }
}

function jsonBodies(schema: JsonSchema | undefined): Body[] {
  const properties = Object.entries(schema?.properties ?? {})
  const each = (value: (schema: JsonSchema) => unknown) =>
    JSON.stringify(Object.fromEntries(properties.map(([name, property]) => [name, value(property)])))
  const json = (name: string, body: string): Body => ({ name, contentType: 'application/json', body })
  return [
    json('invalid JSON', '{"a":'),
    json('null', 'null'),
    json('array', '[]'),
    json('wrong types', each(wrongType)),
    json('NUL strings', each(() => 'a\u0000b')),
    json('1 MB strings', each((property) => (typeOf(property) === 'string' ? 'x'.repeat(1024 * 1024) : -1))),
    json('huge numbers', each(() => 1e308)),
    { name: 'form instead of JSON', contentType: URLENCODED, body: 'a=b' },
  ]
}

function multipartBodies(): Body[] {
  const boundary = 'apifuzz'
  return [
    { name: 'broken multipart', contentType: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\ngarbage` },
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: 'x' },
    {
      name: 'multipart with junk',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: multipart(boundary, [
        { name: 'title', value: 'a\u0000b' },
        { name: 'eventLocation', value: '{"type":"Point"' },
        { name: 'participantsLimit', value: '-1' },
        { name: 'files', value: randomBytes(2048), filename: 'x.jpg' },
        { name: 'avatar', value: 'not an image', filename: 'a.png' },
      ]),
    },
    { name: 'JSON instead of multipart', contentType: 'application/json', body: '{"title":1}' },
  ]
}

describe('the API answers every operation below 500', () => {
  it('every operation of /openapi.json with bad bodies, ids and queries', async () => {
    const spec = (await (await fetch(`${api.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> }
    const operations: Operation[] = Object.entries(spec.paths).flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path: route })),
    )
    expect(operations.length).toBeGreaterThan(50)

    const jobs: [Role, Operation, string, Body | null][] = []
    for (const operation of operations) {
      const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
      const realId = /profile|users/.test(operation.path) ? other.id : eventId
      const paths = [realId, ...ODD_IDS].map((id) =>
        operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'userId' ? other.id : encodeURIComponent(id))),
      )
      if (pathParams.length === 0) paths.splice(1)
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
      const queries = ['', ...['-1', '%00', 'NO_SUCH_VALUE', LONG.slice(0, 2_000)].map((value) => `?${query.map((p) => `${p.name}=${value}`).join('&')}`)]
      const content = operation.requestBody?.content ?? {}
      const bodies: (Body | null)[] = [null]
      if (content['application/json']) bodies.push(...jsonBodies(content['application/json'].schema))
      if (content['multipart/form-data']) bodies.push(...multipartBodies())
      for (const role of ROLES) {
        for (const target of paths) for (const body of bodies) jobs.push([role, operation, target, body])
        if (query.length) for (const q of queries.slice(1)) jobs.push([role, operation, `${paths[0]}${q}`, null])
      }
    }
    await inBatches(jobs, WIDTH, async ([role, operation, target, body]) => {
      const headers: Record<string, string> = { 'Accept-Language': 'en' }
      const token = await bearerFor(role)
      if (token) headers.Authorization = `Bearer ${token}`
      if (body?.contentType) headers['Content-Type'] = body.contentType
      if (body) headers['Content-Length'] = String(Buffer.byteLength(body.body))
      const what = `${operation.method} ${target.slice(0, 120)}${body ? ` [${body.name}]` : ''} as ${role}`
      const start = performance.now()
      try {
        const response = await rawRequest(`${api.url}${target}`, { method: operation.method, headers, body: body?.body })
        record(tallies.api, what, response.status, response.head, `${operation.method} ${operation.path}`, performance.now() - start)
      } catch (error) {
        record(tallies.api, what, 0, String(error))
      }
    })
    expect(tallies.api.failures).toEqual([])
  }, 240_000)
})

// ---------------------------------------------------------------------------------------------------------
// Big bodies (issue 39): 0.3–5 MiB through the web. Every path the web passes to the API (the ActivityPub ones)
// answers what the API answers, 413 with its JSON included; the web's own actions answer 413 with a page in
// the reader's language once a body passes the largest form (FORM_MAX_BYTES), never a 500.

const MiB = 1024 * 1024
const BIG_SIZES = [0.3 * MiB, 1 * MiB, 2 * MiB, 5 * MiB].map(Math.round)

/** A JSON body of about `bytes` bytes. */
const bigJson = (bytes: number) => JSON.stringify({ type: 'Create', padding: 'x'.repeat(bytes) })

describe('big bodies through the web', () => {
  let federated: TestApi
  let federatedWeb: WebServer

  beforeAll(async () => {
    federated = await startFederatedApi('127.0.0.1')
    federatedWeb = await startWebServer({ API_URL: federated.url, SESSION_SECRET })
  }, 60_000)
  afterAll(async () => {
    federatedWeb?.stop()
    await federated?.close()
  })

  it('every proxied path answers as the API does (413 with its JSON), never a 500', async () => {
    const user = (await makeUsers(federated, 1))[0]!
    const paths = [
      '/ap/inbox',
      `/ap/actors/user-${user.id}/inbox`,
      `/ap/actors/user-${user.id}/outbox`,
      '/ap/events/00000000-0000-4000-8000-000000000000',
      '/ap/no-such-thing',
      '/.well-known/webfinger?resource=acct:nobody@127.0.0.1',
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
    ]
    const seen: string[] = []
    for (const target of paths) {
      for (const size of BIG_SIZES) {
        for (const lang of ['en', 'ru']) {
          const body = bigJson(size)
          const headers = { 'Content-Type': 'application/activity+json', 'Content-Length': String(Buffer.byteLength(body)), 'Accept-Language': lang }
          const direct = await rawRequest(`${federated.url}${target}`, { method: 'POST', headers, body })
          const viaWeb = await rawRequest(`${federatedWeb.url}${target}`, { method: 'POST', headers, body })
          const what = `POST ${target} ${(size / MiB).toFixed(1)} MiB (${lang})`
          expect(viaWeb.status, what).toBe(direct.status)
          expect(viaWeb.status, what).toBeLessThan(500)
          expect(viaWeb.head, what).toBe(direct.head)
          if (direct.status === 413) {
            expect(JSON.parse(viaWeb.head), what).toMatchObject({
              message: lang === 'ru' ? 'Слишком большой запрос.' : 'The request is too large.',
              errors: {},
            })
          }
          seen.push(`${viaWeb.status}`)
        }
      }
    }
    // The inboxes take at most 256 KiB (FEDERATION_MAX_BODY_BYTES): every size here is refused there.
    expect(seen.filter((status) => status === '413').length).toBeGreaterThanOrEqual(2 * BIG_SIZES.length * 2)
  }, 120_000)

  it('the web’s own actions answer 413 in the reader’s language past the largest form, and read smaller ones', async () => {
    for (const size of BIG_SIZES) {
      for (const lang of ['en', 'ru']) {
        const body = `intent=submit&username=${'x'.repeat(size)}`
        const response = await rawRequest(`${federatedWeb.url}/auth/register`, {
          method: 'POST',
          headers: { 'Content-Type': URLENCODED, 'Content-Length': String(body.length), 'Accept-Language': lang, 'Sec-Fetch-Site': 'same-origin' },
          body,
        })
        const what = `POST /auth/register ${(size / MiB).toFixed(1)} MiB (${lang})`
        if (body.length > FORM_MAX_BYTES.text) {
          expect(response.status, what).toBe(413)
          expect(response.head, what).toContain(lang === 'ru' ? 'Слишком большой запрос.' : 'The request is too large.')
          expect(response.head, what).toContain(lang === 'ru' ? '<html lang="ru"' : '<html lang="en"')
        } else {
          // Read, and refused by the form's own rules (a username of a million letters).
          expect(response.status, what).toBe(400)
        }
      }
    }
  }, 60_000)
})
