// Events online and accessibility details (issue 43) with JavaScript on and off: the organizer makes an event online
// in the edit form (a bad link is said at its field, what was typed kept), the link shows to the organizer, a stranger
// learns there is one, a participant sees it after joining; the Online switch and the accessibility filter find events.
import type { Page } from '@playwright/test'
import { createEventViaApi, eventForm as form, waitForApp } from './event-fixtures'
import { expect, test, uniqueSuffix } from './fixtures'

const main = (page: Page) => page.locator('main')
const LINK = 'https://meet.example.org/lantern-talk'

test('an event online: the link for its organizer and participants, the Online switch of the list', async ({ page, browser, createUser, signIn, javaScriptEnabled }) => {
  test.slow()
  const [organizer, guest] = await Promise.all([createUser(), createUser()])
  const title = `Lantern talk ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title })

  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/edit`)
  if (javaScriptEnabled) await waitForApp(page)
  await form(page).getByRole('radio', { name: 'Online', exact: true }).check()
  await form(page).getByLabel('Link to take part online (a video call or a stream)').fill('meet dot example')
  await form(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(form(page).getByText('Enter a valid link (https://…)!')).toBeVisible()
  await expect(form(page).getByRole('radio', { name: 'Online', exact: true })).toBeChecked()
  await form(page).getByLabel('Link to take part online (a video call or a stream)').fill(LINK)
  await form(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(new RegExp(`/event/${event._id}$`))
  await expect(main(page).getByTestId('event-attendance')).toContainText('Online')
  await expect(main(page).getByTestId('online-link')).toHaveAttribute('href', LINK)
  // Online only: the address is the city it is for, and there is no map.
  await expect(main(page).getByText('For the city', { exact: true })).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Open in maps' })).toHaveCount(0)

  const guestContext = await browser.newContext({ javaScriptEnabled })
  const guestPage = await guestContext.newPage()
  await signIn(guestPage, guest)
  await guestPage.goto(`/event/${event._id}`)
  if (javaScriptEnabled) await waitForApp(guestPage)
  await expect(main(guestPage).getByTestId('event-attendance')).toContainText('Participants see the link to take part online here.')
  await expect(main(guestPage).getByTestId('online-link')).toHaveCount(0)
  expect(await guestPage.content()).not.toContain(LINK)
  await main(guestPage).getByRole('button', { name: 'Join', exact: true }).click()
  await expect(main(guestPage).getByTestId('online-link')).toHaveAttribute('href', LINK)
  await guestContext.close()

  await page.goto(`/?online=1&startDate=${(event.startDate as string).slice(0, 10)}&endDate=${(event.startDate as string).slice(0, 10)}`)
  await expect(page.getByTestId('online-filter')).toHaveAttribute('aria-current', 'true')
  const card = page.getByTestId('event-card').filter({ hasText: title })
  await expect(card.getByTestId('card-online')).toHaveText('· Online')
  await page.getByTestId('online-filter').click()
  await expect(page).not.toHaveURL(/online=1/)
})

test('accessibility: the organizer ticks features with icons and words, the page says them, the list’s filter finds the event', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const organizer = await createUser()
  const title = `Ramp concert ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title })
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/edit`)
  if (javaScriptEnabled) await waitForApp(page)
  const section = form(page).getByRole('group', { name: 'Accessibility' })
  await section.getByLabel('Step-free entrance').check()
  await section.getByLabel('Hearing loop').check()
  await section.getByLabel('Anything else about access (optional)').fill('The ramp is at the side door.')
  await form(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(new RegExp(`/event/${event._id}$`))
  const details = main(page).getByTestId('event-accessibility')
  await expect(details.getByRole('listitem')).toHaveText(['Step-free entrance', 'Hearing loop'])
  await expect(details).toContainText('The ramp is at the side door.')

  const day = (event.startDate as string).slice(0, 10)
  await page.goto(`/?startDate=${day}&endDate=${day}`)
  const filter = page.getByTestId('accessibility-filter')
  await filter.locator('summary').click()
  await filter.getByLabel('Hearing loop').check()
  await filter.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/accessibility=hearingLoop/)
  await expect(page).toHaveURL(new RegExp(`startDate=${day}`))
  await expect(page.getByTestId('event-card').filter({ hasText: title })).toBeVisible()
  await expect(page.getByTestId('accessibility-filter').getByLabel('Hearing loop')).toBeChecked()
})
