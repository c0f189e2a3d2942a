// The events and places lists (SPEC §2 "Home and places screens", §4 list filter) with JavaScript on and
// off. Other specs share the API, so each test puts its events on a far-future day of its own and looks
// at that day only.
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'
import { apiToken, createEventViaApi, createPlaceViaApi, type ApiEvent } from './event-fixtures'
import { e2e } from './env'
import { formatDaySpan } from '#contract'

const NOVI_SAD: [number, number] = [19.8335, 45.2671] // ~70 km from Belgrade: outside its 50 km radius

/** A day 400–1400 days ahead (YYYY-MM-DD) and an instant at 10:00 UTC on it. */
function uniqueDay() {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + 400 + Math.floor(Math.random() * 1000))
  date.setUTCHours(10, 0, 0, 0)
  return { day: date.toISOString().slice(0, 10), at: date.toISOString() }
}

/** The header's dates: one day, typed into the date inputs (no JavaScript) or picked in the calendar. */
async function chooseDay(page: Page, javaScriptEnabled: boolean, day: string) {
  const search = page.locator('form[role="search"]').first()
  if (!javaScriptEnabled) {
    await search.locator('#header-start-date').fill(day)
    await search.locator('#header-end-date').fill(day)
    return
  }
  await search.getByRole('button', { name: /^Any dates/ }).click()
  const calendar = page.getByRole('dialog', { name: 'Choose the dates' })
  const [year, month] = day.split('-').map(Number)
  await calendar.getByRole('combobox', { name: 'Choose the Year' }).selectOption(String(year))
  await calendar.getByRole('combobox', { name: 'Choose the Month' }).selectOption(String(month! - 1))
  await calendar.locator(`[data-day="${day}"]:not([data-outside]) button`).click()
  await calendar.getByRole('button', { name: 'Done' }).click()
}

test('category, city and date filters narrow the list', async ({ page, createUser, javaScriptEnabled }) => {
  const organizer = await createUser()
  const { day, at } = uniqueDay()
  const stamp = Date.now()
  const concert = await createEventViaApi(organizer, {
    title: `Concert ${stamp}`,
    startDate: at,
    categories: ['concerts'],
    price: { donation: false, amount: 10, currency: 'EUR', range: 'FROM' },
  })
  const workshop = await createEventViaApi(organizer, { title: `Workshop ${stamp}`, startDate: at, categories: ['kids'] })
  const faraway = await createEventViaApi(organizer, {
    title: `Games ${stamp}`,
    startDate: at,
    categories: ['games'],
    coordinates: NOVI_SAD,
    address: 'Zmaj Jovina 1, Novi Sad',
  })

  await page.goto('/')
  await chooseDay(page, javaScriptEnabled, day)
  await page.locator('form[role="search"]').first().getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`startDate=${day}.*endDate=${day}`))
  const cards = page.getByTestId('event-list').getByTestId('event-card')
  // Near the default centre (Belgrade): the two Belgrade events, not the Novi Sad one.
  await expect(cards).toHaveCount(2)
  await expect(cards.filter({ hasText: concert.title })).toHaveCount(1)
  await expect(cards.filter({ hasText: workshop.title })).toHaveCount(1)
  await expect(cards.filter({ hasText: concert.title })).toContainText('from 10 EUR')
  await expect(page.getByTestId('date-summary')).toContainText(day.split('-').reverse().join('-'))

  await page.getByRole('navigation', { name: 'Categories' }).first().getByRole('link', { name: 'Concerts' }).click()
  await expect(page).toHaveURL(/categories=concerts/)
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(concert.title)

  // "All" resets the category; a city moves the centre, and the dates are kept.
  await page.getByRole('navigation', { name: 'Categories' }).first().getByRole('link', { name: 'All' }).click()
  await expect(cards).toHaveCount(2)
  await page.locator('#header-city').fill('Novi Sad')
  await page.locator('form[role="search"]').first().getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Novi Sad')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(faraway.title)
})

test('a past day is refused with a message and the typed value is kept', async ({ page }) => {
  await page.goto('/?startDate=01-01-2020')
  await expect(page.getByRole('alert').filter({ hasText: 'Past dates cannot be picked.' })).toBeVisible()
  await expect(page.getByTestId('event-list')).toBeVisible()
})

test('the second page: Load more without JavaScript, infinite scroll with it', async ({ page, createUser, javaScriptEnabled }) => {
  const organizer = await createUser()
  const { day, at } = uniqueDay()
  for (let i = 0; i < 13; i += 1) await createEventViaApi(organizer, { title: `Paged ${i} ${day}`, startDate: at })

  await page.goto(`/?startDate=${day}&endDate=${day}`)
  const cards = page.getByTestId('event-list').getByTestId('event-card')
  await expect(cards).toHaveCount(12)
  if (javaScriptEnabled) {
    await page.mouse.wheel(0, 20_000)
    await expect(cards).toHaveCount(13)
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText('That is everything.')).toBeVisible()
  } else {
    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(cards).toHaveCount(13)
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)
  }
  // A reload of ?page=2 shows both pages.
  await page.reload()
  await expect(cards).toHaveCount(13)
})

