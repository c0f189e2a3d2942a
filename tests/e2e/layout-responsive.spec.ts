// No horizontal scrolling at 320 px wide (the layout is responsive down to the smallest phones).
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

test.use({ viewport: { width: 320, height: 640 }, userAgent: ANDROID_UA })

async function expectNoHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(320)
}

for (const path of ['/', '/privacy-policy', '/docs/deleteAccount', '/no-such-page']) {
  test(`${path} fits 320 px`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('install-banner')).toBeVisible()
    await expectNoHorizontalOverflow(page)
  })
}

test('the open menus fit 320 px, signed in, in Russian', async ({ page, createUser, signIn }) => {
  const admin = await createUser({ role: 'admin' })
  await signIn(page, admin)
  await page.goto('/')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await page.getByTestId('user-menu').locator('summary').click()
  await expect(page.getByRole('link', { name: 'Добавить место' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.getByTestId('section-switch').locator('summary').click()
  await expect(page.getByRole('link', { name: 'Места' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
})

test('a toast never covers the footer’s links and version label on a phone', async ({ page, createUser }) => {
  const user = await createUser()
  await page.goto('/auth')
  await page.locator('main').getByLabel('Username or email').fill(user.email)
  await page.locator('main').getByLabel('Password', { exact: true }).fill(user.password)
  await page.locator('main').getByRole('button', { name: 'Sign in' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const toastBox = (await toast.boundingBox())!
  for (const testId of ['app-version', 'support-link']) {
    const box = (await page.getByTestId(testId).boundingBox())!
    const overlaps = box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height
    expect(overlaps, `${testId} under the toast`).toBe(false)
  }
})
