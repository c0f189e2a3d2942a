// Settings → Profile (SPEC §2, §8) with JavaScript on and off: edit the profile with the success toast
// 'The data has been changed!' ('Данные успешно изменены!' in Russian); bad input keeps what was typed and
// says what is wrong; a taken username shows the API's field error and the failure toast; avatar upload
// and removal with their toasts.
import { expect, test, waitForHydration } from './fixtures'
import { photoFile } from './event-fixtures'
import { e2e } from './env'

const PATH = '/admin/profile/settings/profile'

test('edits the profile: saved with the success toast and shown on the public profile', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto(PATH)
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible()
  // With JavaScript the enhanced form is the path under test: typing starts once the app has started.
  if (javaScriptEnabled) await waitForHydration(page.getByRole('button', { name: 'Save changes' }))
  await expect(page.getByLabel('Username')).toHaveValue(user.username)

  await page.getByLabel('Name', { exact: true }).fill('Annabel')
  await page.getByLabel('Phone').fill('8 999 123 45 67')
  await page.getByLabel('Profession').fill('Photographer')
  await page.getByLabel('Bio').fill('Night walks and jazz clubs.')
  await page.getByRole('main').getByLabel('City').fill('Novi Sad')
  await page.getByLabel('Instagram').fill('https://instagram.com/annabel')
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page.getByTestId('toast')).toHaveText(/The data has been changed!/)
  await page.reload()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Annabel')
  await expect(page.getByLabel('Phone')).toHaveValue('+8 (999) 123-45-67')
  await expect(page.getByRole('main').getByLabel('City')).toHaveValue('Novi Sad')

  await page.goto(`/profile/${user.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Annabel Example' })).toBeVisible()
  await expect(page.getByTestId('profile-phone')).toHaveText('+8 (999) 123-45-67')
  await expect(page.getByTestId('profile-about')).toContainText('Novi Sad')
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/annabel')

  // Emptied fields are cleared, not kept.
  await page.goto(PATH)
  if (javaScriptEnabled) await waitForHydration(page.getByRole('button', { name: 'Save changes' }))
  await page.getByLabel('Bio').fill('')
  await page.getByLabel('Phone').fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The data has been changed!/)
  await page.goto(`/profile/${user.id}`)
  await expect(page.getByTestId('profile-phone')).toHaveCount(0)
  await expect(page.getByTestId('profile-about')).not.toContainText('Night walks')
})

test('bad input: the messages of SPEC §5 on their fields, and what was typed stays', async ({ page, createUser, signIn }) => {
  const user = await createUser()
  const other = await createUser()
  await signIn(page, user)
  await page.goto(PATH)

  await page.getByLabel('Username').fill('ab')
  await page.getByLabel('Instagram').fill('not a link')
  await page.getByLabel('Profession').fill('Juggler')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Username must be at least 4 characters!')).toBeVisible()
  await expect(page.getByText('Enter a valid link (https://…)!')).toBeVisible()
  await expect(page.getByLabel('Username')).toHaveValue('ab')
  await expect(page.getByLabel('Profession')).toHaveValue('Juggler')

  // A city the suggestions do not know.
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Instagram').fill('')
  await page.getByRole('main').getByLabel('City').fill('Qwxzzyville')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('City not found. Pick one of the suggestions.')).toBeVisible()
  await expect(page.getByRole('main').getByLabel('City')).toHaveValue('Qwxzzyville')

  // Someone else's username: the API's field error and the SPEC §8 failure toast.
  await page.getByRole('main').getByLabel('City').fill('')
  await page.getByLabel('Username').fill(other.username)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('This username is already taken.', { exact: true })).toBeVisible()
  await expect(page.getByTestId('toast').last()).toHaveText(/Could not change the data/)
  await expect(page.getByLabel('Username')).toHaveValue(other.username)
  await expect(page.getByLabel('Profession')).toHaveValue('Juggler')
})

test('avatar: upload and removal show their toasts and the picture changes', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const user = await createUser()
  await signIn(page, user)
  await page.goto(PATH)
  await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveCount(0)
  if (javaScriptEnabled) await waitForHydration(page.getByRole('button', { name: 'Upload photo' }))
  await page.getByLabel('Photo').setInputFiles(await photoFile('avatar.jpg', '#cc6633'))
  await page.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The data has been sent!/)
  const avatar = page.getByRole('img', { name: 'Your avatar' })
  await expect(avatar).toBeVisible()
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${e2e.apiUrl}/uploads/`))
  // The user menu shows it too.
  await expect(page.getByTestId('user-menu').locator('summary img')).toHaveCount(1)

  await page.getByRole('button', { name: 'Remove avatar' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The file has been deleted!/)
  await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveCount(0)

  // Not a picture: without JavaScript SPEC §8's failure text with the API's reason; with it, the refusal of
  // the photo's upload next to the field (the browser could not read it, so it was sent as it is, and refused).
  await page.getByLabel('Photo').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just text, not a photo') })
  await page.getByRole('button', { name: 'Upload photo' }).click()
  if (javaScriptEnabled) await expect(page.getByText('Only JPEG, PNG and WebP images are accepted.')).toBeVisible()
  else await expect(page.getByTestId('toast')).toHaveText(/Could not send the data: /)
  await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveCount(0)
})

test('in Russian the success toast is SPEC §8’s own text', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser())
  await page.goto(PATH)
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeVisible()
  await page.getByLabel('Профессия').fill('Фотограф')
  await page.getByRole('button', { name: 'Сохранить изменения' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Данные успешно изменены!/)
})
