// A session ended elsewhere (sign-out on another tab, a password change on another device): the API refuses
// its still-unexpired access token at once. Public pages then answer as to a visitor — never a 500 — and
// the browser's cookie is cleared; guarded pages ask to sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { authSessionStorage as authSessionStorageType } from '../../app/utils/session.server'
import { activatedUser, startTestApi, type TestApi } from '../api/helpers'
import { createEvent, makeUser } from '../api/events-fixtures'
import { startWebServer, type WebServer } from '../support/web-server'

const SESSION_SECRET = 'web-test-session-secret-0123456789'
let api: TestApi
let web: WebServer
let authSessionStorage: typeof authSessionStorageType
let eventId: string

beforeAll(async () => {
  api = await startTestApi()
  web = await startWebServer({ API_URL: api.url, SESSION_SECRET })
  process.env.SESSION_SECRET = SESSION_SECRET
  process.env.WEB_URL = web.url
  authSessionStorage = (await import('../../app/utils/session.server')).authSessionStorage
  eventId = (await createEvent(api, (await makeUser(api)).token))._id
})
afterAll(async () => {
  web?.stop()
  await api?.close()
})

async function endedSessionCookie(how: 'logout' | 'passwordChange'): Promise<string> {
  const user = await activatedUser(api)
  const session = await authSessionStorage.getSession()
  session.set('accessToken', user.accessToken)
  session.set('refreshToken', user.refreshToken)
  session.set('userId', user.user.id)
  const cookie = (await authSessionStorage.commitSession(session)).split(';')[0]!
  if (how === 'logout') {
    expect((await api.request('POST', '/auth/logout', { token: user.accessToken })).status).toBe(200)
  } else {
    const other = await api.post('/auth/login', { email: user.input.email, password: user.input.password })
    const changed = await api.post(
      '/auth/changePassword',
      { oldPassword: user.input.password, password: 'a-new-password-1', refreshToken: other.body.refreshToken },
      { token: other.body.accessToken },
    )
    expect(changed.status).toBe(200)
  }
  return cookie
}

describe('pages with a session that ended elsewhere', () => {
  for (const how of ['logout', 'passwordChange'] as const) {
    for (const path of ['/', '/places', '/users', '/_root.data', '/users.data', `/event/{id}`]) {
      it(`${how} · GET ${path} answers as to a visitor and clears the cookie`, async () => {
        const cookie = await endedSessionCookie(how)
        const res = await fetch(`${web.url}${path.replace('{id}', eventId)}`, { headers: { Cookie: cookie, 'Accept-Language': 'en' } })
        expect(res.status).toBe(200)
        expect(res.headers.get('set-cookie')).toMatch(/nearby_session=;.*Expires=Thu, 01 Jan 1970/)
      })
    }
    it(`${how} · a guarded page asks to sign in (401), not a 500`, async () => {
      const cookie = await endedSessionCookie(how)
      const res = await fetch(`${web.url}/admin/profile/settings`, { headers: { Cookie: cookie } })
      expect(res.status).toBe(401)
    })
  }
})
