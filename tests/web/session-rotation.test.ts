// Refresh rotation through two web servers (issue 25; decision 003): with access tokens of 8 seconds and a
// refresh token due for rotation, a browser loads 20 pages at once, alternately through two web instances,
// keeps the cookie of whichever answer came last (as a browser does) and comes back 35 seconds later. Every
// answer carries the same new refresh token (one rotation per session, whichever instance asked), and none of
// 10 such browsers at once is signed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { authSessionStorage as authSessionStorageType } from '../../app/utils/session.server'
import { sha256 } from '../../api/lib/crypto'
import { activatedUser, startTestApi, type TestApi } from '../api/helpers'
import { startWebServer, type WebServer } from '../support/web-server'

const SESSION_SECRET = 'web-test-session-secret-0123456789'
const PAGE = '/admin/profile/settings/profile'
const ACCESS_TOKEN_TTL_SECONDS = 8
let api: TestApi
let webs: WebServer[]
let authSessionStorage: typeof authSessionStorageType

beforeAll(async () => {
  // Short enough to expire within the test, long enough that a page answered slowly on a busy 2-core CI machine
  // does not see its freshly refreshed token expire too (with 2 s, one CI run saw a browser without a 200 that
  // this machine never reproduced, even at 1 s under load; the message below now names such a browser whole).
  api = await startTestApi({ ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS), RATE_LIMIT_MULTIPLIER: '1000' })
  webs = await Promise.all([startWebServer({ API_URL: api.url, SESSION_SECRET }), startWebServer({ API_URL: api.url, SESSION_SECRET })])
  process.env.SESSION_SECRET = SESSION_SECRET
  process.env.WEB_URL = webs[0]!.url
  authSessionStorage = (await import('../../app/utils/session.server')).authSessionStorage
})

afterAll(async () => {
  for (const web of webs ?? []) web.stop()
  await api?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A browser's jar for the one session cookie: each Set-Cookie replaces it, in the order answers arrive. */
class CookieJar {
  value = ''
  take(response: Response) {
    const setCookie = response.headers.get('set-cookie')
    if (!setCookie) return
    const pair = setCookie.split(';')[0]!
    this.value = /expires=thu, 01 jan 1970/i.test(setCookie) ? '' : pair
  }
}

async function signedInJar(): Promise<CookieJar & { signedInWith: string }> {
  const user = await activatedUser(api)
  const session = await authSessionStorage.getSession()
  session.set('accessToken', user.accessToken)
  session.set('refreshToken', user.refreshToken)
  session.set('userId', user.user.id)
  // Signed in two minutes ago: the refresh token is due for rotation (REFRESH_ROTATE_AFTER_SECONDS).
  await api.app.ctx.db
    .updateTable('refresh_tokens')
    .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
    .where('token_hash', '=', sha256(user.refreshToken))
    .execute()
  const jar = new CookieJar()
  jar.value = (await authSessionStorage.commitSession(session)).split(';')[0]!
  return Object.assign(jar, { signedInWith: user.refreshToken })
}

/** Loads the page through web instance `through`; answers its status and the refresh token its cookie carries. */
async function load(jar: CookieJar, through: WebServer): Promise<{ status: number; refreshToken: string | null }> {
  const response = await fetch(`${through.url}${PAGE}`, { headers: { Cookie: jar.value, 'Accept-Language': 'en' } })
  jar.take(response)
  await response.arrayBuffer()
  const setCookie = response.headers.get('set-cookie')
  const refreshToken = setCookie ? ((await authSessionStorage.getSession(setCookie.split(';')[0])).get('refreshToken') ?? null) : null
  return { status: response.status, refreshToken }
}

/** One browser: 20 parallel loads with an expired access token, alternately through each web instance, then one 35 s later. */
async function trial() {
  const jar = await signedInJar()
  await sleep(ACCESS_TOKEN_TTL_SECONDS * 1000 + 500) // the access token has expired
  const loads = await Promise.all(Array.from({ length: 20 }, (_, i) => load(jar, webs[i % 2]!)))
  const cookieKept = jar.value !== ''
  await sleep(35_000)
  const later = await load(jar, webs[1]!)
  const given = new Set(loads.map((answer) => answer.refreshToken))
  return {
    statuses: loads.map((answer) => answer.status),
    later: later.status,
    cookieKept,
    /** The refresh tokens the 20 answers carried: one, and not the one signed in with. */
    oneNewToken: given.size === 1 && !given.has(jar.signedInWith) && !given.has(null),
    debug: loads.map((answer) => `${answer.status}:${answer.refreshToken === jar.signedInWith ? 'OLD' : (answer.refreshToken?.slice(0, 5) ?? 'none')}`).join(' '),
  }
}

describe('refresh rotation through the web server', () => {
  it('20 parallel page loads through two web instances with an expired token, then 35 s later: 10 browsers, one rotation each, 0 sign-outs', { timeout: 180_000 }, async () => {
    const trials = await Promise.all(Array.from({ length: 10 }, () => trial()))
    const signedOut = trials.filter((t) => !t.cookieKept || t.later !== 200 || t.statuses.some((s) => s !== 200))
    // The message shows the failing browsers first and whole (CI output cuts long messages).
    expect(signedOut, JSON.stringify(signedOut.map((t) => ({ ...t, statuses: [...new Set(t.statuses)] })))).toEqual([])
    expect(trials.filter((t) => !t.oneNewToken).map((t) => t.debug)).toEqual([])
  })
})
