// Creating and editing events and places (SPEC §5) with JavaScript on and off: the texts of the rules,
// typed values and photos kept, the address search without JavaScript and the map click with it.
import { expect, test } from './fixtures'
import { choosePoint, createEventViaApi, eventForm as form, fillStart, nextWeek, photoFile, waitForApp } from './event-fixtures'
import { e2e } from './env'

test('an empty post names every missing field with the texts of SPEC §5 and keeps what was typed', async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await form(page).getByLabel('Description').fill('Kept description')
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(form(page).getByText('This field is required!').first()).toBeVisible()
  await expect(form(page).getByText('Choose a position on the map!')).toBeVisible()
  await expect(form(page).getByText('Upload a photo!')).toBeVisible()
  await expect(form(page).getByLabel('Description')).toHaveValue('Kept description')

  await form(page).getByLabel('Limit the number of participants').check()
  await form(page).getByLabel('Participants at most').fill('0')
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(form(page).getByText('Must be at least 1')).toBeVisible()
})

test('create an event with a photo, then edit it as its organizer', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const organizer = await createUser()
  await signIn(page, organizer)
  await page.goto('/event/new')
  if (javaScriptEnabled) await waitForApp(page)
  const title = `Created ${Date.now()}`
  await form(page).getByLabel('Title').fill(title)
  await form(page).getByLabel('Description').fill('Jazz by the river')
  await fillStart(form(page), nextWeek(), javaScriptEnabled)
  await choosePoint(page, javaScriptEnabled)
  await form(page).getByLabel('Concerts').check()
  // "Open, with approval" (decision 042): an open event whose organizer approves each participant.
  await form(page).getByLabel('Who can join').selectOption('APPROVAL')
  await form(page).getByLabel('Paid event or donation').check()
  await form(page).getByLabel('Amount').fill('15')
  await form(page).getByLabel('Currency').selectOption('EUR')
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile())
  await form(page).getByRole('button', { name: 'Publish' }).click()

  await expect(page).toHaveURL(/\/event\/(?!new$)[\w-]+$/)
  await expect(page.getByText('Event created!')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  const id = new URL(page.url()).pathname.split('/').pop()!
  const created = (await (await fetch(`${e2e.apiUrl}/event/${id}`)).json()) as {
    images: unknown[]
    price: { amount: number; currency: string }
    categories: string[]
    coordinates: [number, number]
    accessType: string
    joinApproval: boolean
  }
  expect(created).toMatchObject({ accessType: 'COMMON', joinApproval: true })
  expect(created.images).toHaveLength(1)
  expect(created.price).toMatchObject({ amount: 15, currency: 'EUR' })
  expect(created.categories).toEqual(['concerts'])
  if (!javaScriptEnabled) expect(created.coordinates).toEqual([20.457, 44.817])

  await page.goto(`/event/${id}/edit`)
  await expect(form(page).getByLabel('Who can join')).toBeDisabled()
  await expect(form(page).getByLabel('Who can join')).toHaveValue('APPROVAL')
  await form(page).getByLabel('Title').fill(`${title} (edited)`)
  await form(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(new RegExp(`/event/${id}$`))
  await expect(page.getByText('Changes applied!')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (edited)`)
  expect(((await (await fetch(`${e2e.apiUrl}/event/${id}`)).json()) as { joinApproval: boolean }).joinApproval).toBe(true)
})

test('without JavaScript a photo survives a post with errors', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'with JavaScript the browser checks the form before posting')
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile('kept.jpg'))
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(form(page).getByText('This field is required!').first()).toBeVisible()
  await expect(form(page).getByTestId('staged-photo')).toContainText('kept.jpg')
  await expect(form(page).getByText('Upload a photo!')).toHaveCount(0)

  const title = `Staged ${Date.now()}`
  await form(page).getByLabel('Title').fill(title)
  await form(page).getByLabel('Description').fill('A photo picked once')
  await fillStart(form(page), nextWeek(), false)
  await choosePoint(page, false)
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})

test('an admin adds a place with opening hours; a plain user may not', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const user = await createUser()
  await signIn(page, user)
  const refused = await page.goto('/place/new')
  expect(refused?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()

  await page.context().clearCookies()
  await signIn(page, await createUser({ role: 'admin' }))
  await page.goto('/place/new')
  const title = `Place ${Date.now()}`
  await form(page).getByLabel('Title').fill(title)
  await form(page).getByLabel('Description').fill('Coffee and books')
  await choosePoint(page, javaScriptEnabled)
  await form(page).getByLabel('Contact link (e.g. a Telegram channel)').fill('https://t.me/nearby_cafe')
  await form(page).getByLabel('Monday: Opens').fill('09:00')
  await form(page).getByLabel('Monday: Closes').fill('18:00')
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile())
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Place was added!')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText('09:00')).toBeVisible()
})

test('only the organizer opens the edit form; a photo can be removed there', async ({ page, createUser, signIn }) => {
  const organizer = await createUser()
  const event = await createEventViaApi(organizer, { title: `Photos ${Date.now()}` }, 2)
  await signIn(page, await createUser())
  const refused = await page.goto(`/event/${event._id}/edit`)
  expect(refused?.status()).toBe(403)

  await page.context().clearCookies()
  await signIn(page, organizer)
  await page.goto(`/event/${event._id}/edit`)
  const removes = form(page).getByRole('button', { name: 'Remove photo' })
  await expect(removes).toHaveCount(2)
  await removes.first().click()
  await expect(page.getByText('Photo removed.')).toBeVisible()
  await expect(form(page).getByRole('button', { name: 'Remove photo' })).toHaveCount(1)
})

test('with JavaScript a file the API would refuse is refused in the browser, before any upload', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the browser check is JavaScript; without it the server says the same')
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await waitForApp(page)
  const photos = form(page).getByLabel('Photos', { exact: true })
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/event/new')) uploads.push(request.url())
  })
  await photos.setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a photo') })
  await expect(form(page).getByText('Only JPEG, PNG and WebP images are accepted.')).toBeVisible()
  await expect(photos).toHaveJSProperty('value', '')
  await photos.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) })
  await expect(form(page).getByText('The photo is too large (at most 10 MB, 40 megapixels).')).toBeVisible()
  await photos.setInputFiles(await photoFile())
  await expect(form(page).getByText('The photo is too large')).toHaveCount(0)
  expect(uploads).toEqual([])
})
