// Registration, email codes, login and /auth/my.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authResponseSchema, userSchema } from '#contract'
import { extractCode } from '../support/smtp-receiver'
import { activatedUser, registerUser, startTestApi, uniqueUser, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

describe('POST /auth/registration', () => {
  it('creates a not-activated user, answers tokens and mails a 6-digit code to the real SMTP receiver', async () => {
    const input = uniqueUser('reg')
    const res = await api.post('/auth/registration', { ...input, email: input.email.toUpperCase() })
    expect(res.status).toBe(201)
    expect(authResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body.user).toMatchObject({
      email: input.email,
      username: input.username,
      isActivated: false,
      role: 'user',
      locale: 'en',
    })
    expect(res.body.user._id).toBe(res.body.user.id)
    expect(res.body.user).not.toHaveProperty('password_hash')
    expect(res.body.user).not.toHaveProperty('passwordHash')
    const mail = await api.smtp.waitForMail(input.email)
    expect(mail.subject).toMatch(/verification code/)
    expect(extractCode(mail.text)).toMatch(/^\d{6}$/)
    expect(mail.html).toContain(extractCode(mail.text))
  })

  it('stores the locale from Accept-Language and mails in Russian', async () => {
    const input = uniqueUser('ru')
    const res = await api.post('/auth/registration', input, { lang: 'ru-RU,ru;q=0.9' })
    expect(res.status).toBe(201)
    expect(res.body.user.locale).toBe('ru')
    const mail = await api.smtp.waitForMail(input.email)
    expect(mail.subject).toMatch(/код подтверждения/)
  })

  it('refuses a taken email and username with 409 and field errors', async () => {
    const first = await registerUser(api)
    const dupEmail = await api.post('/auth/registration', { ...uniqueUser(), email: first.input.email })
    expect(dupEmail.status).toBe(409)
    expect(dupEmail.body).toEqual({
      code: 'emailTaken',
      message: 'This email is already registered.',
      errors: { email: ['This email is already registered.'] },
    })
    const dupName = await api.post('/auth/registration', {
      ...uniqueUser(),
      username: first.input.username.toUpperCase(),
    })
    expect(dupName.status).toBe(409)
    expect(dupName.body.errors).toEqual({ username: ['This username is already taken.'] })
    const both = await api.post(
      '/auth/registration',
      { ...uniqueUser(), username: first.input.username, email: first.input.email },
      { lang: 'ru' },
    )
    expect(both.status).toBe(409)
    expect(both.body.errors).toEqual({
      email: ['Эта почта уже зарегистрирована.'],
      username: ['Это имя пользователя уже занято.'],
    })
  })

  it.each([
    ['name', 'ab', 'Must be at least 3 characters!'],
    ['name', 'a b c', 'No Space or Special Characters Allowed!'],
    ['name', '   ', 'This field is required!'],
    ['lastname', 'Smith!', 'No Space or Special Characters Allowed!'],
    ['username', 'abc', 'Username must be at least 4 characters!'],
    ['username', 'john doe', 'No Space or Special Characters Allowed!'],
    ['email', 'not-an-email', 'Enter a valid email address!'],
    ['email', '', 'This field is required!'],
    ['password', '12345', 'Password must be minimum 6 characters!'],
    ['password', '', 'This field is required!'],
  ])('validation: %s = %j → %s', async (field, value, message) => {
    const res = await api.post('/auth/registration', { ...uniqueUser(), [field]: value })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Please check the highlighted fields.')
    expect(res.body.errors[field]).toEqual([message])
  })

  it('validation messages in Russian', async () => {
    const res = await api.post(
      '/auth/registration',
      { ...uniqueUser(), name: 'ab', password: '1' },
      { lang: 'ru' },
    )
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'validationFailed',
      message: 'Проверьте отмеченные поля.',
      errors: { name: ['Минимум 3 символа!'], password: ['Пароль должен содержать минимум 6 символов!'] },
    })
  })

  it('missing fields and wrong types', async () => {
    const res = await api.post('/auth/registration', { name: 42, username: null })
    expect(res.status).toBe(400)
    expect(res.body.errors.name).toEqual(['Invalid value'])
    expect(res.body.errors.username).toEqual(['This field is required!'])
    expect(res.body.errors.email).toEqual(['This field is required!'])
  })
})

