// Settings → Import calendars (issue 42), with JavaScript on and off: a calendar publisher on loopback serves an
// iCalendar feed; the person adds its address (a bad one is said and kept), sees what the first sync imported and
// skipped, syncs it again (nothing new), finds its events among their own, and removes it (the events stay).
import { expect, test, waitForHydration } from './fixtures'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'

let feeds: CalendarServer

test.beforeAll(async () => {
  feeds = await startCalendarServer()
})
test.afterAll(async () => {
  await feeds?.close()
})

/** iCalendar date-time in UTC, `days` from now at 18:00. */
function at(days: number, hour = 18): string {
  const d = new Date(Date.now() + days * 86_400_000)
  d.setUTCHours(hour, 0, 0, 0)
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

function feed(name: string): string {
  const event = (uid: string, title: string | null, days: number) => [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${at(days)}`,
    `DTEND:${at(days, 20)}`,
    ...(title ? [`SUMMARY:${title}`] : []),
    'LOCATION:Kalemegdan Park, Belgrade',
    'GEO:44.8225;20.4506',
    'END:VEVENT',
  ]
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nextcloud calendar v1//EN',
    `X-WR-CALNAME:${name}`,
    ...event(`${name}-1`, `${name}: open air concert`, 3),
    ...event(`${name}-2`, `${name}: picnic`, 5),
    ...event(`${name}-3`, null, 6),
    'END:VCALENDAR',
  ].join('\r\n')
}

test('import a calendar, see its sync, sync again, remove it', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const name = `Club ${Date.now()}${javaScriptEnabled ? 'a' : 'b'}`
  feeds.feeds.set(`/${encodeURIComponent(name)}.ics`, { body: feed(name) })
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings/sources')
  await expect(page.getByRole('heading', { name: 'Import calendars', level: 2 })).toBeVisible()
  await expect(page.getByText('You import no calendar yet.')).toBeVisible()
  const add = page.getByRole('button', { name: 'Import this calendar' })
  if (javaScriptEnabled) await waitForHydration(add)

  // A bad address is said and kept.
  const address = page.getByLabel('Calendar address')
  await address.fill('my calendar')
  await add.click()
  await expect(page.getByText('Enter a valid link (https://…)!')).toBeVisible()
  await expect(address).toHaveValue('my calendar')

  await address.fill(`${feeds.url}/${encodeURIComponent(name)}.ics`)
  await page.getByLabel('Concerts').check()
  await add.click()
  await expect(page.getByTestId('toast')).toHaveText(/Calendar imported: its events are in My events\./)
  const source = page.getByTestId('source')
  await expect(source.getByText(name, { exact: true })).toBeVisible()
  await expect(source.getByText('New: 2, changed: 0, cancelled: 0, removed: 0.')).toBeVisible()
  await expect(source.getByText('2 events from this calendar')).toBeVisible()
  await source.getByText('1 event skipped').click()
  await expect(source.getByText('Skipped: it has no title.')).toBeVisible()

  const sync = source.getByRole('button', { name: 'Sync now' })
  if (javaScriptEnabled) await waitForHydration(sync)
  await sync.click()
  await expect(page.getByTestId('toast')).toHaveText(/Calendar synced\./)
  await expect(page.getByTestId('source').getByText(/nothing new/)).toBeVisible()

  // Its events are the person's own.
  await page.goto('/?filter=my')
  await expect(page.getByText(`${name}: open air concert`).first()).toBeVisible()

  await page.goto('/admin/profile/settings/sources')
  await page.getByTestId('source').getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Calendar removed\. Its events stay yours\./)
  await expect(page.getByText('You import no calendar yet.')).toBeVisible()
})

test('in Russian, the screen and its outcomes speak Russian', async ({ page, createUser, signIn }) => {
  const name = `Клуб ${Date.now()}`
  feeds.feeds.set('/ru.ics', { body: feed(name) })
  const user = await createUser()
  await signIn(page, user)
  await page.goto('/admin/profile/settings/sources')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { name: 'Импорт календарей', level: 2 })).toBeVisible()
  const add = page.getByRole('button', { name: 'Импортировать календарь' })
  await page.getByLabel('Адрес календаря').fill(`${feeds.url}/ru.ics`)
  await add.click()
  await expect(page.getByTestId('source').getByText('Новых: 2, изменено: 0, отменено: 0, удалено: 0.')).toBeVisible()
  await expect(page.getByTestId('source').getByText('2 события из этого календаря')).toBeVisible()
})
