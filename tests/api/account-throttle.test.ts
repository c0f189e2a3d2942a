// Per-account throttling (security issue, item 3): guesses against one account from many addresses are
// counted together (in the database, so across API instances), lock the account's password sign-in for 15
// minutes, mail the owner once, and a password reset opens it again. Email codes and code mails the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractCode, extractResetLink } from '../support/smtp-receiver'
import { activatedUser, createPgDatabase, randomIp, startTestApi, usePostgres, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  // The per-address limits at their real size would stop the test before the account's: raise only them.
  api = await startTestApi({ RATE_LIMIT_MULTIPLIER: '1000' })
})
afterAll(async () => {
  await api?.close()
})

const LOCKED = 'Too many failed attempts for this account. Try again later, or reset your password.'

function loginFrom(target: TestApi, login: string, password: string, lang?: string) {
  return target.post('/auth/login', { email: login, password }, { headers: { 'x-forwarded-for': randomIp() }, lang })
}

async function guessWrong(target: TestApi, login: string, times: number) {
  for (let i = 0; i < times; i++) expect((await loginFrom(target, login, `wrong-${i}`)).status).toBe(401)
}

describe('sign-in guesses per account, from many addresses', () => {
  it('5 wrong passwords lock the account for 15 minutes: even the right password gets 429 with Retry-After', async () => {
    const s = await activatedUser(api)
    await guessWrong(api, s.input.email, 5)
    const locked = await loginFrom(api, s.input.email, s.input.password)
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ message: LOCKED, errors: {}, code: 'accountLocked' })
    const retryAfter = Number(locked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    // The same account by its username, and in Russian.
    const byUsername = await loginFrom(api, s.input.username, s.input.password, 'ru')
    expect(byUsername.status).toBe(429)
    expect(byUsername.body.message).toBe('Слишком много неудачных попыток для этого аккаунта. Попробуйте позже или сбросьте пароль.')
  })

  it('the owner is mailed once, however long the guessing goes on', async () => {
    const s = await activatedUser(api)
    await guessWrong(api, s.input.email, 5)
    expect((await loginFrom(api, s.input.email, 'sixth-guess')).status).toBe(429) // the attempt that locks
    const mail = await api.smtp.waitForMail(s.input.email, { subject: /too many failed sign-in attempts/i })
    expect(mail.text).toContain('http://web.test/auth/forgotPassword')
    // The lock ends, the guessing goes on and locks again: no second mail the same day.
    await api.app.ctx.db
      .updateTable('auth_throttles')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', s.user.id)
      .execute()
    await guessWrong(api, s.input.email, 5)
    expect((await loginFrom(api, s.input.email, s.input.password)).status).toBe(429)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.smtp.mailsTo(s.input.email).filter((m) => /too many failed/i.test(m.subject))).toHaveLength(1)
  })

  it('the owner is not locked out for good: the right password works when the lock ends', async () => {
    const s = await activatedUser(api)
    await guessWrong(api, s.input.email, 5)
    expect((await loginFrom(api, s.input.email, s.input.password)).status).toBe(429)
    await api.app.ctx.db
      .updateTable('auth_throttles')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', s.user.id)
      .execute()
    expect((await loginFrom(api, s.input.email, s.input.password)).status).toBe(200)
    // A success starts the count over: 4 more wrong ones do not lock.
    await guessWrong(api, s.input.email, 4)
    expect((await loginFrom(api, s.input.email, s.input.password)).status).toBe(200)
  })

  it('a password reset (a mailed code, then the mailed link) opens a locked account at once', async () => {
    const s = await activatedUser(api)
    await guessWrong(api, s.input.email, 5)
    expect((await loginFrom(api, s.input.email, s.input.password)).status).toBe(429)
    const before = api.smtp.mailsTo(s.input.email).length
    expect((await api.post('/auth/activateEmail', { email: s.input.email })).status).toBe(200)
    const code = extractCode((await api.smtp.waitForMail(s.input.email, { after: before, subject: /code/ })).text)
    const linkMails = api.smtp.mailsTo(s.input.email).length
    expect((await api.post('/auth/resetPassword', { email: s.input.email, verificationCode: code })).status).toBe(200)
    const link = extractResetLink((await api.smtp.waitForMail(s.input.email, { after: linkMails, subject: /reset/ })).text)
    expect((await api.post('/auth/newPassword', { password: 'fresh-password-1', activatedLink: link })).status).toBe(200)
    expect((await loginFrom(api, s.input.email, 'fresh-password-1')).status).toBe(200)
  })

  it('a login that names no account is locked alike, so the answers do not tell which accounts exist', async () => {
    const ghost = `ghost-${Date.now()}@example.com`
    await guessWrong(api, ghost, 5)
    const locked = await loginFrom(api, ghost, 'anything')
    expect(locked.status).toBe(429)
    expect(locked.body.message).toBe(LOCKED)
  })

  it('30 guesses at once: only 5 are checked, the rest (the right password among them) get 429', async () => {
    const s = await activatedUser(api)
    const passwords = Array.from({ length: 30 }, (_, i) => (i === 15 ? s.input.password : `burst-${i}`))
    const statuses = await Promise.all(passwords.map((password) => loginFrom(api, s.input.email, password).then((r) => r.status)))
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25)
  })

  it("the owner's own device signs in during a lock: its device token has a count of its own", async () => {
    const s = await activatedUser(api)
    const first = await loginFrom(api, s.input.email, s.input.password)
    expect(first.status).toBe(200)
    const deviceToken: string = first.body.deviceToken
    expect(deviceToken).toMatch(/^[\w-]+\.[\w-]+$/)
    await guessWrong(api, s.input.email, 5)
    expect((await loginFrom(api, s.input.email, s.input.password)).status).toBe(429)
    const owner = await api.post(
      '/auth/login',
      { email: s.input.email, password: s.input.password, deviceToken },
      { headers: { 'x-forwarded-for': randomIp() } },
    )
    expect(owner.status).toBe(200)
    // Another account's device token is no pass.
    const other = await activatedUser(api)
    await guessWrong(api, other.input.email, 5)
    const borrowed = await api.post('/auth/login', { email: other.input.email, password: other.input.password, deviceToken })
    expect(borrowed.status).toBe(429)
  })

  it('accounts are counted apart: guesses at one do not lock another', async () => {
    const [a, b] = await Promise.all([activatedUser(api), activatedUser(api)])
    await guessWrong(api, a.input.email, 5)
    expect((await loginFrom(api, b.input.email, b.input.password)).status).toBe(200)
  })
})

