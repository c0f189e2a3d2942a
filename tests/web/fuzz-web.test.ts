// No input makes a 500 (issue "Never a 500"), the web's half: every route of the build's route manifest, sent
// what a script can send, as a visitor, a user and an admin, must answer below 500. The stack is real: the API
// on a fresh SQLite file, the built web server (server.mjs), the fake geocoder on loopback (fuzz-support.ts).
// Routes are enumerated, so one added later is covered without touching this file; intents are read from the
// app's source for the same reason.
//
// GET every page, its single-fetch `.data` URL and every resource route with odd query values (negative, huge
// and non-numeric numbers, NUL, 5,000-character values, impossible dates, unknown enums, broken
// percent-encoding) and odd path ids; POST every action with empty, malformed urlencoded, JSON, text, broken
// and boundary-less multipart, 2 MB bodies, unknown intents and every known intent with ids that do not exist.
// The figures (requests, statuses, time) are printed at the end. The API's half is fuzz-api.test.ts.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, type TestUser } from '../api/events-fixtures'
import type { TestApi } from '../api/helpers'
import { dataPath, inBatches, loadBuiltRoutes, rawRequest, realPath, RouteManifest, type RouteUrl } from '../support/route-manifest'
import { signedInCookie } from '../support/session-cookie'
import { startWebServer, type WebServer } from '../support/web-server'
import { type Body, LONG, MISSING_ID, multipart, newTally, ODD_IDS, printFigures, record, type Role, ROLES, SESSION_SECRET, useFuzzApi, URLENCODED, WIDTH } from './fuzz-support'

process.env.SESSION_SECRET = SESSION_SECRET
const manifest = new RouteManifest(await loadBuiltRoutes())

// ---------------------------------------------------------------------------------------------------------
// What a script can send.

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

const TWO_MB = 2 * 1024 * 1024

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

let api: TestApi, owner: TestUser, admin: TestUser, other: TestUser, eventId: string
useFuzzApi((stack) => ({ api, owner, admin, other, eventId } = stack))
let web: WebServer

const tallies = { web: newTally() }
const started = Date.now()

/** A session cookie of its own for a role (signing out in one case must not sign out the next). */
async function cookieFor(role: Role): Promise<string> {
  if (role === 'visitor') return ''
  return role === 'admin' ? signedInCookie(api.app.tokens, admin.id, 'superAdmin') : signedInCookie(api.app.tokens, owner.id, 'user')
}

beforeAll(async () => {
  web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  process.env.WEB_URL = web.url
}, 60_000)

afterAll(() => {
  printFigures('web', tallies.web, started)
  web?.stop()
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
