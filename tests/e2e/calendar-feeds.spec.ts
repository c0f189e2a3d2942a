// Calendar feeds (decision 029) in the browser, with JavaScript on and off: a user joins an event, opens
// Settings → Calendar, downloads the personal feed from the address shown there and finds the event (parsed
// with ical.js); Reset gives a new address with a toast and the old one answers 404. The public feeds are
// linked from a profile and from the list (its <link rel="alternate"> Atom feed).
import ICAL from 'ical.js'
import type { Page } from '@playwright/test'
import { createEventViaApi } from './event-fixtures'
import { expect, test, uniqueSuffix } from './fixtures'

const main = (page: Page) => page.locator('main')

/** The VEVENTs of an iCalendar text, as ical.js reads them. */
function events(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
}

test('the personal feed URL downloads and lists the joined event', async ({ page, createUser, signIn }) => {
  const [organizer, fan] = [await createUser(), await createUser()]
  const title = `Feed night ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title })

  await signIn(page, fan)
  await page.goto(`/event/${event._id}`)
  await main(page).getByRole('button', { name: 'Join', exact: true }).click()
  await expect(main(page).getByRole('button', { name: 'Leave', exact: true })).toBeVisible()

  // Settings → Calendar, through the settings navigation.
  await page.goto('/admin/profile/settings/profile')
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Calendar', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/profile\/settings\/calendar$/)
  await expect(page.getByRole('heading', { name: 'Calendar', level: 2 })).toBeVisible()
  const address = page.getByLabel('Your feed address')
  const url = await address.inputValue()
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
  await expect(page.getByTestId('calendar-feed-webcal')).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'))
  await expect(page.getByTestId('calendar-feed-download')).toHaveAttribute('href', url)

  const feed = await page.request.get(url)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const joined = events(await feed.text()).find((e) => e.uid === `${event._id}@localhost`)
  expect(joined?.summary).toBe(title)

  // Reset: a new address, the toast, and the old one is gone at once.
  await page.getByRole('button', { name: 'Reset the address' }).click()
  await expect(page.getByTestId('toast')).toContainText('Your calendar feed has a new address.')
  await expect(address).not.toHaveValue(url)
  const newUrl = await address.inputValue()
  expect(newUrl).toMatch(/\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
  expect((await page.request.get(url)).status()).toBe(404)
  const again = await page.request.get(newUrl)
  expect(again.status()).toBe(200)
  expect(events(await again.text()).map((e) => e.uid)).toContain(`${event._id}@localhost`)
})

test("a profile links the organizer's feed and the list its city's Atom feed", async ({ page, createUser }) => {
  const organizer = await createUser()
  const title = `Open air ${uniqueSuffix()}`
  const event = await createEventViaApi(organizer, { title })

  await page.goto(`/profile/${organizer.id}`)
  const link = page.getByTestId('organizer-feed-link')
  await expect(link).toHaveText('Subscribe to their events (calendar feed)')
  const feed = await page.request.get((await link.getAttribute('href')) ?? '')
  expect(feed.status()).toBe(200)
  expect(events(await feed.text()).map((e) => e.uid)).toEqual([`${event._id}@localhost`])

  await page.goto('/?categories=concerts')
  const alternate = page.locator('link[rel="alternate"][type="application/atom+xml"]')
  await expect(alternate).toHaveCount(1)
  const href = (await alternate.getAttribute('href')) ?? ''
  expect(href).toMatch(/\/calendar\/city\.atom\?categories=concerts$/)
  const atom = await page.request.get(href)
  expect(atom.status()).toBe(200)
  expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8')
  expect(await atom.text()).toContain(`<title>${title}</title>`)
  await expect(page.getByTestId('city-feed-link')).toHaveAttribute('href', /\/calendar\/city\.ics\?categories=concerts$/)
})