describe('email verification', () => {
  it('verificateEmail activates and signs in; the code is single use', async () => {
    const reg = await registerUser(api)
    expect(reg.user.isActivated).toBe(false)
    const res = await api.post('/auth/verificateEmail', {
      email: reg.input.email,
      verificationCode: reg.code,
    })
    expect(res.status).toBe(200)
    expect(authResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body.user.isActivated).toBe(true)
    const my = await api.get('/auth/my', { token: res.body.accessToken })
    expect(my.body.isActivated).toBe(true)
    const again = await api.post('/auth/verificateEmail', {
      email: reg.input.email,
      verificationCode: reg.code,
    })
    expect(again.status).toBe(400)
    expect(again.body.errors.verificationCode).toEqual(['The code is wrong or has expired.'])
  })

  it('wrong code → 400 errors.verificationCode; the 5th wrong attempt burns the code', async () => {
    const reg = await registerUser(api)
    const wrong = reg.code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) {
      const res = await api.post('/auth/verificateEmail', { email: reg.input.email, verificationCode: wrong })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        code: 'codeWrong',
        message: 'The code is wrong or has expired.',
        errors: { verificationCode: ['The code is wrong or has expired.'] },
      })
    }
    const fifth = await api.post(
      '/auth/verificateEmail',
      { email: reg.input.email, verificationCode: wrong },
      { lang: 'ru' },
    )
    expect(fifth.status).toBe(400)
    expect(fifth.body.errors.verificationCode).toEqual([
      'Слишком много неверных попыток. Запросите новый код.',
    ])
    const right = await api.post('/auth/verificateEmail', {
      email: reg.input.email,
      verificationCode: reg.code,
    })
    expect(right.status).toBe(400)
  })

  it('code format is validated', async () => {
    const res = await api.post('/auth/verificateEmail', { email: 'a@example.com', verificationCode: '12ab' })
    expect(res.status).toBe(400)
    expect(res.body.errors.verificationCode).toEqual(['Enter the 6-digit code from the email!'])
  })

  it('activateEmail sends a new code (old one stops working) and answers the same for unknown emails', async () => {
    const reg = await registerUser(api)
    const before = api.smtp.mailsTo(reg.input.email).length
    const res = await api.post('/auth/activateEmail', { email: reg.input.email })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'We have sent a 6-digit code to your email.' })
    const mail = await api.smtp.waitForMail(reg.input.email, { after: before })
    const code = extractCode(mail.text)
    if (code !== reg.code) {
      const old = await api.post('/auth/verificateEmail', {
        email: reg.input.email,
        verificationCode: reg.code,
      })
      expect(old.status).toBe(400)
    }
    const ok = await api.post('/auth/verificateEmail', { email: reg.input.email, verificationCode: code })
    expect(ok.status).toBe(200)

    const unknown = await api.post('/auth/activateEmail', { email: 'nobody-here@example.com' })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(res.body)
    await api.app.ctx.flushMail()
    expect(api.smtp.mailsTo('nobody-here@example.com')).toHaveLength(0)
    const ru = await api.post('/auth/activateEmail', { email: 'nobody-here@example.com' }, { lang: 'ru' })
    expect(ru.body.message).toBe('Мы отправили 6-значный код на вашу почту.')
  })

  it('an expired code is refused', async () => {
    const reg = await registerUser(api)
    await api.app.ctx.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', reg.user.id)
      .execute()
    const res = await api.post('/auth/verificateEmail', {
      email: reg.input.email,
      verificationCode: reg.code,
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.verificationCode).toEqual(['The code is wrong or has expired.'])
  })
})

describe('POST /auth/login', () => {
  it('signs in by email or username (any case); unactivated users may sign in', async () => {
    const reg = await registerUser(api)
    const byEmail = await api.post('/auth/login', {
      email: reg.input.email.toUpperCase(),
      password: reg.input.password,
    })
    expect(byEmail.status).toBe(200)
    expect(authResponseSchema.safeParse(byEmail.body).success).toBe(true)
    expect(byEmail.body.user.isActivated).toBe(false)
    const byName = await api.post('/auth/login', {
      email: reg.input.username.toUpperCase(),
      password: reg.input.password,
    })
    expect(byName.status).toBe(200)
    expect(byName.body.user.id).toBe(reg.user.id)
  })

  it('wrong password and unknown user answer the same 401', async () => {
    const reg = await registerUser(api)
    const wrong = await api.post('/auth/login', { email: reg.input.email, password: 'wrong-password' })
    const unknown = await api.post('/auth/login', { email: 'ghost@example.com', password: 'wrong-password' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ message: 'Wrong email/username or password.', errors: {}, code: 'invalidCredentials' })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('required fields (SPEC §5) in en and ru', async () => {
    const res = await api.post('/auth/login', { email: ' ', password: '' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      email: ['This field is required!'],
      password: ['This field is required!'],
    })
    const ru = await api.post('/auth/login', {}, { lang: 'ru' })
    expect(ru.body.errors).toEqual({ email: ['Это поле обязательно!'], password: ['Это поле обязательно!'] })
  })

  it('disabled users are refused', async () => {
    const reg = await registerUser(api)
    await api.app.ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', reg.user.id)
      .execute()
    const res = await api.post('/auth/login', { email: reg.input.email, password: reg.input.password })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('This account is disabled.')
    // Their access tokens stop working at once.
    const my = await api.get('/auth/my', { token: reg.accessToken })
    expect(my.status).toBe(401)
  })
})

describe('GET /auth/my', () => {
  it('answers the user with a token', async () => {
    const session = await activatedUser(api)
    const res = await api.get('/auth/my', { token: session.accessToken })
    expect(res.status).toBe(200)
    expect(userSchema.safeParse(res.body).success).toBe(true)
    expect(res.body).toMatchObject({
      _id: session.user.id,
      id: session.user.id,
      isActivated: true,
      followers: 0,
      following: 0,
    })
  })

  it('401 without a token, with a bad token, with a token of another issuer', async () => {
    const none = await api.get('/auth/my')
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ message: 'Please sign in.', errors: {}, code: 'unauthorized' })
    const bad = await api.get('/auth/my', { token: 'not-a-jwt' })
    expect(bad.status).toBe(401)
    expect(bad.body).toEqual({ message: 'Your session has expired. Please sign in again.', errors: {}, code: 'tokenInvalid' })
    const session = await activatedUser(api)
    const [h, p] = session.accessToken.split('.')
    const tampered = await api.get('/auth/my', { token: `${h}.${p}.AAAA` })
    expect(tampered.status).toBe(401)
    const ru = await api.get('/auth/my', { lang: 'ru' })
    expect(ru.body.message).toBe('Пожалуйста, войдите.')
  })
})
