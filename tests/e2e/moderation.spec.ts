// The moderation console (SPEC §2 "Moderation tabs", §4, §6, §8 admin avatar texts), with JavaScript on and
// off (the two Playwright projects): an admin works the Events queue and a user's image through plain form
// posts (fetchers with JavaScript); the owner hears of it and fixes it; a super admin edits a user and a
// post in the URL modals; an admin has no Edit; a plain user gets the 403 page.
import type { Page } from '@playwright/test'
import { apiToken, callApiAs, createEventViaApi, photoBytes, photoFile } from './event-fixtures'
import { e2e } from './env'
import { expect, test, uniqueSuffix, waitForHydration } from './fixtures'

/** The row of the only post or user the table shows for `query`. */
async function onlyRow(page: Page, tab: 'users' | 'events' | 'places', query: string, filters = '') {
  await page.goto(`/moderation/${tab}?query=${encodeURIComponent(query)}${filters}`)
  await expect(page.getByTestId('moderation-total')).toHaveText('1 found')
  return page.locator('tbody tr').first()
}

test('an admin rejects a PENDING event with a reason; the owner is told, edits it, and the admin approves it', async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  // Three people and two browsers through a whole moderation round: a long test.
  test.slow()
  const [admin, owner] = await Promise.all([createUser({ role: 'admin' }), createUser()])
  const title = `Queue gig ${uniqueSuffix()}`
  const event = await createEventViaApi(owner, { title })
  const reason = 'Say where people meet.'

  await signIn(page, admin)
  await page.goto('/moderation/events')
  // Filter to PENDING with the GET form; the filters stay in the URL.
  const filters = page.getByTestId('moderation-filters')
  await filters.getByLabel('Search').fill(title)
  await filters.getByLabel('Information').selectOption('PENDING')
  await filters.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/moderationStatus=PENDING/)
  await expect(page.getByTestId('moderation-total')).toHaveText('1 found')
  const row = page.getByTestId(`row-${event._id}`)
  await expect(row.getByText('Information: under review')).toBeVisible()
  await expect(row.getByTestId('row-images').getByRole('img')).toHaveCount(1)

  await row.getByPlaceholder('Reason (optional)').fill(reason)
  await row.getByRole('button', { name: 'Reject Info' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The information is rejected; the author is told\./)
  // Same filters after the action: the PENDING queue no longer has it.
  await expect(page).toHaveURL(/moderationStatus=PENDING/)
  await expect(page.getByTestId('moderation-total')).toHaveText('0 found')

  // The owner: the notification and the overlay with the reason.
  const ownerContext = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js-on' })
  const ownerPage = await ownerContext.newPage()
  await signIn(ownerPage, owner)
  await ownerPage.goto('/notifications')
  const notice = ownerPage.getByRole('link', { name: new RegExp(`Moderators rejected the information of ${title}`) })
  await expect(notice).toContainText(`Reason: ${reason}`)
  await notice.click()
  await expect(ownerPage).toHaveURL(new RegExp(`/event/${event._id}$`))
  await expect(ownerPage.getByTestId('moderation-banner')).toContainText(`Your post was rejected by a moderator. Please edit the information. Reason: ${reason}`)
  // Strangers no longer find it.
  const strangerContext = await browser.newContext()
  const strangerPage = await strangerContext.newPage()
  expect((await strangerPage.goto(`/event/${event._id}`))?.status()).toBe(404)

  await ownerPage.goto(`/event/${event._id}/edit`)
  await ownerPage.getByLabel('Description').fill('Live music by the river. We meet at the north gate.')
  await ownerPage.getByRole('button', { name: 'Save changes' }).click()
  await expect(ownerPage.getByTestId('toast')).toHaveText(/Changes applied!/)
  await expect(ownerPage.getByTestId('moderation-banner')).toContainText('Your post is under review.')
  expect((await strangerPage.goto(`/event/${event._id}`))?.status()).toBe(200)

  // Back in the queue; the admin approves it.
  const pending = await onlyRow(page, 'events', title, '&moderationStatus=PENDING')
  await pending.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Approved\./)
  const approved = await onlyRow(page, 'events', title)
  await expect(approved.getByText('Information: approved')).toBeVisible()
  await expect(approved.getByText('Image: approved')).toBeVisible()

  // The log tells the story, newest first.
  await page.goto(`/moderation/log?targetId=${event._id}`)
  const log = page.getByTestId('log-row')
  await expect(log).toHaveCount(3)
  await expect(log.nth(2)).toContainText('Information: under review → rejected')
  await expect(log.nth(2)).toContainText(reason)
  await Promise.all([ownerContext.close(), strangerContext.close()])
})

