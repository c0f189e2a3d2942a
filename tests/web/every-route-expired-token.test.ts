// Every loader and resource route keeps the user signed in when it runs with an expired access token
// (docs/decisions/012-one-api-client-per-request.md): the real API with 2-second access tokens, the real
// built web server (server.mjs), and the routes enumerated from the build's route manifest, so a route added
// later is covered without touching this file (one with an unknown dynamic segment fails loudly in prepare()).
// Each case: a fresh activated user whose cookie's access token has expired requests the route as a browser
// would (no redirects followed) and keeps the Set-Cookie it gets. Once whatever the request left running in
// the web server has landed, the user must still be signed in: the session cookie the browser holds carries
// the session's current refresh token (not one the API has already replaced, which only the web's 30-second
// memory of recent refreshes would paper over until the user is signed out), and the guarded
// /admin/profile/settings answers 200 (a signed-out user gets the 401 sign-in screen there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { authSessionStorage as authSessionStorageType } from '../../app/utils/session.server'
import { createEvent, makeUsers, type TestUser } from '../api/events-fixtures'
import { startTestApi, type TestApi } from '../api/helpers'
import { startFakeNominatim, type FakeNominatim } from '../support/nominatim'
import { CookieJar, dataPath, inBatches, loadBuiltRoutes, rawRequest, RouteManifest } from '../support/route-manifest'
import { jwtExpiry, sessionSetCookie } from '../support/session-cookie'
import { startWebServer, type WebServer } from '../support/web-server'

const SESSION_SECRET = 'web-test-session-secret-0123456789'
const GUARDED_PAGE = '/admin/profile/settings'
const SESSION_COOKIE = 'nearby_session'
/** How long the web server gets, after answering, for whatever the request left running. */
const SETTLE_MS = 1_000

// The build's modules read the web env when loaded; nothing of the build runs here but its route table.
process.env.SESSION_SECRET = SESSION_SECRET
const manifest = new RouteManifest(await loadBuiltRoutes())

/** document: a page load; data: the single-fetch request of a client-side navigation; resource: a GET of a
 * resource route; action: a POST to an action-only resource route. */
type Kind = 'document' | 'data' | 'resource' | 'action'

interface Case {
  /** `/event/:id/invite` */
  pattern: string
  kind: Kind
  /** The routes the URL matches, root first: their loaders (or the action) run for the request. */
  routeIds: string[]
  name: string
}

/** Queries that make a resource route's loader call the API (without one it answers [] at once). */
const QUERIES: Record<string, string> = {
  '/resources/cities': '?q=Bel',
  '/resources/geocode': '?q=Knez%20Mihailova%201',
}

const isModeration = (pattern: string) => pattern === '/moderation' || pattern.startsWith('/moderation/')

function buildCases(): Case[] {
  const cases: Case[] = []
  for (const { pattern, leaf, routeIds, isResource } of manifest.urls()) {
    const shown = pattern.replace(/:(\w+)/g, '{$1}')
    const add = (kind: Kind, request: string) =>
      cases.push({ pattern, kind, routeIds, name: `${request} keeps the user signed in` })
    if (!isResource) {
      // A page: the document request, and the data request of a client-side navigation to it, which runs
      // the same chain of loaders (every chain has the root loader, so every page has a data request).
      add('document', `GET ${shown}`)
      add('data', `GET ${dataPath(shown)}`)
    } else if (leaf.module.loader) {
      // Resource routes are fetched as they are: their `.data` URL is nothing a browser asks for.
      add('resource', `GET ${shown}`)
    } else if (leaf.module.action) {
      // Not GET-requested: an action-only resource route (resources.view, resources.realtime-ticket) answers
      // a GET with React Router's 400 "no loader" without running any app code. Pages POST to it: an empty
      // form, the least a browser can send, must neither sign the user out nor fail.
      add('action', `POST ${shown} (empty form)`)
    } else {
      throw new Error(`${leaf.id}: a resource route with neither a loader nor an action`)
    }
  }
  return cases
}

