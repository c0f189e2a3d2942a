// The event form's start and end in the site's format (issue 28): with JavaScript a DD-MM-YYYY day (typed or
// picked in the site's calendar, past days disabled) and a 24-hour time, with the time zone said; without it
// the browser's own input. Keyboard only, in English and Russian, and the value round-trips through an edit.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createEventViaApi, eventForm as form, waitForApp } from './event-fixtures'
import { e2e } from './env'

/** YYYY-MM-DD `days` from today in the site's zone. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: e2e.timeZone }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
const display = (iso: string) => iso.split('-').reverse().join('-')
const hiddenValue = (page: Page, name: string) => form(page).locator(`input[type="hidden"][name="${name}"]`).inputValue()

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the picker is JavaScript; without it the browser’s input stays (event-form.spec.ts)')

test('keyboard only: a typed day, a day moved in the calendar, a 24-hour time, and the zone said', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await waitForApp(page)
  await expect(form(page).getByText('Times are in the Europe/Belgrade time zone.')).toBeVisible()
  const start = form(page).getByLabel('Starts')
  await expect(start).toHaveAttribute('placeholder', 'DD-MM-YYYY')

  // The calendar opens on this month, whose past days cannot be picked (unless this month starts today on a
  // Monday: then its grid shows none); Escape closes it.
  await start.focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  const calendar = page.getByRole('dialog', { name: 'Choose the day' })
  await expect(calendar).toBeVisible()
  const today = dayFromToday(0)
  const startsOnMonday = today.endsWith('-01') && new Date(`${today}T12:00:00Z`).getUTCDay() === 1
  if (!startsOnMonday) expect(await calendar.locator('td[data-disabled="true"]').count()).toBeGreaterThan(0)
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()

  const typed = dayFromToday(10)
  await start.focus()
  await page.keyboard.type(display(typed).replace(/^0/, ''))
  await page.keyboard.press('Tab')
  await expect(start).toHaveValue(display(typed))
  // The calendar button: Enter opens the calendar on the typed day; → moves a day, Enter picks it and closes.
  await expect(form(page).getByRole('button', { name: 'Open the calendar' }).first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(calendar).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(calendar).toBeHidden()
  await expect(form(page).getByRole('button', { name: 'Open the calendar' }).first()).toBeFocused()
  await expect(start).toHaveValue(display(dayFromToday(11)))
  await page.keyboard.press('Tab')
  await expect(form(page).getByLabel('Start time (24-hour)')).toBeFocused()
  await page.keyboard.type('1930')
  await page.keyboard.press('Tab')
  await expect(form(page).getByLabel('Start time (24-hour)')).toHaveValue('19:30')
  expect(await hiddenValue(page, 'startDate')).toBe(`${dayFromToday(11)}T19:30`)

  // Not a time: the form says so, and keeps what was typed.
  await form(page).getByLabel('Start time (24-hour)').fill('25:99')
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(form(page).getByLabel('Start time (24-hour)')).toHaveValue('25:99')
  await expect(form(page).getByLabel('Starts')).toHaveAttribute('aria-invalid', 'true')
})

test('in Russian: the labels, the calendar and the zone in Russian', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await waitForApp(page)
  await expect(form(page).getByText('Время указано в часовом поясе Europe/Belgrade.')).toBeVisible()
  const start = form(page).getByLabel('Начало')
  await expect(start).toHaveAttribute('placeholder', 'ДД-ММ-ГГГГ')
  await start.focus()
  await page.keyboard.type(display(dayFromToday(5)))
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  const calendar = page.getByRole('dialog', { name: 'Выберите день' })
  await expect(calendar).toBeVisible()
  await expect(calendar.getByRole('combobox').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Tab')
  await expect(form(page).getByLabel('Время начала (24 часа)')).toBeFocused()
  await page.keyboard.type('9:05')
  await page.keyboard.press('Tab')
  expect(await hiddenValue(page, 'startDate')).toBe(`${dayFromToday(5)}T09:05`)
})

test('the start round-trips through an edit: shown as DD-MM-YYYY and 24-hour, saved unchanged', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  // 19:30 in Belgrade on a day in a month: CET or CEST, the page says it in the site's zone either way.
  const day = dayFromToday(20)
  const local = `${day}T19:30`
  const offset = new Intl.DateTimeFormat('en', { timeZone: e2e.timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value.replace('GMT', '') || '+00:00'
  const event = await createEventViaApi(organizer, { startDate: new Date(`${local}:00${offset}`).toISOString() })
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/edit`)
  await waitForApp(page)
  await expect(form(page).getByLabel('Starts')).toHaveValue(display(day))
  await expect(form(page).getByLabel('Start time (24-hour)')).toHaveValue('19:30')
  expect(await hiddenValue(page, 'startDate')).toBe(local)
  await form(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Changes applied!')).toBeVisible()
  const saved = (await (await fetch(`${e2e.apiUrl}/event/${event._id}`)).json()) as { startDate: string }
  expect(new Date(saved.startDate).toISOString()).toBe(new Date(`${local}:00${offset}`).toISOString())
})

test('a start typed into the browser’s own input before the scripts ran is kept when the site’s fields take over', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  // A slow phone: the page is there, its scripts are not yet.
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/build\/.*\.js$/, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto('/event/new')
  const day = dayFromToday(12)
  await form(page).locator('input[type="datetime-local"][name="startDate"]').fill(`${day}T19:30`)
  release()
  await waitForApp(page)
  await expect(form(page).getByLabel('Starts')).toHaveValue(display(day))
  await expect(form(page).getByLabel('Start time (24-hour)')).toHaveValue('19:30')
  expect(await hiddenValue(page, 'startDate')).toBe(`${day}T19:30`)
})
