// Settings → Import calendars (issue 42), with JavaScript on and off: a calendar publisher on loopback serves an
// iCalendar feed; the person adds its address (a bad one is said and kept), sees what the first sync imported and
// skipped, syncs it again (nothing new), finds its events among their own, and removes it (the events stay); gives
// it categories and a default place (an address the geocoder does not know is said and kept), and changes both.
import { expect, test, waitForHydration } from './fixtures'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'
import { callApiAs } from './event-fixtures'

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

test('a calendar’s categories and default place, given when it is added and changed later', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const name = `Gallery ${Date.now()}${javaScriptEnabled ? 'a' : 'b'}`
  const feedPath = `/${encodeURIComponent(name)}.ics`
  const vevent = (uid: string, days: number, place: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART:${at(days)}`, `DTEND:${at(days, 20)}`, `SUMMARY:${name} ${uid}`, ...place, 'END:VEVENT']
  feeds.feeds.set(feedPath, {
    body: ['BEGIN:VCALENDAR', 'VERSION:2.0', `X-WR-CALNAME:${name}`, ...vevent('opening', 3, ['LOCATION:Kalemegdan Park', 'GEO:44.8225;20.4506']), ...vevent('tour', 4, ['LOCATION:No such place 9']), 'END:VCALENDAR'].join('\r\n'),
  })
  await signIn(page, await createUser())
  await page.goto('/admin/profile/settings/sources')
  const addForm = page.locator('form#add-source')
  const add = addForm.getByRole('button', { name: 'Import this calendar' })
  if (javaScriptEnabled) await waitForHydration(add)
  await addForm.getByLabel('Calendar address').fill(feeds.url + feedPath)
  await addForm.getByLabel('Concerts').check()
  const place = addForm.getByLabel('Default place (optional)')
  await place.fill('No such place 1')
  await add.click()
  await expect(addForm.getByText('No place found at this address. Try another spelling.')).toBeVisible()
  await expect(place).toHaveValue('No such place 1')
  await expect(addForm.getByLabel('Calendar address')).toHaveValue(feeds.url + feedPath)
  await expect(addForm.getByLabel('Concerts')).toBeChecked()

  await place.fill('Knez Mihailova 1')
  await add.click()
  await expect(page.getByTestId('toast')).toHaveText(/Calendar imported/)
  const source = page.getByTestId('source')
  // The tour's address is not found: it is at the default place.
  await expect(source.getByText('New: 2, changed: 0, cancelled: 0, removed: 0.')).toBeVisible()
  await expect(source.getByText('Categories: Concerts.')).toBeVisible()
  await expect(source.getByText('Default place: Knez Mihailova 1.')).toBeVisible()

  await source.getByText('Change categories and place').click()
  await source.getByLabel('Concerts').uncheck()
  await source.getByLabel('Kids').check()
  const sourcePlace = source.getByLabel('Default place (optional)')
  await expect(sourcePlace).toHaveValue('Knez Mihailova 1')
  await sourcePlace.fill('No such place 2')
  await source.getByRole('button', { name: 'Save changes' }).click()
  await expect(source.getByText('No place found at this address. Try another spelling.')).toBeVisible()
  await expect(source.getByLabel('Default place (optional)')).toHaveValue('No such place 2')
  await expect(source.getByLabel('Kids')).toBeChecked()

  await source.getByLabel('Default place (optional)').fill('')
  await source.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Calendar changed/)
  await expect(source.getByText('Categories: Kids.')).toBeVisible()
  await expect(source.getByText('No default place: events whose address is not found are skipped.')).toBeVisible()

  // The next sync applies both: the opening is re-categorised, the tour has no place any more and is skipped.
  await source.getByRole('button', { name: 'Sync now' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Calendar synced\./)
  await expect(source.getByText('New: 0, changed: 1, cancelled: 0, removed: 0.')).toBeVisible()
  await expect(source.getByText('1 event skipped')).toBeVisible()
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

test('a moderator sees where an imported event came from, pauses the calendar and trusts it', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const name = `Venue ${Date.now()}${javaScriptEnabled ? 'a' : 'b'}`
  feeds.feeds.set(`/${encodeURIComponent(name)}.ics`, { body: feed(name) })
  const organizer = await createUser()
  const source = await callApiAs(organizer, 'POST', '/sources', { url: `${feeds.url}/${encodeURIComponent(name)}.ics` }, 201)
  const mine = (await callApiAs(organizer, 'GET', '/event/my?limit=50')) as { events: { _id: string; title: string }[] }
  const event = mine.events.find((e) => e.title === `${name}: picnic`)!
  const moderator = await createUser({ role: 'admin' })
  await signIn(page, moderator)
  await page.goto(`/event/${event._id}`)
  const box = page.getByTestId('imported-from')
  await expect(box.getByRole('heading', { name: 'Imported from a calendar' })).toBeVisible()
  await expect(box.getByText(`${feeds.url}/${encodeURIComponent(name)}.ics`)).toBeVisible()
  const pause = box.getByRole('button', { name: 'Pause the calendar' })
  if (javaScriptEnabled) await waitForHydration(pause)
  await pause.click()
  await expect(page.getByTestId('toast')).toHaveText(/The calendar is paused/)
  await expect(page.getByTestId('imported-from').getByText('A moderator paused this calendar: it is not synced.')).toBeVisible()
  await page.getByTestId('imported-from').getByRole('button', { name: 'Trust the calendar' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The calendar is trusted/)
  const after = await callApiAs(organizer, 'GET', `/sources/${source.id as string}`)
  expect(after).toMatchObject({ paused: true, trusted: true })
  // Strangers do not see the calendar's address.
  const stranger = await createUser()
  await signIn(page, stranger)
  await page.goto(`/event/${event._id}`)
  await expect(page.getByRole('heading', { name: 'Imported from a calendar' })).toHaveCount(0)
})
