// The event page /event/{id} (SPEC §2 "Event page", §4 toggles, §8 notices), for events and places, with
// JavaScript on (fetchers, confirm dialogs) and off (plain form posts and redirects).
import type { Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { formatDateTime } from '../../app/features/events/format'
import { e2e } from './env'
import { callApiAs, createEventViaApi, createPlaceViaApi, daysFromNow, waitForApp } from './event-fixtures'
import { expect, test, waitForHydration } from './fixtures'

const TIME_ZONE = e2e.timeZone
const main = (page: Page) => page.locator('main')

/** Moves a post into the past (the API refuses past dates on create). */
function moveToPast(id: string) {
  const db = new Database(e2e.databaseFile)
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('UPDATE posts SET start_date = ?, end_date = ? WHERE id = ?').run(daysFromNow(-3, 17), daysFromNow(-3, 20), id)
  } finally {
    db.close()
  }
}

const pricedEvent = (overrides: Record<string, unknown> = {}) => ({
  title: `River concert ${Date.now().toString(36)}`,
  description: 'Live music by the river, bring a blanket.',
  startDate: daysFromNow(5, 17),
  endDate: daysFromNow(5, 20),
  address: 'Knez Mihailova 1, Belgrade',
  coordinates: [20.457, 44.817],
  categories: ['concerts', 'leisure'],
  maxParticipants: 10,
  price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
  ...overrides,
})