describe('email codes and code mails per account', () => {
  it('one code takes at most 5 checks, even 20 at once', async () => {
    const s = await activatedUser(api)
    const before = api.smtp.mailsTo(s.input.email).length
    await api.post('/auth/activateEmail', { email: s.input.email })
    const code = extractCode((await api.smtp.waitForMail(s.input.email, { after: before })).text)
    const wrongCode = code === '123456' ? '654321' : '123456'
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/auth/verificateEmail', { email: s.input.email, verificationCode: wrongCode }, { headers: { 'x-forwarded-for': randomIp() } }),
      ),
    )
    for (const res of statuses) expect(res.status).toBeLessThan(500)
    const rows = await api.app.ctx.db.selectFrom('email_codes').select(['attempts', 'used_at']).where('user_id', '=', s.user.id).execute()
    expect(Math.max(...rows.map((r) => Number(r.attempts)))).toBeLessThanOrEqual(5)
    // The code is burnt: the right one no longer works.
    const late = await api.post('/auth/verificateEmail', { email: s.input.email, verificationCode: code })
    expect(late.status).not.toBe(200)
  })

  it('10 wrong codes (across new codes and addresses) lock code checks for an hour, the right code too', async () => {
    const s = await activatedUser(api)
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        const res = await api.post(
          '/auth/verificateEmail',
          { email: s.input.email, verificationCode: String(100000 + round * 10 + i) },
          { headers: { 'x-forwarded-for': randomIp() } },
        )
        expect(res.status).toBe(400)
      }
    }
    const before = api.smtp.mailsTo(s.input.email).length
    await api.post('/auth/activateEmail', { email: s.input.email })
    const code = extractCode((await api.smtp.waitForMail(s.input.email, { after: before })).text)
    const locked = await api.post('/auth/verificateEmail', { email: s.input.email, verificationCode: code })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(59 * 60)
    const reset = await api.post('/auth/resetPassword', { email: s.input.email, verificationCode: code })
    expect(reset.status).toBe(429)
  })

  it('at most 5 code mails an hour reach one account, whoever asks; the answer stays the same', async () => {
    const s = await activatedUser(api)
    const before = api.smtp.mailsTo(s.input.email).length
    for (let i = 0; i < 7; i++) {
      const res = await api.post('/auth/activateEmail', { email: s.input.email }, { headers: { 'x-forwarded-for': randomIp() } })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ message: 'We have sent a 6-digit code to your email.' })
    }
    await api.app.ctx.flushMail()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.smtp.mailsTo(s.input.email).length - before).toBe(5)
  })
})

describe.runIf(usePostgres)('two API instances on one PostgreSQL database', () => {
  it('count the guesses at one account together', async () => {
    const database = await createPgDatabase()
    const a = await startTestApi({ DATABASE_URL: database.url })
    const b = await startTestApi({ DATABASE_URL: database.url })
    try {
      const s = await activatedUser(a)
      await guessWrong(a, s.input.email, 3)
      await guessWrong(b, s.input.email, 2)
      expect((await loginFrom(a, s.input.email, s.input.password)).status).toBe(429)
      expect((await loginFrom(b, s.input.email, s.input.password)).status).toBe(429)
    } finally {
      await Promise.all([a.close(), b.close()])
      await database.drop()
    }
  })
})