test('with JavaScript, a signed-in user’s scroll through six pages costs five page loads and a few view batches, reloads no loader and keeps every page', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'views are counted by script')
  test.slow()
  const organizer = await createUser()
  const { day, at } = uniqueDay()
  const PAGES = 6
  const total = 12 * (PAGES - 1) + 1
  // Eight at a time with one sign-in: 61 events one by one would be most of the test's time.
  const asOrganizer = { token: await apiToken(organizer) }
  const events: ApiEvent[] = []
  for (let first = 0; first < total; first += 8) {
    const batch = Array.from({ length: Math.min(8, total - first) }, (_, k) =>
      createEventViaApi(asOrganizer, { title: `Viewed ${first + k} ${day}`, startDate: at }),
    )
    events.push(...(await Promise.all(batch)))
  }
  await signIn(page, await createUser())

  // The notification socket's ticket is asked for once after hydration: not part of the scroll.
  const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/ws/'))
  await page.goto(`/?startDate=${day}&endDate=${day}`)
  const cards = page.getByTestId('event-list').getByTestId('event-card')
  await expect(cards).toHaveCount(12)
  await waitForHydration(cards.first())
  await socketOpened
  // Record whether the list ever shows fewer cards than it did (a revalidation reset it to page 1).
  await page.evaluate(() => {
    const count = () => document.querySelectorAll('[data-testid="event-list"] [data-testid="event-card"]').length
    const w = window as unknown as { mostCards: number; cardsDropped: boolean }
    w.mostCards = count()
    w.cardsDropped = false
    new MutationObserver(() => {
      const now = count()
      if (now < w.mostCards) w.cardsDropped = true
      w.mostCards = Math.max(w.mostCards, now)
    }).observe(document.body, { childList: true, subtree: true })
  })
  // Every request the page makes from now on, but for its own scripts, styles and pictures.
  const requests: string[] = []
  page.on('request', (request) => {
    if (!['document', 'fetch', 'xhr'].includes(request.resourceType())) return
    const url = new URL(request.url())
    requests.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  for (let loaded = 12; loaded < total; ) {
    await page.mouse.wheel(0, 20_000)
    loaded = Math.min(total, loaded + 12)
    await expect(cards).toHaveCount(loaded)
  }
  await expect(page.getByText('That is everything.')).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Views leave in batches a second apart, not one request per card.
  await expect.poll(() => requests.filter((request) => request === 'POST /resources/view').length).toBeGreaterThan(0)
  await page.waitForTimeout(1_500)
  const pageLoads = requests.filter((request) => /^GET .*[?&]page=\d/.test(request))
  const viewBatches = requests.filter((request) => request === 'POST /resources/view')
  // Remix asks which routes the links of the new cards lead to (lazy route discovery): one per page at most.
  const routeDiscovery = requests.filter((request) => request.startsWith('GET /__manifest?'))
  const revalidations = requests.filter((request) => ![...pageLoads, ...viewBatches, ...routeDiscovery].includes(request))
  const all = requests.join('\n')
  expect(pageLoads, all).toHaveLength(PAGES - 1)
  expect(new Set(pageLoads).size, 'no page twice').toBe(PAGES - 1)
  expect(revalidations).toEqual([])
  expect(viewBatches.length, all).toBeLessThanOrEqual(PAGES + 2)
  expect(routeDiscovery.length, all).toBeLessThanOrEqual(PAGES)
  expect(requests.length, all).toBeLessThanOrEqual(3 * PAGES + 2)
  // …the views are counted: the first card (seen on arrival) and the last (seen at the bottom)…
  for (const card of [cards.first(), cards.last()]) {
    const id = ((await card.getByRole('link').first().getAttribute('href')) ?? '').split('/').pop()
    expect(events.some((event) => event._id === id)).toBe(true)
    await expect
      .poll(async () => ((await (await fetch(`${e2e.apiUrl}/event/${id}`)).json()) as { views: number }).views)
      .toBe(1)
  }
  // …and no page loaded by scrolling was ever dropped.
  expect(await page.evaluate(() => (window as unknown as { cardsDropped: boolean }).cardsDropped)).toBe(false)
  await expect(cards).toHaveCount(total)
})