test('shows the details of an event: dates, address, price, categories, organizer, counts, map', async ({
  page,
  createUser,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const fields = pricedEvent()
  const event = await createEventViaApi(organizer, fields)
  const response = await page.goto(`/event/${event._id}`)
  expect(response?.status()).toBe(200)

  await expect(page.getByRole('heading', { level: 1, name: fields.title })).toBeVisible()
  await expect(page.getByTestId('event-description')).toHaveText(fields.description)
  const dates = page.getByTestId('event-dates')
  await expect(dates).toContainText(formatDateTime(fields.startDate, 'en', TIME_ZONE))
  await expect(dates).toContainText(formatDateTime(fields.endDate, 'en', TIME_ZONE))
  await expect(page.getByTestId('event-address')).toHaveText(fields.address)
  await expect(page.getByTestId('event-price')).toHaveText('from 500 RSD')
  await expect(page.getByTestId('event-categories')).toContainText('Concerts')
  await expect(page.getByTestId('event-categories')).toContainText('Leisure')
  await expect(page.getByTestId('organizer').getByRole('link', { name: 'Tester Example' })).toHaveAttribute(
    'href',
    `/profile/${organizer.id}`,
  )
  await expect(page.getByTestId('stat-likes')).toHaveText('0')
  await expect(page.getByTestId('stat-views')).toHaveText('0')
  await expect(page.getByTestId('stat-participants')).toHaveText('0 / 10')
  await expect(page.getByTestId('access-info')).toContainText('Open event: anyone signed in can see the details and join.')
  await expect(page.getByTestId('chat-notice')).toHaveText('Please use the mobile app to access the chat.')
  await expect(page.getByRole('img', { name: `Photo 1 of 1: ${fields.title}` })).toBeVisible()
  const map = page.getByRole('region', { name: 'Location on the map' }).first()
  await expect(map).toBeVisible()
  if (javaScriptEnabled) {
    // The map is fetched only when asked for: Leaflet is a third of the page's JavaScript.
    await expect(map.locator('.leaflet-container')).toHaveCount(0)
    // Leaflet's stylesheet comes with its chunk, not in the head, where it would delay the first paint.
    await expect(page.locator('link[rel="stylesheet"][href*="leaflet"]')).toHaveCount(0)
    await map.getByRole('button', { name: 'Show the map' }).click()
    await expect(page.locator(`.leaflet-marker-icon[title="${fields.title}"]`)).toBeVisible()
    // …and applies before the map mounts: a styled Leaflet clips its tiles and places its panes absolutely.
    await expect(map.locator('.leaflet-container')).toHaveCSS('overflow', 'hidden')
    await expect(map.locator('.leaflet-pane').first()).toHaveCSS('position', 'absolute')
  } else {
    await expect(map).toContainText('The map needs JavaScript')
  }
  await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=44.817&mlon=20.457#map=17/44.817/20.457',
  )
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    `/event/${event._id}/calendar.ics`,
  )
  // Strangers see no organizer tools and no moderation banner.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByTestId('moderation-banner')).toHaveCount(0)

  // Narrow phones: nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 800 })
  await expect(page.getByRole('heading', { level: 1, name: fields.title })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test('another user joins (count up, listed), likes, and leaves', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const guest = await createUser()
  const event = await createEventViaApi(organizer, pricedEvent())
  await signIn(page, guest)
  await page.goto(`/event/${event._id}`)
  // With JavaScript the forms go through fetchers: the action answers the new state (no redirect).
  const actionAnswer = async (field: string) => {
    if (!javaScriptEnabled) return
    const response = await page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/event/${event._id}.data`,
    )
    expect(response.status()).toBe(200)
    expect(await response.text()).toContain(field)
  }
  if (javaScriptEnabled) await waitForApp(page)

  let answered = actionAnswer('participantsCount')
  await main(page).getByRole('button', { name: 'Join', exact: true }).click()
  await answered
  await expect(page.getByTestId('toast')).toHaveText('You have joined the event.')
  await expect(page.getByTestId('stat-participants')).toHaveText('1 / 10')
  await expect(main(page).getByRole('button', { name: 'Leave', exact: true })).toBeVisible()
  await expect(page.getByTestId('participants')).toContainText(`@${guest.username}`)

  answered = actionAnswer('likesCount')
  await main(page).getByRole('button', { name: /^Like\b/ }).click()
  await answered
  await expect(main(page).getByRole('button', { name: /^Unlike\b/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('stat-likes')).toHaveText('1')
  await expect(page.getByTestId('like-button-count')).toHaveText('1')

  // After a reload the state comes from the API.
  await page.reload()
  await expect(page.getByTestId('stat-likes')).toHaveText('1')
  await expect(page.getByTestId('stat-participants')).toHaveText('1 / 10')

  await main(page).getByRole('button', { name: /^Unlike\b/ }).click()
  await expect(page.getByTestId('stat-likes')).toHaveText('0')

  await main(page).getByRole('button', { name: 'Leave', exact: true }).click()
  await expect(page.getByTestId('toast')).toHaveText('You have left the event.')
  await expect(page.getByTestId('stat-participants')).toHaveText('0 / 10')
  await expect(page.getByText('No participants yet.')).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Join', exact: true })).toBeEnabled()
})

test('signed out: Join shows the login notice with a sign-in link', async ({ page, createUser }) => {
  const event = await createEventViaApi(await createUser(), pricedEvent())
  await page.goto(`/event/${event._id}`)
  await expect(main(page).getByRole('button', { name: /^Like\b/ })).toHaveCount(0)
  await main(page).getByRole('button', { name: 'Join', exact: true }).click()
  const notice = page.getByTestId('login-notice')
  await expect(notice).toContainText('Please log in to participate in the event.')
  await expect(notice.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/auth?redirectTo=/event/${event._id}`,
  )
  await expect(page.getByTestId('stat-participants')).toHaveText('0 / 10')
})

test('a full event offers its waiting list instead; an ended one cannot be joined, with the reason', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const full = await createEventViaApi(organizer, pricedEvent({ maxParticipants: 1 }))
  await callApiAs(await createUser(), 'PUT', `/event/${full._id}/participate`)
  await signIn(page, await createUser())
  await page.goto(`/event/${full._id}`)
  await expect(main(page).getByRole('button', { name: 'Join', exact: true })).toHaveCount(0)
  await expect(main(page).getByRole('button', { name: 'Join the waiting list' })).toBeEnabled()
  await expect(page.locator('#join')).toContainText('No free places left. Join the waiting list')
  await expect(page.getByTestId('stat-participants')).toHaveText('1 / 1')

  const ended = await createEventViaApi(organizer, pricedEvent())
  moveToPast(ended._id)
  await page.goto(`/event/${ended._id}`)
  const joinEnded = main(page).getByRole('button', { name: 'Join', exact: true })
  await expect(joinEnded).toBeDisabled()
  await expect(joinEnded).toHaveAccessibleDescription('This event has ended, joining is closed.')
  // The page itself says so.
  await expect(page.getByText('This event has ended.', { exact: true })).toBeVisible()
})

