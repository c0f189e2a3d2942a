// A message to everyone (issue 45), with JavaScript on and off: the organizer writes from the event page's
// participants section (a drawer, or a page of its own without JavaScript); a mistake comes back with the words kept;
// the participants and, when asked, the waiting list read it on the event page, in their notifications and by mail;
// nobody else sees it or opens the form.
import { callApiAs, createEventViaApi } from './event-fixtures'
import { expect, test, uniqueSuffix, waitForMail } from './fixtures'

test('the organizer tells everyone “we moved to room 2”: the page, the bell and the mail of each participant and the line', async ({ page, browser, createUser, signIn, javaScriptEnabled }) => {
  test.slow()
  const [organizer, guest, waiting, stranger] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  const title = `Message ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title, maxParticipants: '1' })
  await callApiAs(guest, 'PUT', `/event/${event._id}/participate`, { participate: true })
  await callApiAs(waiting, 'PUT', `/event/${event._id}/waitlist`)

  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  await page.getByTestId('message-link').click()
  const drawer = page.getByTestId('message-drawer')
  await expect(drawer.getByRole('heading', { name: `Message to everyone of “${title}”` })).toBeVisible()
  // Nothing written: the field says so.
  await drawer.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message-drawer')).toContainText('This field is required!')
  // Too long (past the box's own limit, as a script could send): refused, the words kept.
  const tooLong = 'y'.repeat(501)
  await page.getByTestId('message-drawer').getByLabel('Message').evaluate((el, value) => {
    ;(el as HTMLTextAreaElement).removeAttribute('maxlength')
    ;(el as HTMLTextAreaElement).value = value
  }, tooLong)
  await page.getByTestId('message-drawer').getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message-drawer')).toContainText('This value is too long!')
  await expect(page.getByTestId('message-drawer').getByLabel('Message')).toHaveValue(tooLong)

  await page.getByTestId('message-drawer').getByLabel('Message').fill('We moved to room 2, first floor.')
  await page.getByTestId('message-drawer').getByLabel('Also to the waiting list (1 person)').check()
  await page.getByTestId('message-drawer').getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('toast')).toContainText('Your message was sent to 2 people.')
  const mine = page.getByTestId('event-messages')
  await expect(mine).toContainText('We moved to room 2, first floor.')
  await expect(mine).toContainText('sent to 2 people · waiting list too')

  // The participant: on the page, in the bell's list, and by mail.
  const context = await browser.newContext({ javaScriptEnabled })
  const guestPage = await context.newPage()
  await signIn(guestPage, guest)
  await guestPage.goto(`/event/${event._id}`)
  await expect(guestPage.getByTestId('event-messages').getByRole('heading', { name: 'From the organizer' })).toBeVisible()
  await expect(guestPage.getByTestId('event-messages')).toContainText('We moved to room 2, first floor.')
  await expect(guestPage.getByTestId('event-messages')).not.toContainText('sent to')
  await guestPage.goto('/notifications')
  await expect(guestPage.getByRole('main')).toContainText(`about “${title}”: We moved to room 2, first floor.`)
  const mail = await waitForMail(guest.email, { subject: /a message about/ })
  expect(mail.subject).toBe(`Nearby: a message about “${title}”`)
  expect(mail.text).toContain('We moved to room 2, first floor.')
  // The person waiting was included.
  expect((await waitForMail(waiting.email, { subject: /a message about/ })).text).toContain('We moved to room 2')

  // Someone else: no messages on the page, and the form sends them back to the event.
  await signIn(guestPage, stranger)
  await guestPage.goto(`/event/${event._id}`)
  await expect(guestPage.getByRole('heading', { name: title })).toBeVisible()
  await expect(guestPage.getByTestId('event-messages')).toHaveCount(0)
  await guestPage.goto(`/event/${event._id}/message`)
  await expect(guestPage).toHaveURL(new RegExp(`/event/${event._id}$`))
  await context.close()
})
