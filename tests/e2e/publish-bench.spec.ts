// `npm run bench:publish` (not a test: it prints figures, docs/benchmarks.md, "Publishing from a slow phone"): an event with
// three phone-camera photos (6,000 × 4,000 px, ~7 MB each) published over a 1.6 Mbit/s line, as the plain form
// post sends it (JavaScript off: the original files) and as the enhanced form does (JavaScript on: shrunk in
// the browser, sent ahead with progress). Bytes are the POST bodies; time runs from the click on Publish to
// the event's page. Skipped by `npm test` (BENCH_PUBLISH unset): it takes two minutes and asserts nothing new.
import { expect, signIn, test } from './fixtures'
import { eventForm as form, fillEvent, phonePhotoFile, throttle, waitForApp, watchPosts } from './event-fixtures'

test('publishing three phone photos at 1.6 Mbit/s: bytes sent and time, JavaScript off and on', async ({ browser, createUser, javaScriptEnabled }) => {
  test.skip(!process.env.BENCH_PUBLISH || !javaScriptEnabled, 'a benchmark: npm run bench:publish')
  test.setTimeout(10 * 60_000)
  const user = await createUser()
  const files = await Promise.all(['bench-1.jpg', 'bench-2.jpg', 'bench-3.jpg'].map(phonePhotoFile))
  const rows: string[] = []
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    await signIn(page, user)
    await page.goto('/event/new')
    if (javaScriptEnabled) await waitForApp(page)
    await fillEvent(page, `Bench ${javaScriptEnabled ? 'on' : 'off'} ${Date.now()}`, javaScriptEnabled)
    await throttle(page)
    const watch = watchPosts(page)
    const chosen = Date.now()
    await form(page).getByLabel('Photos', { exact: true }).setInputFiles(files)
    const clicked = Date.now()
    await form(page).getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Event created!')).toBeVisible({ timeout: 5 * 60_000 })
    const done = Date.now()
    const bytes = await watch.bytes()
    rows.push(
      `JavaScript ${javaScriptEnabled ? 'on ' : 'off'}  ${(bytes / 1024 / 1024).toFixed(2).padStart(6)} MB sent  ${((done - clicked) / 1000).toFixed(1).padStart(6)} s from Publish to the event page  (${((done - chosen) / 1000).toFixed(1)} s from choosing the photos)`,
    )
    await context.close()
  }
  console.log(`Publishing an event with three 7 MB phone photos at 1.6 Mbit/s:\n${rows.join('\n')}`)
})
