// Refresh rotation, grace window, logout, change password, and the auth helpers for later modules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authResponseSchema } from '#contract'
import { activatedUser, registerUser, startTestApi, type TestApi } from './helpers'

let api: TestApi
let shortGrace: TestApi
beforeAll(async () => {
  ;[api, shortGrace] = await Promise.all([
    startTestApi({}, (app) => {
      // Routes as later modules will declare them.
      app.get('/test/activated', { preHandler: app.requireActivated }, async (req) => ({ id: req.user?.id }))
      app.get('/test/admin', { preHandler: app.requirePermission('moderate') }, async (req) => ({
        role: req.user?.role,
      }))
    }),
    startTestApi({ REFRESH_GRACE_SECONDS: '1' }),
  ])
})
afterAll(async () => {
  await Promise.all([api?.close(), shortGrace?.close()])
})

describe('POST /auth/refresh', () => {
  it('rotates on every use and answers accessToken, refreshToken and user', async () => {
    const s = await activatedUser(api)
    const r1 = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(r1.status).toBe(200)
    expect(authResponseSchema.safeParse(r1.body).success).toBe(true)
    expect(r1.body.user.id).toBe(s.user.id)
    expect(r1.body.refreshToken).not.toBe(s.refreshToken)
    const my = await api.get('/auth/my', { token: r1.body.accessToken })
    expect(my.status).toBe(200)
    const r2 = await api.post('/auth/refresh', { refreshToken: r1.body.refreshToken })
    expect(r2.status).toBe(200)
    expect(r2.body.refreshToken).not.toBe(r1.body.refreshToken)
  })

  it('two parallel refreshes with one token both succeed', async () => {
    const s = await activatedUser(api)
    const [a, b] = await Promise.all([
      api.post('/auth/refresh', { refreshToken: s.refreshToken }),
      api.post('/auth/refresh', { refreshToken: s.refreshToken }),
    ])
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(a.body.refreshToken).not.toBe(b.body.refreshToken)
    // Both new tokens keep working.
    const [a2, b2] = await Promise.all([
      api.post('/auth/refresh', { refreshToken: a.body.refreshToken }),
      api.post('/auth/refresh', { refreshToken: b.body.refreshToken }),
    ])
    expect(a2.status).toBe(200)
    expect(b2.status).toBe(200)
  })

  it('reuse of an old token after the grace window revokes the whole family', async () => {
    const s = await activatedUser(shortGrace)
    const r1 = await shortGrace.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(r1.status).toBe(200)
    await new Promise((r) => setTimeout(r, 1300))
    const reuse = await shortGrace.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(reuse.status).toBe(401)
    expect(reuse.body).toEqual({ message: 'Your session has expired. Please sign in again.', errors: {}, code: 'tokenInvalid' })
    // The legitimate successor is revoked as well (the family is burnt).
    const successor = await shortGrace.post('/auth/refresh', { refreshToken: r1.body.refreshToken })
    expect(successor.status).toBe(401)
  })

  it('the token just replaced is accepted again within the grace window', async () => {
    const s = await activatedUser(api)
    const first = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(first.status).toBe(200)
    const again = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(again.status).toBe(200)
    expect((await api.post('/auth/refresh', { refreshToken: first.body.refreshToken })).status).toBe(200)
  })

  it('a token two rotations old is reuse even inside the grace window: the family is revoked', async () => {
    const s = await activatedUser(api)
    const second = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    const third = await api.post('/auth/refresh', { refreshToken: second.body.refreshToken })
    expect(third.status).toBe(200)
    const reuse = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(reuse.status).toBe(401)
    expect((await api.post('/auth/refresh', { refreshToken: third.body.refreshToken })).status).toBe(401)
    expect((await api.get('/auth/my', { token: third.body.accessToken })).status).toBe(401)
  })

  it('unknown, empty or expired tokens → 401 / 400', async () => {
    const unknown = await api.post('/auth/refresh', { refreshToken: 'nope' })
    expect(unknown.status).toBe(401)
    const empty = await api.post('/auth/refresh', { refreshToken: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.refreshToken).toEqual(['This field is required!'])
    const s = await activatedUser(api)
    await api.app.ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', s.user.id)
      .execute()
    const expired = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(expired.status).toBe(401)
  })
})

describe('POST /auth/logout', () => {
  it('revokes the refresh token family given in the body', async () => {
    const s = await activatedUser(api)
    const other = await api.post('/auth/login', { email: s.input.email, password: s.input.password })
    const res = await api.post('/auth/logout', { refreshToken: s.refreshToken }, { token: s.accessToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'You have signed out.' })
    expect((await api.post('/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401)
    // Another session of the same user is untouched.
    expect((await api.post('/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(200)
  })

  it('without a body ends the session of the bearer token', async () => {
    const s = await activatedUser(api)
    const refreshed = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    const res = await api.request('POST', '/auth/logout', { token: refreshed.body.accessToken })
    expect(res.status).toBe(200)
    expect((await api.post('/auth/refresh', { refreshToken: refreshed.body.refreshToken })).status).toBe(401)
  })

  it("refuses that session's access token at once, not when it expires", async () => {
    const s = await activatedUser(api)
    const other = await api.post('/auth/login', { email: s.input.email, password: s.input.password })
    expect((await api.get('/auth/my', { token: s.accessToken })).status).toBe(200)
    expect((await api.request('POST', '/auth/logout', { token: s.accessToken })).status).toBe(200)
    const after = await api.get('/auth/my', { token: s.accessToken })
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('Your session has expired. Please sign in again.')
    expect((await api.get('/event/my', { token: s.accessToken })).status).toBe(401)
    // The user's other session goes on.
    expect((await api.get('/auth/my', { token: other.body.accessToken })).status).toBe(200)
  })

  it('needs a bearer token', async () => {
    const res = await api.post('/auth/logout', {})
    expect(res.status).toBe(401)
  })
})

describe('POST /auth/changePassword', () => {
  it('wrong old password → 400 errors.oldPassword', async () => {
    const s = await activatedUser(api)
    const res = await api.post(
      '/auth/changePassword',
      { oldPassword: 'nope-nope', password: 'another123' },
      { token: s.accessToken },
    )
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ oldPassword: ['The old password is wrong.'] })
    const ru = await api.post(
      '/auth/changePassword',
      { oldPassword: 'nope-nope', password: 'another123' },
      { token: s.accessToken, lang: 'ru' },
    )
    expect(ru.body.errors).toEqual({ oldPassword: ['Старый пароль неверный.'] })
  })

  it('validation and auth', async () => {
    const s = await activatedUser(api)
    const short = await api.post(
      '/auth/changePassword',
      { oldPassword: '', password: '123' },
      { token: s.accessToken },
    )
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual({
      oldPassword: ['This field is required!'],
      password: ['Password must be minimum 6 characters!'],
    })
    const anon = await api.post('/auth/changePassword', { oldPassword: 'secret123', password: 'another123' })
    expect(anon.status).toBe(401)
  })

  it("changes the password, keeps the caller's session and ends the others", async () => {
    const s = await activatedUser(api)
    const other = await api.post('/auth/login', { email: s.input.email, password: s.input.password })
    const res = await api.post(
      '/auth/changePassword',
      { oldPassword: s.input.password, password: 'brand-new-pass', refreshToken: s.refreshToken },
      { token: s.accessToken },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Password changed' })
    expect((await api.post('/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(401)
    // The other session's access token stops at once; the caller's own keeps working.
    expect((await api.get('/auth/my', { token: other.body.accessToken })).status).toBe(401)
    expect((await api.get('/auth/my', { token: s.accessToken })).status).toBe(200)
    expect((await api.post('/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(200)
    expect((await api.post('/auth/login', { email: s.input.email, password: s.input.password })).status).toBe(
      401,
    )
    expect((await api.post('/auth/login', { email: s.input.email, password: 'brand-new-pass' })).status).toBe(
      200,
    )
  })

  it('without refreshToken in the body keeps the session of the bearer token', async () => {
    const s = await activatedUser(api)
    const other = await api.post('/auth/login', { email: s.input.email, password: s.input.password })
    const res = await api.post(
      '/auth/changePassword',
      { oldPassword: s.input.password, password: 'brand-new-pass' },
      { token: s.accessToken },
    )
    expect(res.status).toBe(200)
    expect((await api.post('/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(401)
    expect((await api.post('/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(200)
  })
})

describe('auth helpers for later modules', () => {
  it('requireActivated: 401 anonymous, 403 not activated, 200 activated', async () => {
    expect((await api.get('/test/activated')).status).toBe(401)
    const reg = await registerUser(api)
    const notActive = await api.get('/test/activated', { token: reg.accessToken })
    expect(notActive.status).toBe(403)
    expect(notActive.body).toEqual({ message: 'Please confirm your email first.', errors: {}, code: 'notActivated' })
    const s = await activatedUser(api)
    const ok = await api.get('/test/activated', { token: s.accessToken })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ id: s.user.id })
  })

  it('requirePermission reads the role from the database', async () => {
    const s = await activatedUser(api)
    expect((await api.get('/test/admin', { token: s.accessToken })).status).toBe(403)
    await api.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', s.user.id).execute()
    const ok = await api.get('/test/admin', { token: s.accessToken })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ role: 'admin' })
  })
})
