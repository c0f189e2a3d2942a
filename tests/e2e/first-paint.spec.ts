// The page paints before its scripts arrive (issue 29, app/utils/scripts-after-paint.ts, decision 036): the
// browser asks for no module of the app before the first paint and, on a page with a priority photo, before
// that photo is in; then the modules load and the page hydrates as before. Read from the page's own Paint
// and Resource Timing entries, with the photo slowed down on the wire.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createEventViaApi, waitForApp } from './event-fixtures'
import { SCRIPTS_WAIT_MS } from '../../app/utils/scripts-after-paint'

/** When (ms since navigation) the page first painted, its priority photo came in, and its first module was asked for. */
async function timings(page: Page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const photo = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
    const photoEnd = photo ? (resources.find((entry) => entry.name === photo.currentSrc)?.responseEnd ?? NaN) : null
    const modules = resources.filter((entry) => /\/build\/.*\.js$/.test(new URL(entry.name).pathname))
    return { paint, photoEnd, firstModule: Math.min(...modules.map((entry) => entry.startTime)), modules: modules.length }
  })
}

/** Holds every photo of the API back for `ms` (null: for ever), as a slow line would. */
async function slowPhotos(page: Page, ms: number | null) {
  await page.route(/\/uploads\/posts\//, async (route) => {
    if (ms === null) return // never answered
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without JavaScript there are no scripts to wait for')
})

test('on an event page no module is asked for before the first paint and the first photo; then the page hydrates', async ({ page, createUser }) => {
  const event = await createEventViaApi(await createUser())
  await slowPhotos(page, 1500)
  await page.goto(`/event/${event._id}`)
  await waitForApp(page)
  const { paint, photoEnd, firstModule, modules } = await timings(page)
  expect(modules).toBeGreaterThan(5)
  expect(photoEnd).toBeGreaterThan(1500)
  expect(firstModule).toBeGreaterThan(paint)
  expect(firstModule).toBeGreaterThanOrEqual(photoEnd!)
})

test('a page without a photo asks for its modules right after the first paint', async ({ page }) => {
  await page.goto('/auth')
  await waitForApp(page)
  const { paint, photoEnd, firstModule } = await timings(page)
  expect(photoEnd).toBeNull()
  expect(firstModule).toBeGreaterThan(paint)
  expect(firstModule - paint).toBeLessThan(SCRIPTS_WAIT_MS)
})

test('a photo that never comes holds the scripts back only for a while', async ({ page, createUser }) => {
  const event = await createEventViaApi(await createUser())
  await slowPhotos(page, null)
  await page.goto(`/event/${event._id}`, { waitUntil: 'commit' })
  await waitForApp(page)
  const { firstModule } = await timings(page)
  expect(firstModule).toBeGreaterThanOrEqual(SCRIPTS_WAIT_MS)
})