const cases = buildCases()

// ---------------------------------------------------------------------------------------------------------
// Servers, users, the browser's cookie jar.

let api: TestApi
let web: WebServer
let geocoder: FakeNominatim
let authSessionStorage: typeof authSessionStorageType
const prepared = new Map<string, Prepared>()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Prepared {
  url: string
  jar: CookieJar
  userId: string
  accessTokenExp: number
}

/** The case's URL with real ids, and the cookie of a signed-in activated user (a session of its own). */
async function prepare(testCase: Case, user: TestUser, profileOwner: TestUser): Promise<Prepared> {
  // A super admin: the console's editors (/moderation/{users|events|places}/:id) are theirs.
  const role = isModeration(testCase.pattern) ? 'superAdmin' : 'user'
  const { familyId, refreshToken } = await api.app.tokens.startSession(user.id)
  const signAccessToken = () =>
    api.app.tokens.signAccessToken({ id: user.id, role, isActivated: true }, familyId)
  // A token signed just before the upload: a 2-second token made earlier may be spent by then on a busy machine.
  const needsEvent = /\/(event|moderation\/events|moderation\/places)\/:id(\/|$)/.test(testCase.pattern)
  const eventId = needsEvent ? (await createEvent(api, await signAccessToken()))._id : ''
  const url = manifest.urls().find((candidate) => candidate.pattern === testCase.pattern)!
  const pathname = manifest.fill(url, (param, segment) => {
    if (param === 'event/:id') return eventId // an upcoming event the user owns: its edit and invite pages are theirs
    if (param === 'profile/:id') return profileOwner.id // another user's profile
    if (param === 'users/:id') return profileOwner.id // the console's user editor, on another user
    if (param === 'events/:id' || param === 'places/:id') return eventId // the post editor (a 404 for places)
    if (segment === ':tab') return 'users'
    if (segment === ':link') return 'no-such-reset-link'
    if (segment === ':slug') return 'no-such-collection' // the guard answers before the loader looks
    if (segment === ':handle') return 'no_such_group' // likewise
    if (segment === ':month') return new Date().toISOString().slice(0, 7) // the month view of this month
    throw new Error(`${testCase.pattern}: no value for ${segment}; add one in prepare()`)
  })
  const address = `${web.url}${testCase.kind === 'data' ? dataPath(pathname) : pathname}${QUERIES[testCase.pattern] ?? ''}`

  const accessToken = await signAccessToken()
  const jar = new CookieJar()
  jar.take([await sessionSetCookie({ accessToken, refreshToken, userId: user.id })])
  return { url: address, jar, userId: user.id, accessTokenExp: jwtExpiry(accessToken) }
}

/** The route's answer to the browser, which keeps the cookies it sets. */
async function requestRoute(testCase: Case, { url, jar }: Prepared): Promise<{ status: number }> {
  const headers: Record<string, string> = {
    Cookie: jar.header(),
    'Accept-Language': 'en',
    Accept: testCase.kind === 'document' ? 'text/html,application/xhtml+xml,*/*;q=0.8' : '*/*',
  }
  if (testCase.kind === 'action') {
    Object.assign(headers, {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': '0',
      'Sec-Fetch-Site': 'same-origin',
    })
  }
  const response = await rawRequest(url, {
    method: testCase.kind === 'action' ? 'POST' : 'GET',
    headers,
    body: '',
  })
  jar.take(response.setCookies)
  return { status: response.status }
}

interface SignedInState {
  /** The browser still holds a session cookie (none when a response deleted it). */
  hasSessionCookie: boolean
  /** The cookie's refresh token as the API sees it: 'replaced' by a rotation the browser never got is the
   * sign-out to come, once the API's 10-second grace and the web's 30-second memory have passed. */
  refreshToken: 'current' | 'replaced' | 'revoked' | 'unknown' | 'none'
  sameUser: boolean
  guardedPageStatus: number
}

