// The web's API client against the REAL API (SPEC §4 "401 handling", ARCHITECTURE "Flows"): access tokens
// of one second, so every call needs a refresh. Two loaders of one page refresh at the same time with the
// same cookie and must both succeed and keep the user signed in; a refused refresh signs the user out.
import { isRouteErrorResponse } from '@remix-run/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { loader as adminLoaderType } from '../../app/routes/admin'
import type { getApi as getApiType, runWithApiSession as runWithApiSessionType } from '../../app/utils/api.server'
import type { getOptionalUser as getOptionalUserType } from '../../app/utils/auth.server'
import type { authSessionStorage as authSessionStorageType } from '../../app/utils/session.server'
import { activatedUser, startTestApi, type TestApi } from '../api/helpers'

let api: TestApi
// Imported after the env is set: the web modules read it once.
let web: {
  getApi: typeof getApiType
  runWithApiSession: typeof runWithApiSessionType
  authSessionStorage: typeof authSessionStorageType
  getOptionalUser: typeof getOptionalUserType
  adminLoader: typeof adminLoaderType
}

beforeAll(async () => {
  // Every refresh rotates here (REFRESH_ROTATE_AFTER_SECONDS=0), so each test sees the rotation it is about.
  api = await startTestApi({ ACCESS_TOKEN_TTL_SECONDS: '1', REFRESH_ROTATE_AFTER_SECONDS: '0' })
  process.env.API_URL = api.url
  process.env.WEB_URL = 'http://web.test'
  process.env.SESSION_SECRET = 'web-test-session-secret-0123456789'
  const [client, session, auth, admin] = await Promise.all([
    import('../../app/utils/api.server'),
    import('../../app/utils/session.server'),
    import('../../app/utils/auth.server'),
    import('../../app/routes/admin'),
  ])
  web = {
    getApi: client.getApi,
    runWithApiSession: client.runWithApiSession,
    authSessionStorage: session.authSessionStorage,
    getOptionalUser: auth.getOptionalUser,
    adminLoader: admin.loader,
  }
})

