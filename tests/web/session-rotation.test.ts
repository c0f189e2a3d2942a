// Refresh rotation through the whole web server (security issue, item 5): with access tokens of 2 seconds, a
// browser loads 20 pages at once with an expired token, keeps the cookie of whichever answer came last (as a
// browser does) and comes back 35 seconds later — after the API's 10-second grace and the web's 30-second
// memory of recent refreshes. 10 such browsers at once: none may be signed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { authSessionStorage as authSessionStorageType } from '../../app/utils/session.server'
import { activatedUser, startTestApi, type TestApi } from '../api/helpers'
import { startWebServer, type WebServer } from '../support/web-server'

const SESSION_SECRET = 'web-test-session-secret-0123456789'
const PAGE = '/admin/profile/settings/profile'
let api: TestApi
let web: WebServer
let authSessionStorage: typeof authSessionStorageType

beforeAll(async () => {
  api = await startTestApi({ ACCESS_TOKEN_TTL_SECONDS: '2', RATE_LIMIT_MULTIPLIER: '1000' })
  web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  process.env.SESSION_SECRET = SESSION_SECRET
  process.env.WEB_URL = web.url
  authSessionStorage = (await import('../../app/utils/session.server')).authSessionStorage
})

afterAll(async () => {
  web?.stop()
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

async function signedInJar(): Promise<CookieJar> {
  const user = await activatedUser(api)
  const session = await authSessionStorage.getSession()
  session.set('accessToken', user.accessToken)
  session.set('refreshToken', user.refreshToken)
  session.set('userId', user.user.id)
  const jar = new CookieJar()
  jar.value = (await authSessionStorage.commitSession(session)).split(';')[0]!
  return jar
}

async function load(jar: CookieJar): Promise<number> {
  const response = await fetch(`${web.url}${PAGE}`, { headers: { Cookie: jar.value, 'Accept-Language': 'en' } })
  jar.take(response)
  await response.arrayBuffer()
  return response.status
}

/** One browser: 20 parallel loads with an expired access token, then one 35 s later. */
async function trial(): Promise<{ statuses: number[]; later: number; cookieKept: boolean }> {
  const jar = await signedInJar()
  await sleep(2_500) // the access token has expired
  const statuses = await Promise.all(Array.from({ length: 20 }, () => load(jar)))
  const cookieKept = jar.value !== ''
  await sleep(35_000)
  return { statuses, later: await load(jar), cookieKept }
}

describe('refresh rotation through the web server', () => {
  it('20 parallel page loads with an expired token, then 35 s later: 10 browsers, 0 sign-outs', { timeout: 180_000 }, async () => {
    const trials = await Promise.all(Array.from({ length: 10 }, () => trial()))
    const signedOut = trials.filter((t) => !t.cookieKept || t.later !== 200 || t.statuses.some((s) => s !== 200))
    expect(signedOut, JSON.stringify(trials.map((t) => ({ ...t, statuses: [...new Set(t.statuses)] })))).toEqual([])
  })
})
