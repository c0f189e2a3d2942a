// Google sign-in against a fake Google key set on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authResponseSchema } from '#contract'
import { startFakeGoogle, type FakeGoogle } from '../support/google'
import { registerUser, startTestApi, type TestApi } from './helpers'

let google: FakeGoogle
let api: TestApi
let unconfigured: TestApi
beforeAll(async () => {
  google = await startFakeGoogle()
  ;[api, unconfigured] = await Promise.all([
    startTestApi({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl }),
    startTestApi(),
  ])
})
afterAll(async () => {
  await Promise.all([api?.close(), unconfigured?.close(), google?.close()])
})

describe('POST /auth/loginByGoogle', () => {
  it('accepts a valid token: creates an activated user keyed by sub, then signs the same user in', async () => {
    const credential = await google.sign({
      sub: 'g-100',
      email: 'Maria.Ivanova@example.com',
      given_name: 'Maria',
      family_name: 'Ivanova',
    })
    const res = await api.post('/auth/loginByGoogle', { credential })
    expect(res.status).toBe(200)
    expect(authResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body.user).toMatchObject({
      email: 'maria.ivanova@example.com',
      name: 'Maria',
      lastname: 'Ivanova',
      isActivated: true,
      role: 'user',
    })
    expect(res.body.user.username).toMatch(/^[\p{L}\p{N}_]{4,30}$/u)
    // Same sub, even with a changed email, is the same user.
    const again = await api.post('/auth/loginByGoogle', {
      credential: await google.sign({ sub: 'g-100', email: 'maria.new@example.com' }),
    })
    expect(again.status).toBe(200)
    expect(again.body.user.id).toBe(res.body.user.id)
    // A second Google user with the same local part gets another unique username.
    const other = await api.post('/auth/loginByGoogle', {
      credential: await google.sign({ sub: 'g-101', email: 'maria.ivanova@other.example' }),
    })
    expect(other.status).toBe(200)
    expect(other.body.user.username).not.toBe(res.body.user.username)
  })

  it('links an existing account with the same email on first Google login', async () => {
    const reg = await registerUser(api)
    const res = await api.post('/auth/loginByGoogle', {
      credential: await google.sign({ sub: 'g-200', email: reg.input.email }),
    })
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(reg.user.id)
    expect(res.body.user.isActivated).toBe(true)
  })

  it.each([
    ['forged (signed by another key)', () => google.sign({ sub: 'g-300' }, { foreignKey: true })],
    ['wrong audience', () => google.sign({ sub: 'g-301', aud: 'someone-else.apps.googleusercontent.com' })],
    ['expired', () => google.sign({ sub: 'g-302', expiresIn: -600 })],
    ['wrong issuer', () => google.sign({ sub: 'g-303', iss: 'https://evil.example.com' })],
    ['not a JWT', async () => 'garbage.token.value'],
  ])('refuses a %s token with 401 googleTokenInvalid', async (_name, make) => {
    const res = await api.post('/auth/loginByGoogle', { credential: await make() })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Google sign-in failed: the token is not valid.', errors: {}, code: 'googleTokenInvalid' })
  })

  it('refuses an unverified Google email', async () => {
    const res = await api.post('/auth/loginByGoogle', {
      credential: await google.sign({ sub: 'g-400', email_verified: false }),
    })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Google sign-in failed: your Google email is not verified.')
  })

  it('answers 400 googleNotConfigured without GOOGLE_CLIENT_ID', async () => {
    const res = await unconfigured.post('/auth/loginByGoogle', { credential: await google.sign() })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Google sign-in is not configured on this server.', errors: {}, code: 'googleNotConfigured' })
    const ru = await unconfigured.post('/auth/loginByGoogle', { credential: 'x' }, { lang: 'ru' })
    expect(ru.body.message).toBe('Вход через Google не настроен на этом сервере.')
  })

  it('the fake Google mints tokens over HTTP for browser tests', async () => {
    const base = google.jwksUrl.replace('/oauth2/v3/certs', '')
    const { credential } = (await (
      await fetch(`${base}/token?sub=g-500&email=browser@example.com`)
    ).json()) as { credential: string }
    const res = await api.post('/auth/loginByGoogle', { credential })
    expect(res.status).toBe(200)
    expect(res.body.user.email).toBe('browser@example.com')
    const forged = (await (await fetch(`${base}/token?sub=g-501&foreign=1`)).json()) as { credential: string }
    expect((await api.post('/auth/loginByGoogle', forged)).status).toBe(401)
  })

  it('credential is required', async () => {
    const res = await api.post('/auth/loginByGoogle', {})
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ credential: ['This field is required!'] })
  })
})
