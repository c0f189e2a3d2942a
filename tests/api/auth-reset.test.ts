// Password reset end to end through the real SMTP receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractCode, extractResetLink } from '../support/smtp-receiver'
import { activatedUser, registerUser, startTestApi, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

async function requestCode(email: string, lang?: string) {
  const before = api.smtp.mailsTo(email).length
  const res = await api.post('/auth/activateEmail', { email }, { lang })
  expect(res.status).toBe(200)
  return extractCode((await api.smtp.waitForMail(email, { after: before })).text)
}

async function requestLink(email: string, code: string) {
  const before = api.smtp.mailsTo(email).length
  const res = await api.post('/auth/resetPassword', { email, verificationCode: code })
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ message: 'We have sent a link to reset your password to your email.' })
  const mail = await api.smtp.waitForMail(email, { after: before })
  return { mail, link: extractResetLink(mail.text) }
}

describe('password reset', () => {
  it('code → reset link → new password; old sessions end; the link is single use', async () => {
    const s = await activatedUser(api)
    const code = await requestCode(s.input.email)
    const { mail, link } = await requestLink(s.input.email, code)
    expect(mail.subject).toBe('Nearby: reset your password')
    expect(link.startsWith('http://web.test/auth/resetPassword/')).toBe(true)
    expect(mail.html).toContain(link)
    const token = link.split('/').pop()!

    const res = await api.post('/auth/newPassword', { password: 'fresh-password', activatedLink: token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Your new password is set. Sign in with it.' })
    expect((await api.post('/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401)
    expect((await api.post('/auth/login', { email: s.input.email, password: s.input.password })).status).toBe(
      401,
    )
    expect((await api.post('/auth/login', { email: s.input.email, password: 'fresh-password' })).status).toBe(
      200,
    )

    const again = await api.post('/auth/newPassword', { password: 'other-password', activatedLink: token })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This reset link is invalid or has expired.')
  })

  it('the whole link is accepted too, and reset confirms the email of a not-activated user', async () => {
    const reg = await registerUser(api)
    const { link } = await requestLink(reg.input.email, reg.code)
    const res = await api.post('/auth/newPassword', { password: 'fresh-password', activatedLink: link })
    expect(res.status).toBe(200)
    const login = await api.post('/auth/login', { email: reg.input.email, password: 'fresh-password' })
    expect(login.body.user.isActivated).toBe(true)
  })

  it('wrong code → 400 errors.verificationCode; unknown email answers the same', async () => {
    const s = await activatedUser(api)
    const code = await requestCode(s.input.email)
    const wrong = code === '123456' ? '654321' : '123456'
    const res = await api.post('/auth/resetPassword', { email: s.input.email, verificationCode: wrong })
    expect(res.status).toBe(400)
    expect(res.body.errors.verificationCode).toEqual(['The code is wrong or has expired.'])
    const unknown = await api.post('/auth/resetPassword', {
      email: 'ghost@example.com',
      verificationCode: wrong,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual(res.body)
  })

  it('bad and expired links → 400 resetLinkInvalid', async () => {
    const bad = await api.post('/auth/newPassword', {
      password: 'fresh-password',
      activatedLink: 'not-a-real-link',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      code: 'resetLinkInvalid',
      message: 'This reset link is invalid or has expired.',
      errors: { activatedLink: ['This reset link is invalid or has expired.'] },
    })
    const s = await activatedUser(api)
    const { link } = await requestLink(s.input.email, await requestCode(s.input.email))
    await api.app.ctx.db
      .updateTable('password_reset_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', s.user.id)
      .execute()
    const expired = await api.post(
      '/auth/newPassword',
      { password: 'fresh-password', activatedLink: link },
      { lang: 'ru' },
    )
    expect(expired.status).toBe(400)
    expect(expired.body.message).toBe('Ссылка для сброса недействительна или устарела.')
  })

  it('validation of newPassword', async () => {
    const res = await api.post('/auth/newPassword', { password: '123', activatedLink: '' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      password: ['Password must be minimum 6 characters!'],
      activatedLink: ['This field is required!'],
    })
  })

  it('mails in the user locale (ru)', async () => {
    const reg = await registerUser(api, {}, 'ru')
    expect(reg.mail.subject).toMatch(/код подтверждения/)
    const { mail } = await requestLink(reg.input.email, reg.code)
    expect(mail.subject).toBe('Nearby: сброс пароля')
  })
})