test('the map shows a marker whose popup gives the price and closes', async ({ page, createUser, javaScriptEnabled }) => {
  const organizer = await createUser()
  const { day, at } = uniqueDay()
  const event = await createEventViaApi(organizer, {
    title: `Mapped ${Date.now()}`,
    startDate: at,
    price: { donation: true },
  })
  await page.goto(`/?startDate=${day}&endDate=${day}`)
  const map = page.getByRole('region', { name: 'Map' })
  if (!javaScriptEnabled) {
    await expect(map).toContainText('The map needs JavaScript')
    return
  }
  const marker = map.locator(`.leaflet-marker-icon[title="${event.title}"]`)
  await expect(marker).toBeVisible()
  await marker.click()
  const popup = page.getByTestId('map-popup')
  await expect(popup).toContainText(event.title)
  await expect(popup).toContainText('Donation')
  await page.locator('.leaflet-popup-close-button').click()
  await expect(popup).toHaveCount(0)
  // Tiles come from the configured (fake) tile server.
  await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /127\.0\.0\.1:\d+\/\d+\/\d+\/\d+\.png/)
})

test('the my tab shows only the signed-in user’s events and places; visitors are asked to sign in', async ({
  page,
  createUser,
  signIn,
}) => {
  await page.goto('/?filter=my')
  await expect(page.getByText('Sign in to see your own events.')).toBeVisible()

  const admin = await createUser({ role: 'admin' })
  const event = await createEventViaApi(admin, { title: `Mine ${Date.now()}` })
  const place = await createPlaceViaApi(admin, { title: `My place ${Date.now()}` })
  await signIn(page, admin)
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Which events' }).getByRole('link', { name: 'My events' }).click()
  const cards = page.getByTestId('event-list').getByTestId('event-card')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(event.title)

  await page.goto('/places?filter=my')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(place.title)
  await expect(cards.first()).toContainText('Place')
})

test('timeline groups events by day; under 575 px the Map/List toggle and the drawer work', async ({
  page,
  createUser,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  const { day, at } = uniqueDay()
  const event = await createEventViaApi(organizer, { title: `Timeline ${Date.now()}`, startDate: at })
  await page.goto(`/?startDate=${day}&endDate=${day}&view=timeline`)
  await expect(page.getByTestId('event-row').filter({ hasText: event.title })).toHaveCount(1)

  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/?startDate=${day}&endDate=${day}`)
  const drawer = page.getByTestId('mobile-filters')
  await drawer.locator('summary').click()
  await expect(drawer.getByRole('button', { name: 'Search Event' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Concerts' })).toBeVisible()
  if (javaScriptEnabled) {
    const list = page.getByTestId('event-list')
    await expect(list).toBeVisible()
    await page.getByRole('button', { name: 'Map', exact: true }).click()
    await expect(list).toBeHidden()
    await expect(page.getByRole('region', { name: 'Map' })).toBeVisible()
    await page.getByRole('button', { name: 'List', exact: true }).click()
    await expect(list).toBeVisible()
  }
})

test('the lists’ titles are in the reader’s language and name the city; the site description stays', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle(/^Events near .+ · Nearby$/)
  const description = page.locator('meta[name="description"]')
  await expect(description).toHaveCount(1)
  await expect(description).toHaveAttribute('content', 'Events and places near you')
  await page.goto('/places?city=Novi%20Sad')
  await expect(page).toHaveTitle('Places near Novi Sad · Nearby')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page).toHaveTitle(/ · Nearby$/)
  await expect(page).not.toHaveTitle(/Places near/)
  await expect(page.locator('meta[name="description"]')).toHaveCount(1)
})

test('the Now tab lists what runs at this moment, with the days of an event that lasts days', async ({ page, createUser, javaScriptEnabled }) => {
  const organizer = await createUser()
  const stamp = Date.now()
  // Begun a few minutes ago (within the form's slack for a start in the past), on for three days.
  const start = new Date(stamp - 4 * 60_000).toISOString()
  const end = new Date(stamp + 3 * 86_400_000).toISOString()
  await createEventViaApi(organizer, { title: `Festival ${stamp}`, startDate: start, endDate: end })
  await createEventViaApi(organizer, { title: `Tomorrow ${stamp}`, startDate: new Date(stamp + 86_400_000).toISOString() })
  // The span is written by the server and again by the browser: the page must hydrate without a mismatch.
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto('/')
  const now = page.getByRole('navigation', { name: 'Which events' }).getByRole('link', { name: 'Now', exact: true })
  if (javaScriptEnabled) await waitForHydration(now)
  await now.click()
  await expect(page).toHaveURL(/filter=now/)
  await expect(now).toHaveAttribute('aria-current', 'page')
  const festival = page.getByRole('article').filter({ hasText: `Festival ${stamp}` })
  await expect(festival).toBeVisible()
  await expect(festival).toContainText(formatDaySpan(start, end, 'en', e2e.timeZone)!)
  await expect(page.getByText(`Tomorrow ${stamp}`)).toHaveCount(0)
  // Active lists both; the festival once, with its days.
  await page.getByRole('navigation', { name: 'Which events' }).getByRole('link', { name: 'Active', exact: true }).click()
  await expect(page.getByRole('article').filter({ hasText: `Festival ${stamp}` })).toHaveCount(1)
  expect(pageErrors).toEqual([])
})
