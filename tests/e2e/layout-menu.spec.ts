// The user menu and the notification bell (SPEC §2 Layout, §6 roles), with JavaScript on and off.
import type { Page } from '@playwright/test'
import { waitForApp } from './event-fixtures'
import { test, expect } from './fixtures'

function userMenu(page: Page) {
  return page.getByTestId('user-menu')
}

async function openUserMenu(page: Page) {
  await userMenu(page).locator('summary').click()
  await expect(userMenu(page)).toHaveAttribute('open', '')
}

test('signed-out visitors see Sign Up and Sign In, and no bell', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByTestId('notifications-bell')).toHaveCount(0)
  await openUserMenu(page)
  const menu = userMenu(page)
  await expect(menu.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute(
    'href',
    '/auth/register',
  )
  await expect(menu.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/auth')
  await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toHaveCount(0)
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
})

test('a signed-in user sees their menu without the admin entries, and the bell', async ({
  page,
  createUser,
  signIn,
}, testInfo) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/')
  // Copy link is the app's: it starts after the first paint and the first photo.
  if (testInfo.project.name !== 'js-off') await waitForApp(page)

  await expect(page.getByTestId('notifications-bell')).toHaveCount(1)
  await openUserMenu(page)
  const menu = userMenu(page)
  await expect(menu.getByText(`@${user.username}`)).toBeVisible()
  // Profile is the user's own profile page (myProfile); Copy link copies the public one.
  await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute(
    'href',
    '/admin/profile/myProfile',
  )
  await expect(menu.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
    'href',
    '/admin/profile/settings',
  )
  await expect(menu.getByRole('link', { name: 'Add New Event', exact: true })).toHaveAttribute(
    'href',
    '/event/new',
  )
  await expect(menu.getByRole('link', { name: 'Moderation', exact: true })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'Add New Place', exact: true })).toHaveCount(0)
  const signOut = menu.getByRole('button', { name: 'Sign Out' })
  await expect(signOut).toBeVisible()
  const signOutForm = menu.locator('form:has(button:text("Sign Out"))')
  await expect(signOutForm).toHaveAttribute('method', 'post')
  await expect(signOutForm).toHaveAttribute('action', '/auth/logout')

  const profileUrl = `${new URL(page.url()).origin}/profile/${user.id}`
  if (testInfo.project.name === 'js-off') {
    // Without JavaScript nothing can copy: the link is shown as text instead.
    await expect(menu.getByTestId('copy-link-fallback')).toContainText(profileUrl)
    await expect(menu.getByRole('link', { name: profileUrl, exact: true })).toHaveAttribute(
      'href',
      profileUrl,
    )
  } else {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await menu.getByRole('button', { name: 'Copy link' }).click()
    await expect(menu.getByRole('status')).toHaveText('Link copied!')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(profileUrl)
  }
})

test('admins also see Moderation and Add New Place', async ({ page, createUser, signIn }) => {
  const admin = await createUser({ role: 'admin' })
  await signIn(page, admin)
  await page.goto('/')
  await openUserMenu(page)
  const menu = userMenu(page)
  await expect(menu.getByRole('link', { name: 'Moderation', exact: true })).toHaveAttribute(
    'href',
    '/moderation',
  )
  await expect(menu.getByRole('link', { name: 'Add New Place', exact: true })).toHaveAttribute(
    'href',
    '/place/new',
  )
  await expect(menu.getByRole('link', { name: 'Add New Event', exact: true })).toBeVisible()
})

test('super admins see the admin entries too', async ({ page, createUser, signIn }) => {
  const superAdmin = await createUser({ role: 'superAdmin' })
  await signIn(page, superAdmin)
  await page.goto('/')
  await openUserMenu(page)
  await expect(userMenu(page).getByRole('link', { name: 'Moderation', exact: true })).toBeVisible()
  await expect(userMenu(page).getByRole('link', { name: 'Add New Place', exact: true })).toBeVisible()
})

test('a user who has not confirmed the email gets the menu but no bell', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ activated: false })
  await signIn(page, user)
  await page.goto('/')
  await expect(page.getByTestId('notifications-bell')).toHaveCount(0)
  await openUserMenu(page)
  // Their own profile page needs a confirmed email: Profile leads to the public one.
  await expect(userMenu(page).getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute(
    'href',
    `/profile/${user.id}`,
  )
})

test('Sign Out posts to /auth/logout and returns signed out', async ({ page, createUser, signIn }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/privacy-policy')
  await openUserMenu(page)
  await userMenu(page).getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByTestId('notifications-bell')).toHaveCount(0)
  await openUserMenu(page)
  await expect(userMenu(page).getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
})

test('with JavaScript the menus close on Escape, outside click and navigation', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'needs JavaScript')
  await page.goto('/')
  const menu = userMenu(page)
  const toggle = menu.locator('summary')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(menu).not.toHaveAttribute('open', '')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toBeFocused()

  await toggle.click()
  await expect(menu).toHaveAttribute('open', '')
  await page.getByRole('heading', { level: 1 }).click()
  await expect(menu).not.toHaveAttribute('open', '')

  const sections = page.getByTestId('section-switch')
  await sections.locator('summary').click()
  await sections.getByRole('link', { name: 'Events', exact: true }).click()
  await expect(sections).not.toHaveAttribute('open', '')
})
