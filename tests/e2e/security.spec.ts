// Defects found by probing the running product (security issue): each answers as the product means to.
import { e2e } from './env'
import { callApiAs, createEventViaApi } from './event-fixtures'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test('the invite drawer of a deleted event is the not-found page, not a 500', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer)
  await callApiAs(organizer, 'DELETE', `/event/${event._id}`)
  await signIn(page, organizer)
  const response = await page.goto(`/event/${event._id}/invite`)
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Sorry! the page you are looking for does not exist.')).toBeVisible()
})

/** Guesses from elsewhere (other addresses) until the account is locked. */
async function lockAccount(email: string) {
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${e2e.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
      body: JSON.stringify({ email, password: `wrong-${i}` }),
    })
    expect(response.status).toBe(i < 5 ? 401 : 429)
  }
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.locator('main').getByLabel('Username or email').fill(email)
  await page.locator('main').getByLabel('Password', { exact: true }).fill(password)
  await page.locator('main').getByRole('button', { name: 'Sign in' }).click()
}

test("the owner's browser signs in during a lock: it signed in here before", async ({ page, createUser }) => {
  const user = await createUser()
  await signInWithForm(page, user.email, user.password)
  await expect(page.getByTestId('toast').filter({ hasText: 'signed in' })).toBeVisible()
  // Signed out (the session cookie gone), the device cookie stays, as after "Sign out".
  const cookies = await page.context().cookies()
  await page.context().clearCookies()
  await page.context().addCookies(cookies.filter((cookie) => cookie.name === 'nearby_device'))
  await lockAccount(user.email)
  await signInWithForm(page, user.email, user.password)
  await expect(page.getByTestId('toast').filter({ hasText: 'signed in' })).toBeVisible()
})

test('a locked account says so on the sign-in form, and keeps what was typed', async ({ page, createUser }) => {
  const user = await createUser()
  await lockAccount(user.email)
  await signInWithForm(page, user.email, user.password)
  await expect(page.locator('main').getByText('Too many failed attempts for this account.')).toBeVisible()
  await expect(page.locator('main').getByLabel('Username or email')).toHaveValue(user.email)
  await expect(page).toHaveURL(/\/auth(\?index)?$/)
})
