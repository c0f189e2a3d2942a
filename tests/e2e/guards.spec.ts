// Guards of SPEC §2 and §6: /admin and /moderation need a signed-in, activated user (moderation: an admin
// role); /auth is for signed-out users; cross-site form posts are refused.
import type { Page } from '@playwright/test'
import { e2e } from './env'
import { expect, test } from './fixtures'

const main = (page: Page) => page.locator('main')

test('signed out: /admin/profile/settings shows the sign-in screen (401)', async ({ page }) => {
  const response = await page.goto('/admin/profile/settings')
  expect(response?.status()).toBe(401)
  await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/auth?redirectTo=%2Fadmin%2Fprofile%2Fsettings',
  )
  await expect(main(page).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/auth/register',
  )
})

test('signed out: /moderation shows the sign-in screen', async ({ page }) => {
  await page.goto('/moderation')
  await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible()
})

test('unactivated: /admin and /moderation show the confirm-email screen (403)', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ activated: false })
  await signIn(page, user)
  const response = await page.goto('/admin/profile/settings')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
  await main(page).getByRole('link', { name: 'Confirm email' }).click()
  await expect(page).toHaveURL(/\/auth\/confirmEmail$/)
  await expect(main(page).getByLabel('Email', { exact: true })).toHaveValue(user.email)

  await page.goto('/moderation')
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
})

test('a plain user gets the 403 page at /moderation', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  const response = await page.goto('/moderation')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
})

for (const role of ['admin', 'superAdmin'] as const) {
  test(`${role}: /moderation opens with the tabs Users, Events, Places, Reports, Log, Fediverse, Collections and Groups`, async ({
    page,
    createUser,
    signIn,
  }) => {
    await signIn(page, await createUser({ role }))
    const response = await page.goto('/moderation')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/moderation\/users$/)
    await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible()
    const tabs = main(page).getByRole('navigation', { name: 'Moderation sections' })
    await expect(tabs.getByRole('link')).toHaveText(['Users', 'Events', 'Places', /^Reports/, 'Log', 'Fediverse', 'Collections', 'Groups'])
    await expect(tabs.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
    await tabs.getByRole('link', { name: 'Places' }).click()
    await expect(page).toHaveURL(/\/moderation\/places$/)
    await expect(main(page).getByTestId('moderation-filters').getByLabel('Post')).toBeVisible()
    await page.goto('/moderation/nothing')
    await expect(page).toHaveURL(/\/moderation\/users$/)
  })
}

test('admin paths lead to /admin/profile/settings', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  for (const path of [
    '/admin',
    '/admin/xyz',
    '/admin/profile',
    '/admin/profile/unknown',
    '/admin/profile/settings/unknown',
  ]) {
    await page.goto(path)
    await expect(page, path).toHaveURL(`${e2e.webUrl}/admin/profile/settings`)
  }
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await expect(
    main(page).getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Password' }),
  ).toBeVisible()
})

test('/auth/xyz redirects to /auth', async ({ page }) => {
  await page.goto('/auth/xyz')
  await expect(page).toHaveURL(`${e2e.webUrl}/auth`)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})

test('an activated user at /auth/* is sent to /', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  for (const path of ['/auth', '/auth/register', '/auth/confirmEmail']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(`${e2e.webUrl}/`)
  }
})

test('an unactivated user may stay on /auth to confirm the email', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser({ activated: false }))
  await page.goto('/auth/confirmEmail')
  await expect(page).toHaveURL(/\/auth\/confirmEmail$/)
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
})

test.describe('cross-site posts', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-level checks: once is enough')

  test('a cross-site POST to /auth is refused with 403; a same-origin one is not', async ({ request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'plain HTTP requests: the same with JavaScript on and off, checked once')
    const crossSite = await request.post('/auth', {
      form: { email: 'someone@example.test', password: 'whatever' },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      maxRedirects: 0,
    })
    expect(crossSite.status()).toBe(403)

    const foreignOrigin = await request.post('/auth/logout', {
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(foreignOrigin.status()).toBe(403)

    const sameOrigin = await request.post('/auth?index', {
      form: { email: 'someone@example.test', password: 'whatever' },
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      maxRedirects: 0,
    })
    expect(sameOrigin.status()).toBe(400)
  })
})