afterAll(async () => {
  await api?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The Cookie header of a browser that holds these tokens. */
async function sessionCookie(tokens: { accessToken: string; refreshToken: string; user: { id: string } }) {
  const session = await web.authSessionStorage.getSession()
  session.set('accessToken', tokens.accessToken)
  session.set('refreshToken', tokens.refreshToken)
  session.set('userId', tokens.user.id)
  return cookieFromSetCookie(await web.authSessionStorage.commitSession(session))
}

function cookieFromSetCookie(setCookie: string) {
  return setCookie.split(';')[0]!
}

function pageRequest(cookie: string, path = '/admin/profile/settings') {
  return new Request(`http://web.test${path}`, { headers: { Cookie: cookie, 'Accept-Language': 'en' } })
}

async function tokensOf(cookie: string) {
  const session = await web.authSessionStorage.getSession(cookie)
  return { accessToken: session.get('accessToken'), refreshToken: session.get('refreshToken') }
}

/** One request as the web server handles it: a loader's API call in the request scope, and the cookie set. */
async function loaderLike(cookie: string) {
  const { result: me, setCookie } = await web.runWithApiSession(async () => {
    const client = await web.getApi(pageRequest(cookie))
    return client.get<{ id: string; username: string }>('/auth/my')
  })
  return { me, headers: new Headers(setCookie ? { 'Set-Cookie': setCookie } : {}) }
}

describe('access token refresh in the web API client', () => {
  it('two parallel loaders with an expired access token both succeed and keep the user signed in', async () => {
    const user = await activatedUser(api)
    const cookie = await sessionCookie(user)
    await sleep(1_500) // the access token has expired

    const [first, second] = await Promise.all([loaderLike(cookie), loaderLike(cookie)])
    expect(first.me.id).toBe(user.user.id)
    expect(second.me.id).toBe(user.user.id)

    // Both answers carry a refreshed session (the browser keeps whichever comes last), with new tokens.
    const cookies = [first.headers.get('Set-Cookie'), second.headers.get('Set-Cookie')]
    for (const setCookie of cookies) {
      expect(setCookie).toBeTruthy()
      expect(setCookie).not.toMatch(/Expires=Thu, 01 Jan 1970/)
      const tokens = await tokensOf(cookieFromSetCookie(setCookie!))
      expect(tokens.refreshToken).toBeTruthy()
      expect(tokens.refreshToken).not.toBe(user.refreshToken)
    }

    // The next page load with either cookie still works (and refreshes again, as the token is short-lived).
    for (const setCookie of cookies) {
      await sleep(1_100)
      const next = await loaderLike(cookieFromSetCookie(setCookie!))
      expect(next.me.id).toBe(user.user.id)
    }
  })

  it('the loaders of one request share one client: one refresh, and the cookie carries its pair', async () => {
    const user = await activatedUser(api)
    const cookie = await sessionCookie(user)
    await sleep(1_500)

    const args = () => ({ request: pageRequest(cookie), params: {}, context: {} })
    const { result, setCookie } = await web.runWithApiSession(async () => {
      const [a, b] = await Promise.all([web.adminLoader(args()), web.adminLoader(args())])
      return [a, b, await web.getApi(pageRequest(cookie))] as const
    })
    expect(setCookie).toMatch(/^nearby_session=/)
    const [, , client] = result
    const stored = await tokensOf(cookieFromSetCookie(setCookie!))
    expect(stored.refreshToken).toBe(client.session.get('refreshToken'))
    expect(stored.refreshToken).not.toBe(user.refreshToken)
    // Exactly one rotation for the request: the family holds the original token and one successor.
    const family = (await api.app.tokens.findByToken(user.refreshToken))!.family_id
    const rows = await api.app.ctx.db.selectFrom('refresh_tokens').select('id').where('family_id', '=', family).execute()
    expect(rows).toHaveLength(2)

    await sleep(1_100)
    const next = await loaderLike(cookieFromSetCookie(setCookie!))
    expect(next.me.id).toBe(user.user.id)
  })

  it('a refresh refused by the API clears the session', async () => {
    const user = await activatedUser(api)
    // The session ends on the API (as after a sign-out elsewhere): its refresh token family is revoked.
    const loggedOut = await api.post(
      '/auth/logout',
      { refreshToken: user.refreshToken },
      { token: user.accessToken },
    )
    expect(loggedOut.status).toBe(200)
    const cookie = await sessionCookie(user)
    await sleep(1_500)

    const { result: client, setCookie } = await web.runWithApiSession(async () => {
      const client = await web.getApi(pageRequest(cookie))
      expect(client.isSignedIn()).toBe(true)
      expect(await web.getOptionalUser(client)).toBeNull()
      return client
    })
    expect(client.isSignedIn()).toBe(false)
    expect(setCookie).toMatch(/^nearby_session=;/)
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/)

    // A guarded loader answers with the sign-in screen and clears the cookie too.
    const guarded = await web.runWithApiSession(() =>
      web.adminLoader({ request: pageRequest(cookie), params: {}, context: {} }).catch((error: unknown) => error),
    )
    const guard = guarded.result as { init?: ResponseInit | null; data?: unknown }
    expect(guard.init?.status).toBe(401)
    expect(guard.data).toMatchObject({ guard: 'signIn', redirectTo: '/admin/profile/settings' })
    expect(guarded.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/)
    expect(isRouteErrorResponse(guarded.result)).toBe(false) // a data() object, turned into the 401 by Remix
  })

  it('without a refresh token nothing is refreshed and nobody is signed in', async () => {
    const { setCookie } = await web.runWithApiSession(async () => {
      const client = await web.getApi(pageRequest(''))
      expect(client.isSignedIn()).toBe(false)
      expect(await web.getOptionalUser(client)).toBeNull()
    })
    expect(setCookie).toBeNull()
  })
})
