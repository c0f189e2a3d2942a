// Account deletion (docs/decisions/020-account-deletion.md), with JavaScript on and off: a user deletes their
// account from Settings and is signed out; signing in again offers only "Cancel deletion"; cancelling brings
// the profile back for everyone.
import { expect, test } from './fixtures'

test('a user deletes the account, is signed out, signs in, cancels, and everything is back', async ({ page, browser, createUser, signIn }) => {
  test.slow()
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings')
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Delete account' }).click()
  await expect(page.getByTestId('deletion-consequences')).toContainText('You are signed out on every device.')
  // The number of days is said, in its plural form (no placeholder left).
  await expect(page.getByTestId('deletion-consequences')).toContainText('After 30 days we delete your data and photos for good.')
  await expect(page.getByText('deleted for good after 30 days.')).toBeVisible()
  expect(await page.locator('main').innerText()).not.toContain('{{')

  // The checkbox is required, and the password must be right; nothing typed but the password is lost.
  await page.getByLabel('Your password').fill('not-my-password')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('Tick the box to confirm that you want to delete your account.')).toBeVisible()
  await page.getByLabel('Your password').fill('not-my-password')
  await page.getByLabel('I understand: delete my account.').check()
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('The password is wrong.').first()).toBeVisible()
  await page.getByLabel('Your password').fill(user.password)
  await page.getByLabel('I understand: delete my account.').check()
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Your account will be deleted on .+\. Sign in before then to cancel\./)
  await expect(page).toHaveURL(/\/$/)
  expect((await page.goto('/admin/profile/settings'))?.status()).toBe(401)

  // Others no longer find the profile.
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  expect((await visitorPage.goto(`/profile/${user.id}`))?.status()).toBe(404)

  // Signing in offers only the cancellation.
  await page.goto('/auth')
  await page.getByRole('main').getByLabel('Username or email').fill(user.email)
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/account\/deletion$/)
  await expect(page.getByRole('heading', { name: 'Your account is being deleted' })).toBeVisible()
  // Told what waits for them, not welcomed as if nothing happened.
  await expect(page.getByTestId('toast')).toHaveText(/Your account is waiting for deletion\. Cancel it here to keep your account\./)
  await page.goto('/admin/profile/settings/profile')
  await expect(page).toHaveURL(/\/account\/deletion$/)
  await page.getByRole('button', { name: 'Cancel deletion' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The deletion is cancelled: welcome back!/)
  await expect(page).toHaveURL(/\/admin\/profile\/myProfile$/)

  expect((await visitorPage.goto(`/profile/${user.id}`))?.status()).toBe(200)
  await visitor.close()
})
