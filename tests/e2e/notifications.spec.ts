// The bell and /notifications (SPEC §2 Notifications) with JavaScript on and off, and (JS) realtime: a
// like on another user's event reaches the organizer's open page through the socket without a reload.
import type { Page } from '@playwright/test'
import { expect, test, type TestUser } from './fixtures'
import { callApiAs, createEventViaApi, waitForApp } from './event-fixtures'

const like = (user: TestUser, eventId: string) => callApiAs(user, 'PUT', `/event/${eventId}/like`)

const bell = (page: Page) => page.getByTestId('notifications-bell')

test('a like shows on the organizer’s bell; opening the list and marking it read clears the count', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const fan = await createUser()
  const event = await createEventViaApi(organizer, { title: `Bell test ${Date.now()}` })
  await like(fan, event._id)

  await signIn(page, organizer)
  await page.goto('/')
  await expect(bell(page).getByTestId('notifications-count')).toHaveText('1')
  // With JavaScript, opening marks read: a click before the app has started is the plain <details> toggle.
  if (javaScriptEnabled) await waitForApp(page)
  await bell(page).locator('summary').click()
  const item = bell(page).getByRole('link', { name: new RegExp(`${fan.name}.*liked ${event.title}`) })
  await expect(item).toBeVisible()
  await expect(item).toHaveAttribute('href', `/event/${event._id}`)

  if (javaScriptEnabled) {
    // Opening the dropdown marks everything read at once.
    await expect(bell(page).getByTestId('notifications-count')).toHaveCount(0)
  } else {
    await bell(page).getByRole('button', { name: 'Mark all as read' }).click()
    await expect(page.getByText('All notifications are marked as read.')).toBeVisible()
  }
  await page.reload()
  await expect(bell(page)).toHaveCount(1)
  await expect(bell(page).getByTestId('notifications-count')).toHaveCount(0)
})

test('/notifications lists, links and deletes notifications; visitors get the sign-in screen', async ({
  page,
  createUser,
  signIn,
}) => {
  const organizer = await createUser()
  const fan = await createUser()
  const first = await createEventViaApi(organizer, { title: `First ${Date.now()}` })
  const second = await createEventViaApi(organizer, { title: `Second ${Date.now()}` })
  await like(fan, first._id)
  await like(fan, second._id)

  await page.goto('/notifications')
  await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible()

  await signIn(page, organizer)
  await page.goto('/notifications')
  const rows = page.getByTestId('notification')
  await expect(rows).toHaveCount(2)
  // Newest first.
  await expect(rows.first()).toContainText(`liked ${second.title}`)
  const deleted = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/notifications') && response.request().method() === 'POST',
  )
  // Each Delete button is named by its notification, not by an id.
  const deleteNewest = rows.first().getByRole('button', { name: /^Delete/ })
  await expect(deleteNewest).toHaveAccessibleName(new RegExp(`^Delete: .*liked ${second.title}`))
  await deleteNewest.click()
  await expect(rows).toHaveCount(1)
  // With JavaScript the row goes at once; the reload must not cut the delete short.
  await deleted
  await page.reload()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(`liked ${first.title}`)
  // The page's title is in the user's language too.
  await expect(page).toHaveTitle('Notifications · Nearby')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page).toHaveTitle('Уведомления · Nearby')
})

test('with JavaScript a new notification reaches an open page without a reload', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the socket needs JavaScript')
  const organizer = await createUser()
  const fan = await createUser()
  const event = await createEventViaApi(organizer, { title: `Live ${Date.now()}` })

  await signIn(page, organizer)
  const socketOpened = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/'))
  await page.goto('/')
  await socketOpened
  await expect(bell(page).getByTestId('notifications-count')).toHaveCount(0)
  // Give the socket its ticket round trip before the like.
  await page.waitForTimeout(500)
  await like(fan, event._id)
  await expect(bell(page).getByTestId('notifications-count')).toHaveText('1', { timeout: 10_000 })
})

test('settings has a Notifications section that says when push is not available', async ({ page, createUser, signIn }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings')
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(/\/admin\/profile\/settings\/notifications$/)
  await expect(page.getByRole('heading', { name: 'Push notifications' })).toBeVisible()
  // The browser-test API runs without VAPID keys.
  await expect(page.getByText('Push notifications are not available on this server.')).toBeVisible()
})

test('more than a page of notifications: "Load more" shows the next page, with JavaScript on and off', async ({
  page,
  createUser,
  signIn,
}) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Popular ${Date.now()}` })
  // A page is 20 (NOTIFICATION_LIMITS.pageSize): 21 fans like the event.
  const fans = await Promise.all(Array.from({ length: 21 }, () => createUser()))
  for (const fan of fans) await like(fan, event._id)

  await signIn(page, organizer)
  await page.goto('/notifications')
  const rows = page.getByTestId('notification')
  await expect(rows).toHaveCount(20)
  // The limit of pages shown at once is read in the browser too: the link stays after hydration.
  await page.getByRole('link', { name: 'Load more' }).click()
  await expect(rows).toHaveCount(21)
  await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)
})
