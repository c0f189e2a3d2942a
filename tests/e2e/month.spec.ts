// The month view /calendar/YYYY-MM (issue 43) with JavaScript on and off: a month of its own far ahead (other
// specs keep to nearer days) holds a three-day festival, an evening and a busy day; the grid is a real table with
// weekday headers, the festival is on each of its days, the busy day's "+1 more" leads to that day's list, the
// months step on, and a 360 px phone gets the days as a list.
import { expect, test, waitForHydration } from './fixtures'
import { apiToken, createEventViaApi } from './event-fixtures'

/** A month 1,600–2,400 days ahead, as YYYY-MM, and an instant on its day `day` at `hour` UTC. */
function farMonth() {
  const date = new Date()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + 53 + Math.floor(Math.random() * 26))
  const month = date.toISOString().slice(0, 7)
  return { month, at: (day: number, hour = 17) => `${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z` }
}

const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`
}

test('a month at a glance: each day’s events, a festival on each of its days, "+1 more" to the day’s list', async ({ page, createUser, javaScriptEnabled }) => {
  const organizer = await createUser()
  const token = await apiToken(organizer)
  const { month, at } = farMonth()
  const stamp = Date.now().toString(36)
  await createEventViaApi({ token }, { title: `Festival ${stamp}`, startDate: at(12, 9), endDate: at(14, 20) })
  await createEventViaApi({ token }, { title: `Evening ${stamp}`, startDate: at(5) })
  for (const hour of [8, 10, 12, 14]) await createEventViaApi({ token }, { title: `Busy ${hour} ${stamp}`, startDate: at(20, hour) })

  // Written by the server and again by the browser (month and weekday names): no hydration mismatch.
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`/calendar/${month}`)
  const grid = page.getByTestId('month-grid')
  await expect(grid.getByRole('columnheader')).toHaveCount(7)
  await expect(grid.getByRole('columnheader').first()).toHaveText('Mon')
  await expect(grid.getByRole('link', { name: `Festival ${stamp}` })).toHaveCount(3)
  await expect(grid.getByRole('link', { name: `Evening ${stamp}` })).toHaveCount(1)
  await expect(grid.getByRole('link', { name: `Busy 8 ${stamp}` })).toBeVisible()
  await expect(grid.getByRole('link', { name: `Busy 14 ${stamp}` })).toHaveCount(0)
  await expect(page.getByTestId('month-days')).toBeHidden()

  const more = grid.getByRole('link', { name: '+1 more' })
  if (javaScriptEnabled) await waitForHydration(more)
  await more.click()
  await expect(page).toHaveURL(new RegExp(`startDate=${month}-20&endDate=${month}-20`))
  // The day's list, not the month (with JavaScript the URL may change a moment before the page does).
  await expect(page.getByTestId('month-grid')).toHaveCount(0)
  for (const hour of [8, 10, 12, 14]) await expect(page.getByText(`Busy ${hour} ${stamp}`)).toBeVisible()
  await expect(page.getByText(`Festival ${stamp}`)).toHaveCount(0)

  await page.goto(`/calendar/${month}`)
  await page.getByRole('navigation', { name: 'Months' }).getByRole('link', { name: /→/ }).click()
  await expect(page).toHaveURL(new RegExp(`/calendar/${nextMonth(month)}$`))
  await expect(page.getByTestId('month-grid').getByRole('link', { name: `Festival ${stamp}` })).toHaveCount(0)
  expect(pageErrors).toEqual([])
})

test('the Online switch and the accessibility features narrow the month, and the next month keeps them', async ({ page, createUser }) => {
  const organizer = await createUser()
  const token = await apiToken(organizer)
  const { month, at } = farMonth()
  const stamp = Date.now().toString(36)
  await createEventViaApi({ token }, { title: `Stream ${stamp}`, startDate: at(6), attendanceMode: 'ONLINE', onlineUrl: 'https://stream.example.org/live' })
  await createEventViaApi({ token }, { title: `Ramp ${stamp}`, startDate: at(6, 18), accessibility: 'stepFree' })
  await createEventViaApi({ token }, { title: `Stairs ${stamp}`, startDate: at(6, 19) })

  await page.goto(`/calendar/${month}`)
  const grid = page.getByTestId('month-grid')
  await expect(grid.getByRole('link', { name: new RegExp(`${stamp}$`) })).toHaveCount(3)
  await page.getByTestId('online-filter').click()
  await expect(page).toHaveURL(/online=1/)
  await expect(grid.getByRole('link', { name: new RegExp(`${stamp}$`) })).toHaveCount(1)
  await expect(grid.getByRole('link', { name: `Stream ${stamp}` })).toBeVisible()
  await page.getByTestId('online-filter').click()
  await expect(page).not.toHaveURL(/online=1/)

  const filter = page.getByTestId('accessibility-filter')
  await filter.locator('summary').click()
  await filter.getByLabel('Step-free entrance').check()
  await filter.getByRole('button').click()
  await expect(page).toHaveURL(/accessibility=stepFree/)
  await expect(grid.getByRole('link', { name: new RegExp(`${stamp}$`) })).toHaveCount(1)
  await expect(grid.getByRole('link', { name: `Ramp ${stamp}` })).toBeVisible()
  // The next month keeps what was asked.
  await page.getByRole('navigation', { name: 'Months' }).getByRole('link', { name: /→/ }).click()
  await expect(page).toHaveURL(new RegExp(`/calendar/${nextMonth(month)}\\?accessibility=stepFree$`))
})

test('on a 360 px phone the month is a list of its days; the list links to the month', async ({ page, createUser }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const organizer = await createUser()
  const { month, at } = farMonth()
  const stamp = Date.now().toString(36)
  await createEventViaApi(organizer, { title: `Picnic ${stamp}`, startDate: at(9, 10), endDate: at(10, 15) })
  await page.goto(`/calendar/${month}`)
  await expect(page.getByTestId('month-grid')).toBeHidden()
  const days = page.getByTestId('month-days')
  await expect(days.getByRole('link', { name: `Picnic ${stamp}` })).toHaveCount(2)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(360)

  await page.goto('/')
  await page.getByRole('link', { name: 'Month', exact: true }).click()
  await expect(page).toHaveURL(/\/calendar\/\d{4}-\d{2}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('in Belgrade')
})

test('a path that is no month is not found', async ({ page }) => {
  const response = await page.goto('/calendar/2026-13')
  expect(response?.status()).toBe(404)
})
