// The web's API client against the REAL API (SPEC §4 "401 handling", ARCHITECTURE "Flows"): access tokens
// of one second, so every call needs a refresh. Two loaders of one page refresh at the same time with the
// same cookie and must both succeed and keep the user signed in; a refused refresh signs the user out.
import { isRouteErrorResponse } from '@remix-run/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { loader as adminLoaderType } from '../../app/routes/admin'
import type { getApi as getApiType } from '../../app/utils/api.server'
import type { getOptionalUser as getOptionalUserType } from '../../app/utils/auth.server'
import type { authSessionStorage as authSessionStorageType } from '../../app/utils/session.server'
import { activatedUser, startTestApi, type TestApi } from '../api/helpers'

let api: TestApi
// Imported after the env is set: the web modules read it once.
let web: {
  getApi: typeof getApiType
  authSessionStorage: typeof authSessionStorageType
  getOptionalUser: typeof getOptionalUserType
  adminLoader: typeof adminLoaderType
}

beforeAll(async () => {
  api = await startTestApi({ ACCESS_TOKEN_TTL_SECONDS: '1' })
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

/** What one loader does: the client of its request, one API call, the headers to pass on. */
async function loaderLike(cookie: string) {
  const client = await web.getApi(pageRequest(cookie))
  const me = await client.get<{ id: string; username: string }>('/auth/my')
  return { me, headers: await client.headers() }
}

function headersOf(result: unknown): Headers {
  const init = (result as { init?: ResponseInit | null }).init
  return new Headers(init?.headers)
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

  it('two real route loaders (the /admin guard) in parallel, then a following page load', async () => {
    const user = await activatedUser(api)
    const cookie = await sessionCookie(user)
    await sleep(1_500)

    const args = () => ({ request: pageRequest(cookie), params: {}, context: {} })
    const results = await Promise.all([web.adminLoader(args()), web.adminLoader(args())])
    const setCookies = results.map((result) => headersOf(result).get('Set-Cookie'))
    for (const setCookie of setCookies) expect(setCookie).toMatch(/^nearby_session=/)

    await sleep(1_100)
    const following = await web.adminLoader({
      request: pageRequest(cookieFromSetCookie(setCookies[1]!)),
      params: {},
      context: {},
    })
    expect(headersOf(following).get('Set-Cookie')).toMatch(/^nearby_session=/)
    const client = await web.getApi(pageRequest(cookieFromSetCookie(headersOf(following).get('Set-Cookie')!)))
    expect((await web.getOptionalUser(client))?.id).toBe(user.user.id)
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

    const client = await web.getApi(pageRequest(cookie))
    expect(client.isSignedIn()).toBe(true)
    expect(await web.getOptionalUser(client)).toBeNull()
    expect(client.isSignedIn()).toBe(false)
    const setCookie = (await client.headers()).get('Set-Cookie')
    expect(setCookie).toMatch(/^nearby_session=;/)
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/)

    // A guarded loader answers with the sign-in screen and clears the cookie too.
    const thrown = await web
      .adminLoader({ request: pageRequest(cookie), params: {}, context: {} })
      .catch((error: unknown) => error)
    const guard = thrown as { init?: ResponseInit | null; data?: unknown }
    expect(guard.init?.status).toBe(401)
    expect(guard.data).toMatchObject({ guard: 'signIn', redirectTo: '/admin/profile/settings' })
    expect(new Headers(guard.init?.headers).get('Set-Cookie')).toMatch(/Expires=Thu, 01 Jan 1970/)
    expect(isRouteErrorResponse(thrown)).toBe(false) // a data() object, turned into the 401 by Remix
  })

  it('without a refresh token nothing is refreshed and nobody is signed in', async () => {
    const client = await web.getApi(pageRequest(''))
    expect(client.isSignedIn()).toBe(false)
    expect(await web.getOptionalUser(client)).toBeNull()
    expect((await client.headers()).get('Set-Cookie')).toBeNull()
  })
})
