// What each page costs a person on a slow phone: the compressed bytes of JavaScript Chromium downloads for it
// with a cold cache (a fresh browser context per page, the Accept-Encoding Chromium sends), measured through
// the DevTools protocol. `npm run size` prints the table. Each page has the budget of issue "Light and
// finished" and the test fails above it (bytes are deterministic for a build, so this is a test, not a timing).
import type { Browser, CDPSession } from '@playwright/test'
import { e2e } from './env'
import { createEventViaApi } from './event-fixtures'
import { expect, test, type TestUser } from './fixtures'

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'JavaScript bytes: measured with JavaScript on')

const KiB = 1024

interface Measured {
  page: string
  scripts: number
  bytes: number
  /** Script bytes by file, for the table's biggest items. */
  files: Map<string, number>
}

/** Loads `path` in a fresh context and sums the encoded (on-the-wire) bytes of every script response. */
async function measure(browser: Browser, path: string, options: { cookie?: string; width?: number; showMap?: boolean; mapInView?: boolean } = {}): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 } })
  if (options.cookie) {
    const [name, value] = options.cookie.split(/=(.*)/s) as [string, string]
    await context.addCookies([{ name, value, url: e2e.webUrl, httpOnly: true, sameSite: 'Lax' }])
  }
  const page = await context.newPage()
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const urls = new Map<string, string>()
  const files = new Map<string, number>()
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' || /\.m?js(\?|$)/.test(event.response.url)) urls.set(event.requestId, event.response.url)
  })
  // Body bytes as they came over the wire (compressed), without the response headers.
  cdp.on('Network.dataReceived', (event) => {
    const url = urls.get(event.requestId)
    if (url) files.set(new URL(url).pathname, (files.get(new URL(url).pathname) ?? 0) + event.encodedDataLength)
  })
  await page.goto(path, { waitUntil: 'load' })
  // A page that ships scripts is measured once it has hydrated (and then gone quiet): what it needs to work.
  if ((await page.locator('script[type="module"]').count()) > 0)
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter))
  await page.waitForLoadState('networkidle')
  // The list pages' map loads as it scrolls into view (it is in view at 1280 px): counted once it is there.
  if (options.mapInView) {
    await page.locator('.leaflet-container').waitFor()
    await page.waitForLoadState('networkidle')
  }
  if (options.showMap) {
    await page.getByRole('button', { name: 'Show the map' }).click()
    await page.locator('.leaflet-container').waitFor()
    await page.waitForLoadState('networkidle')
  }
  await context.close()
  const bytes = [...files.values()].reduce((sum, n) => sum + n, 0)
  return { page: path, scripts: files.size, bytes, files }
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`

test('every page ships JavaScript within its budget', async ({ browser, createUser }) => {
  test.slow()
  const organizer: TestUser = await createUser()
  const event = await createEventViaApi(organizer, { title: `Size ${Date.now()}` })

  const rows: { name: string; budget: number | null; measured: Measured }[] = []
  const row = async (name: string, budget: number | null, path: string, options: Parameters<typeof measure>[2] = {}) => {
    rows.push({ name, budget, measured: await measure(browser, path, options) })
  }
  await row('home (with the map)', 200 * KiB, '/', { mapInView: true })
  await row('places (with the map)', 200 * KiB, '/places', { mapInView: true })
  await row('event page, before the map', 150 * KiB, `/event/${event._id}`, { width: 390 })
  await row('event page, map shown', null, `/event/${event._id}`, { width: 390, showMap: true })
  // 125.2 KiB in issue 27, when every page loaded every API text; 123.2 since decision 044 (the browser loads only
  // the texts its own code can show).
  await row('sign in', 125 * KiB, '/auth')
  await row('register', 125 * KiB, '/auth/register')
  await row('forgot password', 125 * KiB, '/auth/forgotPassword')
  await row('people', 125 * KiB, '/users')
  await row('month view', 125 * KiB, '/calendar/2030-06')
  await row('a collection', 125 * KiB, '/collections/for-kids')
  await row('404', 125 * KiB, '/no/such-page')
  await row('privacy policy (static)', 0, '/privacy-policy')
  await row('terms of use (static)', 0, '/terms-of-use')
  await row('embed builder', 125 * KiB, `/embed?organizer=${organizer.id}`)
  // The framed programme other sites show (decision 043): no script at all.
  await row('embedded programme', 0, `/embed/events?organizer=${organizer.id}`)

  const before = rows.find((r) => r.name === 'event page, before the map')!.measured
  const after = rows.find((r) => r.name === 'event page, map shown')!.measured
  const mapChunks = [...after.files].filter(([file]) => !before.files.has(file))
  const mapBytes = mapChunks.reduce((sum, [, n]) => sum + n, 0)

  const lines = rows.map(({ name, budget, measured }) => {
    const biggest = [...measured.files].sort(([, a], [, b]) => b - a).slice(0, 3).map(([file, n]) => `${file.replace(/^\/build\//, '')} ${kib(n)}`)
    const limits = budget === null ? '—' : `budget ${kib(budget)}`
    return `${name.padEnd(30)} ${kib(measured.bytes).padStart(10)}  ${limits.padEnd(18)} ${measured.scripts} files; ${biggest.join(', ')}`
  })
  lines.push(`${'the event page’s map chunk(s)'.padEnd(30)} ${kib(mapBytes).padStart(10)}  ${`budget ${kib(50 * KiB)}`.padEnd(18)} ${mapChunks.map(([file]) => file).join(', ') || 'none: the map ships with the page'}`)
  console.log(`JavaScript per page (compressed, cold cache):\n${lines.join('\n')}`)
  // SIZE_DETAIL=1 lists every file of every page, to see what rides along.
  if (process.env.SIZE_DETAIL)
    for (const { name, measured } of rows)
      console.log(`${name}:\n${[...measured.files].sort(([, a], [, b]) => b - a).map(([file, n]) => `  ${kib(n).padStart(10)} ${file}`).join('\n')}`)

  const over = rows.filter(({ budget, measured }) => budget !== null && measured.bytes > budget).map(({ name, measured, budget }) => `${name}: ${kib(measured.bytes)} > ${kib(budget!)}`)
  if (mapBytes > 50 * KiB) over.push(`the event page's map: ${kib(mapBytes)} > 50 KiB`)
  expect(over).toEqual([])
})