test('a page left open while the last seat went: Join says so and the page shows the event as it is now', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const event = await createEventViaApi(await createUser(), pricedEvent({ maxParticipants: 1 }))
  await signIn(page, await createUser())
  await page.goto(`/event/${event._id}`)
  const join = main(page).getByRole('button', { name: 'Join', exact: true })
  if (javaScriptEnabled) await waitForHydration(join)
  await callApiAs(await createUser(), 'PUT', `/event/${event._id}/participate`) // meanwhile, someone else
  await join.click()
  const refusal = 'There are no free places left.'
  if (javaScriptEnabled) await expect(page.locator('#join').getByRole('alert')).toHaveText(refusal)
  else await expect(page.getByTestId('toast')).toContainText(refusal)
  await expect(main(page).getByRole('button', { name: 'Join the waiting list' })).toBeEnabled()
  await expect(page.getByTestId('stat-participants')).toHaveText('1 / 1')
})

test('the organizer removes a participant', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const guest = await createUser()
  const event = await createEventViaApi(organizer, pricedEvent())
  await callApiAs(guest, 'PUT', `/event/${event._id}/participate`)
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByTestId('participants')).toContainText(`@${guest.username}`)
  // The organizer takes no seat and has no Join.
  await expect(main(page).getByRole('button', { name: 'Join', exact: true })).toHaveCount(0)
  await expect(page.getByText('You are the organizer.')).toBeVisible()

  await page.getByRole('button', { name: 'Remove Tester Example' }).click()
  await expect(page.getByTestId('toast')).toHaveText('The participant was removed.')
  await expect(page.getByText('No participants yet.')).toBeVisible()
  await expect(page.getByTestId('stat-participants')).toHaveText('0 / 10')
})

test('the organizer deletes the event: "Deleted!", then the page is not found', async ({
  page,
  browser,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, pricedEvent())
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  if (javaScriptEnabled) page.once('dialog', (dialog) => void dialog.accept())
  await main(page).getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(`${e2e.webUrl}/`)
  await expect(page.getByTestId('toast')).toHaveText('Deleted!')

  const other = await browser.newContext({ javaScriptEnabled })
  try {
    const visitor = await other.newPage()
    const response = await visitor.goto(`${e2e.webUrl}/event/${event._id}`)
    expect(response?.status()).toBe(404)
    await expect(visitor.getByText('Sorry! the page you are looking for does not exist.')).toBeVisible()
  } finally {
    await other.close()
  }
})

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the confirmation dialog needs JavaScript')

  test('Delete asks first and a dismissed dialog keeps the event', async ({ page, createUser, signIn }) => {
    const organizer = await createUser()
    const event = await createEventViaApi(organizer, pricedEvent())
    await signIn(page, organizer)
    await page.goto(`/event/${event._id}`)
    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.dismiss()
    })
    const remove = main(page).getByRole('button', { name: 'Delete', exact: true })
    await waitForHydration(remove)
    await remove.click()
    await expect.poll(() => asked).toBe('Delete this event? This cannot be undone.')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible()
  })
})

test('a PRIVATE event shows strangers the private page without details', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const fields = pricedEvent({ accessType: 'PRIVATE', description: 'Secret rooftop party' })
  const event = await createEventViaApi(organizer, fields)

  // Signed out: a way to sign in.
  let response = await page.goto(`/event/${event._id}`)
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Private event' })).toBeVisible()
  await expect(page.getByText('Ask the organizer for an invitation.', { exact: false })).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/auth?redirectTo=/event/${event._id}`,
  )
  await expect(page.getByText('Secret rooftop party')).toHaveCount(0)
  await expect(page.getByText(fields.address as string)).toHaveCount(0)

  // A signed-in stranger: the same page, no sign-in link, no details, and no calendar file.
  await signIn(page, await createUser())
  response = await page.goto(`/event/${event._id}`)
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Private event' })).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await expect(page.getByText('Secret rooftop party')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toHaveCount(0)
  const ics = await page.request.get(`/event/${event._id}/calendar.ics`)
  expect(ics.status()).toBe(403)

  // The organizer opens it.
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByTestId('event-description')).toHaveText('Secret rooftop party')
  await expect(page.getByTestId('access-info')).toContainText('Private event: only invited people')
})

test('the owner sees the PENDING text and the Edit link', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, pricedEvent())
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByTestId('moderation-banner')).toContainText('Your post is under review.')
  await expect(page.getByTestId('moderation-banner')).toContainText('The photo is under review.')
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/event/${event._id}/edit`)
})

