// Refresh rotation (one per session at a time, the same successor for every caller and instance), grace, logout, change password, and the auth helpers for later modules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authResponseSchema } from '#contract'
import { sha256 } from '../../api/lib/crypto'
import { activatedUser, registerUser, startTestApi, twoInstances, type TestApi } from './helpers'

let api: TestApi
/** Rotates on every use, with a one-second grace. */
let rotating: TestApi
/** Two instances on one database. */
let pair: { a: TestApi; b: TestApi; close(): Promise<void> }
beforeAll(async () => {
  pair = await twoInstances({})
  ;[api, rotating] = await Promise.all([
    startTestApi({}, (app) => {
      // Routes as later modules will declare them.
      app.get('/test/activated', { preHandler: app.requireActivated }, async (req) => ({ id: req.user?.id }))
      app.get('/test/admin', { preHandler: app.requirePermission('moderate') }, async (req) => ({
        role: req.user?.role,
      }))
    }),
    startTestApi({ REFRESH_GRACE_SECONDS: '1', REFRESH_ROTATE_AFTER_SECONDS: '0' }),
  ])
})
afterAll(async () => {
  await Promise.all([api?.close(), rotating?.close(), pair?.close()])
})

/** Moves a refresh token's creation and replacement `seconds` into the past. */
async function age(on: TestApi, token: string, seconds: number) {
  const row = await on.app.ctx.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()
  const back = (iso: string | null) => (iso ? new Date(Date.parse(iso) - seconds * 1000).toISOString() : null)
  await on.app.ctx.db
    .updateTable('refresh_tokens')
    .set({ created_at: back(row.created_at)!, replaced_at: back(row.replaced_at) })
    .where('id', '=', row.id)
    .execute()
}

describe('POST /auth/refresh', () => {
  it('a token younger than REFRESH_ROTATE_AFTER_SECONDS is answered with itself and a new access token', async () => {
    const s = await activatedUser(api)
    const r1 = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(r1.status).toBe(200)
    expect(authResponseSchema.safeParse(r1.body).success).toBe(true)
    expect(r1.body.user.id).toBe(s.user.id)
    expect(r1.body.refreshToken).toBe(s.refreshToken)
    expect(r1.body.accessToken).not.toBe(s.accessToken)
    expect((await api.get('/auth/my', { token: r1.body.accessToken })).status).toBe(200)
  })

  it('an older token is rotated, and its successor rotates in turn', async () => {
    const s = await activatedUser(api)
    await age(api, s.refreshToken, 61)
    const r1 = await api.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(r1.status).toBe(200)
    expect(r1.body.refreshToken).not.toBe(s.refreshToken)
    await age(api, r1.body.refreshToken, 61)
    const r2 = await api.post('/auth/refresh', { refreshToken: r1.body.refreshToken })
    expect(r2.body.refreshToken).not.toBe(r1.body.refreshToken)
    expect((await api.get('/auth/my', { token: r2.body.accessToken })).status).toBe(200)
  })

  it('parallel refreshes of one token on two instances all get the same successor', async () => {
    const s = await activatedUser(pair.a)
    await age(pair.a, s.refreshToken, 61)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? pair.b : pair.a).post('/auth/refresh', { refreshToken: s.refreshToken })),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    const tokens = new Set(answers.map((answer) => answer.body.refreshToken))
    expect(tokens.size).toBe(1)
    expect(tokens.has(s.refreshToken)).toBe(false)
    const [successor] = tokens
    expect((await pair.b.post('/auth/refresh', { refreshToken: successor })).status).toBe(200)
  })

  it('an answer that was lost or came late never signs out: the replaced token gets its successor until that is used', async () => {
    const s = await activatedUser(rotating)
    const first = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(first.body.refreshToken).not.toBe(s.refreshToken)
    // 35 s later the client still holds the replaced token (the answer with the successor never reached it).
    await age(rotating, s.refreshToken, 35)
    const late = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(late.status).toBe(200)
    expect(late.body.refreshToken).toBe(first.body.refreshToken)
  })

  it('once the successor is in use, the replaced token past the grace is reuse: the whole family is revoked', async () => {
    const s = await activatedUser(rotating)
    const r1 = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    // The holder uses the successor (it rotates at once here: REFRESH_ROTATE_AFTER_SECONDS=0).
    const r2 = await rotating.post('/auth/refresh', { refreshToken: r1.body.refreshToken })
    expect(r2.status).toBe(200)
    await age(rotating, s.refreshToken, 2)
    const reuse = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(reuse.status).toBe(401)
    expect(reuse.body).toEqual({ message: 'Your session has expired. Please sign in again.', errors: {}, code: 'tokenInvalid' })
    // The legitimate successors are revoked as well (the family is burnt).
    expect((await rotating.post('/auth/refresh', { refreshToken: r2.body.refreshToken })).status).toBe(401)
    expect((await rotating.get('/auth/my', { token: r2.body.accessToken })).status).toBe(401)
  })

  it('the token just replaced is accepted again within the grace, with the same successor', async () => {
    const s = await activatedUser(rotating)
    const first = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    const again = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(again.status).toBe(200)
    expect(again.body.refreshToken).toBe(first.body.refreshToken)
    expect((await rotating.post('/auth/refresh', { refreshToken: first.body.refreshToken })).status).toBe(200)
  })

  it('a token two rotations old is reuse even inside the grace window: the family is revoked', async () => {
    const s = await activatedUser(rotating)
    const second = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    const third = await rotating.post('/auth/refresh', { refreshToken: second.body.refreshToken })
    expect(third.status).toBe(200)
    expect(third.body.refreshToken).not.toBe(second.body.refreshToken)
    const reuse = await rotating.post('/auth/refresh', { refreshToken: s.refreshToken })
    expect(reuse.status).toBe(401)
    expect((await rotating.post('/auth/refresh', { refreshToken: third.body.refreshToken })).status).toBe(401)
    expect((await rotating.get('/auth/my', { token: third.body.accessToken })).status).toBe(401)
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
