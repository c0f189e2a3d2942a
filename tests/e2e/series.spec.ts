// Recurring events in the browser (issue 27, decision 041), with JavaScript on and off: create a weekly series
// through the form and see its dates on the page; open another date; the organizer edits "this and the
// following" and cancels one date of the series.
import { choosePoint, eventForm as form, fillStart, nextWeek, photoFile, waitForApp } from './event-fixtures'
import { e2e } from './env'
import { expect, test } from './fixtures'

test('create a weekly series and see its dates; another date has its own page; edit this and the following', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  const organizer = await createUser()
  await signIn(page, organizer)
  await page.goto('/event/new')
  if (javaScriptEnabled) await waitForApp(page)
  const title = `Weekly ${Date.now().toString(36)}`
  await form(page).getByLabel('Title').fill(title)
  await form(page).getByLabel('Description').fill('Swing dancing every week')
  await fillStart(form(page), nextWeek(), javaScriptEnabled)
  await choosePoint(page, javaScriptEnabled)
  await form(page).getByLabel('Concerts').check()
  await form(page).getByLabel('Repeats', { exact: true }).selectOption('WEEKLY')
  await form(page).getByLabel('Or this many dates in all (optional)').fill('3')
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile())
  await form(page).getByRole('button', { name: 'Publish' }).click()

  await expect(page.getByText('Event created!')).toBeVisible()
  const dates = page.getByTestId('series-dates')
  await expect(dates.getByRole('listitem')).toHaveCount(3)
  await expect(dates.locator('[aria-current="page"]')).toHaveCount(1)
  const firstId = new URL(page.url()).pathname.split('/').pop()!
  const series = (await (await fetch(`${e2e.apiUrl}/event/${firstId}`)).json()) as { series: { rrule: string; dates: { _id: string; startDate: string }[] } }
  expect(series.series.rrule).toMatch(/^FREQ=WEEKLY;BYDAY=[A-Z]{2};COUNT=3$/)
  // A week apart, at the same local time.
  const [a, b, c] = series.series.dates.map((d) => Date.parse(d.startDate))
  expect([b! - a!, c! - b!].every((gap) => Math.abs(gap - 7 * 86_400_000) <= 3600_000)).toBe(true)

  // The second date is an event of its own, with the same series.
  await dates.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/event/${series.series.dates[1]!._id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByTestId('series-dates').locator('[aria-current="page"]')).toHaveCount(1)

  // Edit this and the following: the second and third dates get the new title, the first keeps its own.
  await page.goto(`/event/${series.series.dates[1]!._id}/edit`)
  if (javaScriptEnabled) await waitForApp(page)
  await form(page).getByLabel('Title').fill(`${title} (moved hall)`)
  await form(page).getByLabel('This and the following dates').check()
  await form(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Changes applied!')).toBeVisible()
  const titles = await Promise.all(
    series.series.dates.map(async (d) => ((await (await fetch(`${e2e.apiUrl}/event/${d._id}`)).json()) as { title: string }).title),
  )
  expect(titles).toEqual([title, `${title} (moved hall)`, `${title} (moved hall)`])

  // Cancel one date: the others stay.
  await page.goto(`/event/${series.series.dates[2]!._id}/cancel`)
  await page.getByTestId('cancel-drawer').getByRole('button', { name: 'Cancel the event' }).click()
  await expect(page.getByTestId('event-cancelled')).toBeVisible()
  const first = (await (await fetch(`${e2e.apiUrl}/event/${firstId}`)).json()) as { cancelledAt: string | null; series: { dates: { cancelled: boolean }[] } }
  expect(first.cancelledAt).toBeNull()
  expect(first.series.dates.map((d) => d.cancelled)).toEqual([false, false, true])
  // On the cancelled date's own page its entry in the series' list is struck through and said cancelled too.
  const own = page.getByTestId('series-dates').locator('[aria-current="page"]')
  await expect(own).toHaveCSS('text-decoration-line', 'line-through')
  await expect(own).toContainText('(cancelled)')
})