test("an admin rejects a user's image: others see the initial instead of the photo", async ({ page, browser, createUser, signIn }) => {
  const [admin, person] = await Promise.all([createUser({ role: 'admin' }), createUser()])
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await photoBytes('#cc3366'))], { type: 'image/jpeg' }), 'me.jpg')
  const token = await apiToken(person)
  const upload = await fetch(`${e2e.apiUrl}/profile/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  expect(upload.status).toBe(200)

  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`/profile/${person.id}`)
  await expect(visitorPage.locator('main img[src*="/uploads/avatars/"]')).toHaveCount(1)

  await signIn(page, admin)
  const row = await onlyRow(page, 'users', person.username)
  await row.getByRole('button', { name: 'Reject Image' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The image is rejected; the author is told\./)
  await expect((await onlyRow(page, 'users', person.username)).getByText('Image: rejected')).toBeVisible()
  // An admin decides, but does not edit: no Edit in the tables.
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)

  await visitorPage.reload()
  await expect(visitorPage.locator('main img[src*="/uploads/avatars/"]')).toHaveCount(0)
  await visitor.close()
})

test("a super admin edits a user's role and avatar, and a post's title, in the editors", async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.slow()
  const [superAdmin, person, organizer] = await Promise.all([createUser({ role: 'superAdmin' }), createUser(), createUser()])
  const title = `Edited gig ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title })
  await signIn(page, superAdmin)

  const row = await onlyRow(page, 'users', person.username)
  await row.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/moderation/users/${person.id}\\?query=`))
  const editor = page.getByTestId('user-editor')
  await expect(editor.getByRole('heading', { name: 'Edit user' })).toBeVisible()

  // Avatar: upload and removal with SPEC §8's toasts; the editor stays open. With JavaScript, once the app has
  // started (a file picked while it starts is lost, as in the Settings → Profile tests).
  if (javaScriptEnabled) await waitForHydration(editor.getByRole('button', { name: 'Upload avatar' }))
  await editor.getByLabel('Photo (JPEG, PNG or WebP)').setInputFiles(await photoFile('avatar.jpg'))
  await editor.getByRole('button', { name: 'Upload avatar' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Avatar uploaded/)
  await expect(page.getByTestId('editor-avatar').getByRole('img')).toBeVisible()
  await page.getByTestId('user-editor').getByRole('button', { name: 'Remove avatar' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Avatar removed/)
  await expect(page.getByTestId('editor-avatar').getByRole('img')).toHaveCount(0)

  // A bad username keeps what was typed and says why; then the role changes.
  const form = page.getByTestId('user-editor-form')
  await form.getByLabel('Username').fill('no spaces allowed')
  await form.getByLabel('Role').selectOption('admin')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('No Space or Special Characters Allowed!')).toBeVisible()
  await expect(form.getByLabel('Username')).toHaveValue('no spaces allowed')
  await form.getByLabel('Username').fill(person.username)
  await form.getByLabel('Role').selectOption('admin')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Changes applied!/)
  await expect(page).toHaveURL(/\/moderation\/users\?query=/)
  await expect(page.getByTestId(`row-${person.id}`)).toContainText('Admin')

  // The post editor: the event form with the status selects.
  const postRow = await onlyRow(page, 'events', title)
  await postRow.getByRole('link', { name: 'Edit', exact: true }).click()
  const postEditor = page.getByTestId('post-editor')
  await expect(postEditor.getByRole('heading', { name: 'Edit post' })).toBeVisible()
  await postEditor.getByLabel('Title').fill(`${title} (corrected)`)
  await postEditor.getByTestId('editor-statuses').getByLabel('Information').selectOption('APPROVED')
  await postEditor.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Changes applied!/)
  const corrected = await onlyRow(page, 'events', `${title} (corrected)`)
  await expect(corrected.getByText('Information: approved')).toBeVisible()
  const after = await callApiAs(organizer, 'GET', `/event/${event._id}`)
  expect(after.title).toBe(`${title} (corrected)`)
  expect((after.postedBy as { _id: string })._id).toBe(organizer.id)
})

test('a plain user gets the 403 page at /moderation, and the admin API refuses them', async ({ page, createUser, signIn }) => {
  const user = await createUser()
  await signIn(page, user)
  const response = await page.goto('/moderation/events')
  expect(response?.status()).toBe(403)
  await callApiAs(user, 'GET', '/admin/events', undefined, 403)
})

test('a page past the 2,000th row says to narrow the table instead of showing an error page', async ({ page, createUser, signIn }) => {
  const admin = await createUser({ role: 'admin' })
  await signIn(page, admin)
  const response = await page.goto('/moderation/events?page=500')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('alert')).toHaveText('This page is too far down the list: narrow it with a search or filters.')
  await expect(page.getByTestId('moderation-total')).toHaveText('0 found')
})
