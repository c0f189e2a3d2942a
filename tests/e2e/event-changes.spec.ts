// Issue 11 in the browser, with JavaScript on and off: a full event → a third user joins the waiting list →
// a participant leaves → the third user is in and notified; the organizer cancels with a message → a
// participant sees it on the page, on the card and in notifications; the organizer moves an event to new
// dates and the page says where it moved from.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { callApiAs, createEventViaApi, daysFromNow, expectDateTime, fillDateTime, waitForApp } from './event-fixtures'
import { e2e } from './env'

const joinBox = (page: Page) => page.locator('#join')

test('a full event’s waiting list: join the line, a participant leaves, the first in line is in and notified', async ({
  page,
  browser,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const [organizer, first, waiter] = await Promise.all([createUser(), createUser(), createUser()])
  const event = await createEventViaApi(organizer, { maxParticipants: 1, title: `Full ${Date.now().toString(36)}` })
  await callApiAs(first, 'PUT', `/event/${event._id}/participate`, { participate: true })

  await signIn(page, waiter)
  await page.goto(`/event/${event._id}`)
  await expect(joinBox(page)).toContainText('No free places left. Join the waiting list')
  await joinBox(page).getByRole('button', { name: 'Join the waiting list' }).click()
  await expect(page.getByTestId('toast')).toHaveText('You are on the waiting list.')
  await expect(page.getByTestId('waitlist-position')).toHaveText('You are number 1 on the waiting list.')
  await expect(joinBox(page).getByRole('button', { name: 'Leave the waiting list' })).toBeVisible()
  await expect(page.getByTestId('waitlist-count')).toHaveText('Waiting: 1')
  // Two words to a screen reader, not "(1 / 1)Waiting".
  await expect(page.getByRole('heading', { name: /^Participants \(\d+ \/ \d+\) Waiting: 1$/ })).toBeVisible()

  // The organizer sees the line.
  const organizerContext = await browser.newContext({ javaScriptEnabled })
  const organizerPage = await organizerContext.newPage()
  await signIn(organizerPage, organizer)
  await organizerPage.goto(`/event/${event._id}`)
  await expect(organizerPage.getByTestId('waitlist')).toContainText(waiter.name)
  await organizerContext.close()

  // The participant leaves through the page: the seat goes to the first in line.
  const firstContext = await browser.newContext({ javaScriptEnabled })
  const firstPage = await firstContext.newPage()
  await signIn(firstPage, first)
  await firstPage.goto(`/event/${event._id}`)
  await joinBox(firstPage).getByRole('button', { name: 'Leave' }).click()
  await expect(firstPage.getByTestId('toast')).toHaveText('You have left the event.')
  await firstContext.close()

  await page.goto(`/event/${event._id}`)
  await expect(joinBox(page)).toContainText('You are going.')
  await page.goto('/notifications')
  await expect(page.getByRole('main')).toContainText(`A place freed up: you now take part in ${event.title}`)
})

test('the organizer takes someone off the waiting list with Remove', async ({ page, createUser, signIn }) => {
  const [organizer, participant, waiter] = await Promise.all([createUser(), createUser(), createUser()])
  const event = await createEventViaApi(organizer, { maxParticipants: 1, title: `Line ${Date.now().toString(36)}` })
  await callApiAs(participant, 'PUT', `/event/${event._id}/participate`, { participate: true })
  await callApiAs(waiter, 'PUT', `/event/${event._id}/waitlist`)

  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  const line = page.getByTestId('waitlist')
  await expect(line).toContainText(`@${waiter.username}`)
  await line.getByRole('button', { name: `Remove ${waiter.name} Example from the waiting list` }).click()
  await expect(page.getByTestId('toast')).toHaveText('Removed from the waiting list.')
  await expect(page.getByTestId('waitlist')).toHaveCount(0)
  expect((await callApiAs(waiter, 'GET', `/event/${event._id}`)).waitlistPosition).toBeNull()
})

test('the organizer cancels with a message: the participant sees it on the page, the card and in notifications', async ({
  page,
  browser,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const [organizer, participant] = await Promise.all([createUser(), createUser()])
  const day = new Date(daysFromNow(500 + Math.floor(Math.random() * 900)))
  const event = await createEventViaApi(organizer, { title: `Cancel ${Date.now().toString(36)}`, startDate: day.toISOString() })
  await callApiAs(participant, 'PUT', `/event/${event._id}/participate`, { participate: true })

  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  await page.getByRole('group', { name: 'Organizer actions' }).getByRole('link', { name: 'Cancel event' }).click()
  const drawer = page.getByTestId('cancel-drawer')
  await expect(drawer).toBeVisible()
  // Too long a message comes back with the text kept and the field's error.
  const longMessage = 'x'.repeat(1001)
  await drawer.getByLabel('Message to participants (optional)').evaluate((el, value) => {
    ;(el as HTMLTextAreaElement).removeAttribute('maxlength')
    ;(el as HTMLTextAreaElement).value = value
  }, longMessage)
  await drawer.getByRole('button', { name: 'Cancel the event' }).click()
  await expect(page.getByTestId('cancel-drawer')).toContainText('This value is too long!')
  await expect(page.getByTestId('cancel-drawer').getByLabel('Message to participants (optional)')).toHaveValue(longMessage)

  await page.getByTestId('cancel-drawer').getByLabel('Message to participants (optional)').fill('The hall is flooded. Sorry!')
  await page.getByTestId('cancel-drawer').getByRole('button', { name: 'Cancel the event' }).click()
  await expect(page.getByTestId('toast')).toContainText('The event is cancelled.')
  await expect(page.getByTestId('event-cancelled')).toContainText('This event was cancelled.')
  await expect(page.getByRole('group', { name: 'Organizer actions' }).getByRole('link', { name: 'Cancel event' })).toHaveCount(0)

  const other = await browser.newContext({ javaScriptEnabled })
  const participantPage = await other.newPage()
  await signIn(participantPage, participant)
  await participantPage.goto(`/event/${event._id}`)
  await expect(participantPage.getByTestId('event-cancelled')).toContainText('From the organizer: The hall is flooded. Sorry!')
  await expect(joinBox(participantPage)).toContainText('You are going.')
  const iso = day.toISOString().slice(0, 10)
  await participantPage.goto(`/?startDate=${iso}&endDate=${iso}`)
  const card = participantPage.getByTestId('event-card').filter({ hasText: event.title })
  await expect(card.getByTestId('card-cancelled')).toHaveText('Cancelled')
  await participantPage.goto('/notifications')
  await expect(participantPage.getByRole('main')).toContainText(`${event.title} was cancelled`)
  await other.close()
})

test('the organizer moves an event: bad dates keep what was typed; the page shows the new date and where it moved from', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Move ${Date.now().toString(36)}`, startDate: daysFromNow(30, 18) })
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/reschedule`)
  const drawer = page.getByTestId('reschedule-drawer')
  const future = daysFromNow(45, 10).slice(0, 10)
  if (javaScriptEnabled) await waitForApp(page)
  await fillDateTime(drawer, 'New start', 'Start time (24-hour)', `${future}T20:00`, javaScriptEnabled)
  await fillDateTime(drawer, 'New end (optional)', 'End time (24-hour)', `${future}T18:00`, javaScriptEnabled)
  await drawer.getByRole('button', { name: 'Move the event' }).click()
  await expect(page.getByTestId('reschedule-drawer')).toContainText('The end must not be before the start!')
  await expectDateTime(page.getByTestId('reschedule-drawer'), 'New start', 'Start time (24-hour)', `${future}T20:00`, javaScriptEnabled)
  await expect(page.getByTestId('reschedule-drawer')).toContainText('Times are in the Europe/Belgrade time zone.')

  await fillDateTime(page.getByTestId('reschedule-drawer'), 'New end (optional)', 'End time (24-hour)', `${future}T23:00`, javaScriptEnabled)
  await page.getByTestId('reschedule-drawer').getByRole('button', { name: 'Move the event' }).click()
  await expect(page.getByTestId('toast')).toContainText('The event has new dates.')
  await expect(page.getByTestId('event-moved')).toContainText('Moved from')
})

test('the Move drawer takes a date and time typed whole, as the new-event form does (2026-11-30T18:30)', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Typed ${Date.now().toString(36)}`, startDate: daysFromNow(30, 18) })
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/reschedule`)
  if (javaScriptEnabled) await waitForApp(page)
  const drawer = page.getByTestId('reschedule-drawer')
  const local = `${daysFromNow(40, 10).slice(0, 10)}T18:30`
  // Into the day box (with JavaScript its time box already holds the event's time), or the browser's own input.
  await drawer.getByLabel('New start').fill(local)
  await drawer.getByRole('button', { name: 'Move the event' }).click()
  await expect(page.getByTestId('toast')).toContainText('The event has new dates.')
  const moved = (await (await fetch(`${e2e.apiUrl}/event/${event._id}`)).json()) as { startDate: string }
  // 18:30 in Europe/Belgrade (CET in the winter, CEST in the summer).
  expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(moved.startDate))).toBe('18:30')
  expect(moved.startDate.slice(0, 10)).toBe(local.slice(0, 10))
})
