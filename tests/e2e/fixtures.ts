// Playwright fixtures: users created through the real API (registration, the code from the real mail,
// verification), signed in with a real session cookie, and deleted after the test.
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { sessionSetCookie } from '../support/session-cookie'
import { e2e } from './env'

process.env.SESSION_SECRET = e2e.sessionSecret
process.env.WEB_URL = e2e.webUrl

export type TestUser = { id: string; email: string; username: string; password: string; name: string }
type CreateUserOptions = { activated?: boolean; role?: 'user' | 'admin' | 'superAdmin'; locale?: 'en' | 'ru' }
type Mail = { to: string; subject: string; text: string; html?: string; date?: string }

let counter = 0
export function uniqueSuffix() {
  counter += 1
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`
}

async function apiPost<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${e2e.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Mails received by the SMTP receiver for one address, newest last. */
export async function listMail(to: string): Promise<Mail[]> {
  const response = await fetch(`${e2e.mailUrl}/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`mail receiver answered ${response.status}`)
  return (await response.json()) as Mail[]
}

/** Waits for a mail to `to` (optionally: whose subject matches) that was not among `seen` mails. */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  while (Date.now() < deadline) {
    const mails = (await listMail(to)).slice(options.after ?? 0)
    const match = mails.reverse().find((mail) => !options.subject || options.subject.test(mail.subject))
    if (match) return match
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no mail to ${to} within the time limit`)
}

export function extractCode(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1]
  if (!code) throw new Error(`no 6-digit code in: ${text}`)
  return code
}

export function extractResetLink(text: string): string {
  const link = /(https?:\/\/\S+\/auth\/resetPassword\/[A-Za-z0-9_-]+)/.exec(text)?.[1]
  if (!link) throw new Error(`no reset link in: ${text}`)
  return link
}

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2e.databaseFile)
  try {
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    return work(db)
  } finally {
    db.close()
  }
}

export async function createUserViaApi(options: CreateUserOptions = {}): Promise<TestUser> {
  const suffix = uniqueSuffix()
  const user = {
    name: 'Tester',
    lastname: 'Example',
    username: `u${suffix}`.slice(0, 30),
    email: `user-${suffix}@example.test`,
    password: `pw-${suffix}`,
  }
  const registered = await apiPost<{ user: { id: string } }>('/auth/registration', user, {
    'Accept-Language': options.locale ?? 'en',
  })
  if (options.activated !== false) {
    const mail = await waitForMail(user.email)
    await apiPost('/auth/verificateEmail', { email: user.email, verificationCode: extractCode(mail.text) })
  }
  if (options.role && options.role !== 'user') {
    withDatabase((db) => db.prepare('UPDATE users SET role = ? WHERE id = ?').run(options.role, registered.user.id))
  }
  return { ...user, id: registered.user.id }
}

export function deleteUser(id: string) {
  withDatabase((db) => db.prepare('DELETE FROM users WHERE id = ?').run(id))
}

export function deleteUserByEmail(email: string) {
  withDatabase((db) => db.prepare('DELETE FROM users WHERE email = ?').run(email.toLowerCase()))
}

/** Signs `user` in by logging in through the API and storing the tokens in the web's real session cookie. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  const auth = await apiPost<{ accessToken: string; refreshToken: string; user: { id: string } }>('/auth/login', {
    email: user.email,
    password: user.password,
  })
  const setCookie = await sessionSetCookie({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, userId: auth.user.id })
  const [pair] = setCookie.split(';')
  const separator = pair!.indexOf('=')
  await page.context().addCookies([
    {
      name: pair!.slice(0, separator),
      value: pair!.slice(separator + 1),
      url: e2e.webUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ])
}

export const test = base.extend<{
  createUser: (options?: CreateUserOptions) => Promise<TestUser>
  signIn: (page: Page, user: Pick<TestUser, 'email' | 'password'>) => Promise<void>
  /** For users a test creates through the UI: deleted (by email) after the test. */
  deleteAfterTest: (email: string) => void
}>({
  // eslint-disable-next-line no-empty-pattern
  createUser: async ({}, use) => {
    const created: string[] = []
    await use(async (options) => {
      const user = await createUserViaApi(options)
      created.push(user.id)
      return user
    })
    for (const id of created) deleteUser(id)
  },
  // eslint-disable-next-line no-empty-pattern
  signIn: async ({}, use) => {
    await use(signIn)
  },
  // eslint-disable-next-line no-empty-pattern
  deleteAfterTest: async ({}, use) => {
    const emails: string[] = []
    await use((email) => emails.push(email))
    for (const email of emails) deleteUserByEmail(email)
  },
})

export { expect }

/**
 * Waits until React has hydrated `element` (its props are attached): before that a click is a plain HTML
 * form post or link, which is the no-JavaScript path, not the enhanced one a JS-on test means to check.
 */
export async function waitForHydration(element: Locator) {
  // Up to 20 s: on a loaded CI machine (two workers, two cores) a page's chunks can take longer than the default 10 s.
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))), { timeout: 20_000 })
    .toBe(true)
}
