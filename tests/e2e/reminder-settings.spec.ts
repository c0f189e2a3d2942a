// Settings → Notifications, the event reminders (docs/decisions/030-event-reminders.md), with JavaScript on
// and off: every switch is on at first; turning off the hour-before reminder and the mail, then Save, shows
// the toast and the page keeps the new state after a reload. In Russian the same form speaks Russian.
import { expect, test, waitForHydration } from './fixtures'

const PATH = '/admin/profile/settings/notifications'

test('turns off the 1 h reminder and the mail: toast, and the state is kept', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto(PATH)
  await expect(page.getByRole('heading', { name: 'Event reminders', level: 2 })).toBeVisible()
  const dayBefore = page.getByLabel('A day before the start')
  const hourBefore = page.getByLabel('An hour before the start')
  const byMail = page.getByLabel('Also send reminders by email')
  await expect(dayBefore).toBeChecked()
  await expect(hourBefore).toBeChecked()
  await expect(byMail).toBeChecked()

  const save = page.getByRole('button', { name: 'Save reminder settings' })
  // With JavaScript the enhanced form (a fetch, no page load) is the path under test.
  if (javaScriptEnabled) await waitForHydration(save)
  await hourBefore.uncheck()
  await byMail.uncheck()
  await save.click()
  await expect(page.getByTestId('toast')).toHaveText(/Reminder settings saved\./)
  await expect(page).toHaveURL(new RegExp(`${PATH}$`))
  await expect(dayBefore).toBeChecked()
  await expect(hourBefore).not.toBeChecked()
  await expect(byMail).not.toBeChecked()

  await page.reload()
  await expect(dayBefore).toBeChecked()
  await expect(hourBefore).not.toBeChecked()
  await expect(byMail).not.toBeChecked()

  // And back on.
  await hourBefore.check()
  await page.getByRole('button', { name: 'Save reminder settings' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Reminder settings saved\./)
  await page.reload()
  await expect(hourBefore).toBeChecked()
  await expect(byMail).not.toBeChecked()
})

test('in Russian', async ({ page, createUser, signIn }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto(PATH)
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { name: 'Напоминания о событиях', level: 2 })).toBeVisible()
  await page.getByLabel('За сутки до начала').uncheck()
  await page.getByRole('button', { name: 'Сохранить настройки напоминаний' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Настройки напоминаний сохранены\./)
  await page.reload()
  await expect(page.getByLabel('За сутки до начала')).not.toBeChecked()
  await expect(page.getByLabel('За час до начала')).toBeChecked()
  await expect(page.getByLabel('Также присылать напоминания на почту')).toBeChecked()
})

test('a forged switch value is refused with 400 and changes nothing', async ({ page, createUser, signIn }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto(PATH)
  const res = await page.request.post(PATH, {
    form: { intent: 'reminders', remind24h: 'maybe' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(res.status()).toBe(400)
  await page.reload()
  await expect(page.getByLabel('A day before the start')).toBeChecked()
  await expect(page.getByLabel('An hour before the start')).toBeChecked()
})