test('a place shows its opening hours and has no Join', async ({ page, createUser }) => {
  const admin = await createUser({ role: 'admin' })
  const place = await createPlaceViaApi(admin, {
    hours: [
      { day: 'monday', open: '09:00', close: '18:00' },
      { day: 'saturday', open: '10:00', close: '14:00' },
    ],
  })
  await page.goto(`/event/${place._id}`)
  await expect(page.getByRole('heading', { level: 1, name: place.title })).toBeVisible()
  const hours = page.getByTestId('opening-hours')
  await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible()
  await expect(hours.getByRole('row', { name: /Monday/ })).toContainText('09:00–18:00')
  await expect(hours.getByRole('row', { name: /Saturday/ })).toContainText('10:00–14:00')
  await expect(hours.getByRole('row', { name: /Sunday/ })).toContainText('Closed')
  await expect(main(page).getByRole('button', { name: 'Join', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0)
  await expect(page.getByTestId('stat-participants')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'https://t.me/nearby_place' })).toBeVisible()
})

test('the .ics file has a VEVENT with the right DTSTART', async ({ page, createUser }) => {
  const fields = pricedEvent({ title: 'Jazz, wine; friends', startDate: daysFromNow(7, 19), endDate: daysFromNow(7, 22) })
  const event = await createEventViaApi(await createUser(), fields)
  const response = await page.request.get(`/event/${event._id}/calendar.ics`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('text/calendar')
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="jazz-wine-friends-[\w]+\.ics"$/)
  const body = await response.text()
  const lines = body.replace(/\r\n[ \t]/g, '').split('\r\n')
  const utc = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  expect(lines).toContain('BEGIN:VEVENT')
  expect(lines).toContain(`DTSTART:${utc(fields.startDate as string)}`)
  expect(lines).toContain(`DTEND:${utc(fields.endDate as string)}`)
  expect(lines).toContain('SUMMARY:Jazz\\, wine\\; friends')
  expect(lines).toContain('GEO:44.817;20.457')
  expect(lines).toContain(`URL:${e2e.webUrl}/event/${event._id}`)
  expect(lines.some((line) => line.startsWith(`UID:${event._id}@`))).toBe(true)

  const missing = await page.request.get('/event/00000000-0000-0000-0000-000000000000/calendar.ics')
  expect(missing.status()).toBe(404)
})

test('the head has OpenGraph tags and a schema.org Event', async ({ page, createUser }) => {
  const fields = pricedEvent()
  const event = await createEventViaApi(await createUser(), fields)
  await page.goto(`/event/${event._id}`)
  await expect(page).toHaveTitle(`${fields.title} · Nearby`)
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content')
  expect(await meta('meta[property="og:title"]')).toBe(fields.title)
  expect(await meta('meta[property="og:description"]')).toBe(fields.description)
  expect(await meta('meta[name="description"]')).toBe(fields.description)
  expect(await meta('meta[property="og:url"]')).toBe(`${e2e.webUrl}/event/${event._id}`)
  expect(await meta('meta[property="og:type"]')).toBe('website')
  expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/uploads\//)

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
  expect(jsonLd).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: fields.title,
    startDate: fields.startDate,
    endDate: fields.endDate,
    location: {
      '@type': 'Place',
      address: fields.address,
      geo: { '@type': 'GeoCoordinates', latitude: 44.817, longitude: 20.457 },
    },
    organizer: { '@type': 'Person', name: 'Tester Example' },
    offers: { '@type': 'Offer', price: 500, priceCurrency: 'RSD' },
  })
  expect(jsonLd.image[0]).toMatch(/^https?:\/\//)
})

test('an unknown event is the not-found page', async ({ page }) => {
  const response = await page.goto('/event/00000000-0000-0000-0000-000000000000')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Sorry! the page you are looking for does not exist.')).toBeVisible()
})

test('Russian: the page and its notices are translated', async ({ page, createUser }) => {
  const event = await createEventViaApi(await createUser(), pricedEvent())
  await page.goto(`/event/${event._id}`)
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByTestId('chat-notice')).toHaveText('Пожалуйста, используйте мобильное приложение для доступа к чату.')
  await expect(main(page).getByRole('button', { name: 'Участвовать', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Добавить в календарь' })).toBeVisible()
})
