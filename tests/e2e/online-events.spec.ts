// Events online (issue 43) with JavaScript on and off: the organizer makes an event online in the edit form (a bad
// link is said at its field, what was typed kept), the link shows to the organizer, a stranger learns there is one,
// a participant sees it after joining; the card says Online and the list's Online switch finds it.
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