async function signedInState({ jar, userId }: Prepared): Promise<SignedInState> {
  const session = await authSessionStorage.getSession(jar.header())
  const refreshToken = session.get('refreshToken')
  let state: SignedInState['refreshToken'] = 'none'
  if (refreshToken) {
    // Read before the guarded page loads: that request may rotate the jar's token itself.
    const row = await api.app.tokens.findByToken(refreshToken)
    state = !row ? 'unknown' : row.revoked_at ? 'revoked' : row.replaced_at ? 'replaced' : 'current'
  }
  const guarded = await rawRequest(`${web.url}${GUARDED_PAGE}`, {
    headers: { Cookie: jar.header(), Accept: 'text/html', 'Accept-Language': 'en' },
  })
  return {
    hasSessionCookie: jar.get(SESSION_COOKIE) !== undefined,
    refreshToken: state,
    sameUser: session.get('userId') === userId,
    guardedPageStatus: guarded.status,
  }
}

const answers = new Map<string, { status: number } | { error: unknown }>()

beforeAll(async () => {
  geocoder = await startFakeNominatim()
  api = await startTestApi({
    ACCESS_TOKEN_TTL_SECONDS: '2',
    GEOCODER_URL: geocoder.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
  })
  web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  process.env.WEB_URL = web.url
  authSessionStorage = (await import('../../app/utils/session.server')).authSessionStorage

  // One fresh user per case (admins for /moderation), so that the cases are independent.
  const admins = cases.filter((c) => isModeration(c.pattern)).length
  const [users, adminUsers, [profileOwner]] = await Promise.all([
    makeUsers(api, cases.length - admins),
    makeUsers(api, admins, { role: 'superAdmin' }),
    makeUsers(api, 1),
  ])
  const ready = await Promise.all(
    cases.map((c) => prepare(c, (isModeration(c.pattern) ? adminUsers : users).pop()!, profileOwner!)),
  )
  cases.forEach((c, i) => prepared.set(c.name, ready[i]!))

  // Past every cookie's access token expiry: the API refuses them (the web refreshes even a little earlier).
  const lastExp = Math.max(...ready.map((p) => p.accessTokenExp))
  await sleep(Math.max(0, lastExp * 1000 - Date.now()) + 300)

  // Every route's request, five at a time: all at once would keep the web server busy for longer than a
  // 2-second token lives, and a request that outlives two tokens is not what this file is about.
  await inBatches(cases, 5, async (c) => {
    answers.set(c.name, await requestRoute(c, prepared.get(c.name)!).catch((error: unknown) => ({ error })))
  })
  // Whatever a request left running in the web server after answering (a refresh, an API call nobody
  // awaited) lands meanwhile: the cookie the browser got must not be behind it.
  await sleep(SETTLE_MS)
}, 120_000)

afterAll(async () => {
  web?.stop()
  await api?.close()
  await geocoder?.close()
})

it('enumerates every route of the build', () => {
  expect(cases.length).toBeGreaterThan(40)
  const covered = new Set(cases.flatMap((c) => c.routeIds))
  expect(Object.keys(manifest.routes).filter((id) => !covered.has(id))).toEqual([])
})

// The checks load the guarded page: concurrent up to vitest's maxConcurrency (5), for the reason above.
describe.concurrent('with an expired access token', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (name, testCase) => {
    const answer = answers.get(name)
    if (!answer || 'error' in answer) throw answer?.error ?? new Error('not requested')
    const outcome = { status: answer.status, ...(await signedInState(prepared.get(name)!)) }
    const context = `${testCase.routeIds.join(' > ')}: ${JSON.stringify(outcome)}`
    expect(outcome.status, context).toBeLessThan(500)
    // The user is signed in and activated: no route may answer them the sign-in screen.
    expect(outcome.status, context).not.toBe(401)
    expect(outcome, context).toEqual({
      status: outcome.status,
      hasSessionCookie: true,
      refreshToken: 'current',
      sameUser: true,
      guardedPageStatus: 200,
    })
  })
})
