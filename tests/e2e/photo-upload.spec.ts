// Publishing from a slow phone (issue 28): with JavaScript, photos are shrunk in the browser, listed with
// their order, Remove and the count, and sent ahead of the form with a progress bar; without it the form posts
// the original files and the server re-encodes them. The network is throttled through Chromium's DevTools
// protocol to a 1.6 Mbit/s line, and the photos are a phone camera's: 6,000 × 4,000 px, about 7 MB each.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import { eventForm as form, fillEvent, phonePhotoFile, photoBytes, photoFile, sidewaysPhotoFile, throttle, waitForApp, watchPosts } from './event-fixtures'
import { e2e } from './env'

type StoredEvent = { images: Array<{ url: string }> }
async function storedEvent(page: Page): Promise<StoredEvent> {
  const id = new URL(page.url()).pathname.split('/').pop()!
  return (await (await fetch(`${e2e.apiUrl}/event/${id}`)).json()) as StoredEvent
}

/** A stored photo's size and the mean colour of a point of it (x, y as shares of the width and height). */
async function inspect(url: string) {
  const bytes = Buffer.from(await (await fetch(url.startsWith('http') ? url : `${e2e.apiUrl}${url}`)).arrayBuffer())
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => {
    const offset = (Math.floor(y * (info.height - 1)) * info.width + Math.floor(x * (info.width - 1))) * 3
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!] as const
  }
  return { width: info.width, height: info.height, at }
}


test('three 7 MB phone photos are shrunk in the browser and sent in under 2 MB, with progress to 100 %', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'shrinking and progress are JavaScript; without it see the next test')
  test.slow()
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await waitForApp(page)
  const title = `Phone ${Date.now()}`
  await fillEvent(page, title, true)
  const files = await Promise.all(['one.jpg', 'two.jpg', 'three.jpg'].map(phonePhotoFile))
  await throttle(page)
  const watch = watchPosts(page)
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(files)
  await expect(form(page).getByText('Photos: 3 of 3')).toBeVisible({ timeout: 30_000 })
  await expect(form(page).getByTestId('photo-preview')).toHaveCount(3)
  await expect(form(page).getByText(/preparing/)).toHaveCount(0)
  expect(watch.posts, 'nothing is sent before Publish').toEqual([])

  // Every value the progress bar shows, from the click on.
  await page.evaluate(() => {
    const seen: number[] = ((window as unknown as { progressSeen: number[] }).progressSeen = [])
    setInterval(() => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="upload-progress"] progress')
      if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value)
    }, 20)
  })
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(form(page).getByTestId('upload-progress')).toBeVisible()
  // The page stays usable while the photos go.
  await form(page).getByLabel('Description').fill('Photos from a phone, typed while sending')
  await expect(page).toHaveURL(/\/event\/(?!new$)[\w-]+$/, { timeout: 60_000 })
  await expect(page.getByText('Event created!')).toBeVisible()

  const progress = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  expect(progress.some((value) => value > 0 && value < 100), `values seen: ${progress.join(', ')}`).toBe(true)
  expect(Math.max(...progress)).toBe(100)
  const sent = await watch.bytes()
  expect(sent, `bytes sent: ${sent}`).toBeLessThan(2 * 1024 * 1024)
  expect(sent).toBeGreaterThan(50_000)

  const event = await storedEvent(page)
  expect(event.images).toHaveLength(3)
  const first = await inspect(event.images[0]!.url)
  expect(Math.max(first.width, first.height)).toBe(2048)
  await expect(page.getByTestId('gallery').locator('img[src*="/uploads/"]')).toHaveCount(3)
  await expect(page.getByTestId('gallery').locator('img').first()).toBeVisible()
})

test('without JavaScript the original photos are posted and the server re-encodes them', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the plain form post')
  test.slow()
  await signIn(page, await createUser())
  await page.goto('/event/new')
  const title = `Phone plain ${Date.now()}`
  await fillEvent(page, title, false)
  const watch = watchPosts(page)
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await Promise.all(['one.jpg', 'two.jpg', 'three.jpg'].map(phonePhotoFile)))
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible({ timeout: 60_000 })
  expect(await watch.bytes()).toBeGreaterThan(15 * 1024 * 1024)
  const event = await storedEvent(page)
  expect(event.images).toHaveLength(3)
  const first = await inspect(event.images[0]!.url)
  expect(Math.max(first.width, first.height)).toBe(2048)
  await expect(page.getByTestId('gallery').locator('img[src*="/uploads/"]')).toHaveCount(3)
})

test('a photo stored sideways (EXIF orientation 6) comes out upright', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  await signIn(page, await createUser())
  await page.goto('/event/new')
  if (javaScriptEnabled) await waitForApp(page)
  await fillEvent(page, `Upright ${Date.now()}`, javaScriptEnabled)
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await sidewaysPhotoFile())
  if (javaScriptEnabled) await expect(form(page).getByText('Photos: 1 of 3')).toBeVisible()
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible()
  const photo = await inspect((await storedEvent(page)).images[0]!.url)
  expect(photo.width).toBeLessThan(photo.height)
  const [red, , blueOfRed] = photo.at(0.9, 0.5)
  const [redOfBlue, , blue] = photo.at(0.1, 0.5)
  expect(red).toBeGreaterThan(200)
  expect(blueOfRed).toBeLessThan(60)
  expect(blue).toBeGreaterThan(200)
  expect(redOfBlue).toBeLessThan(60)
})

test('a photo goes as it is when the shrinker cannot load (a dropped connection)', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'shrinking is JavaScript')
  await signIn(page, await createUser())
  await page.route(/\/build\/.*shrink-photo-[^/]*\.js/, (route) => route.abort('connectionreset'))
  await page.goto('/event/new')
  await waitForApp(page)
  await fillEvent(page, `Unshrunk ${Date.now()}`, true)
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile('red.jpg', '#ff0000'))
  await expect(form(page).getByText('Photos: 1 of 3')).toBeVisible()
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible()
  expect((await storedEvent(page)).images).toHaveLength(1)
})

test('previews: a fourth photo is refused before sending, one is removed, one moved; the rest go in that order', async ({
  page,
  createUser,
  signIn,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the previews are JavaScript; without it the input sends what was chosen')
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await waitForApp(page)
  await fillEvent(page, `Order ${Date.now()}`, true)
  const watch = watchPosts(page)
  const photos = form(page).getByLabel('Photos', { exact: true })
  await photos.setInputFiles([await photoFile('red.jpg', '#ff0000'), await photoFile('green.jpg', '#00ff00'), await photoFile('blue.jpg', '#0000ff')])
  await expect(form(page).getByText('Photos: 3 of 3')).toBeVisible()
  await photos.setInputFiles(await photoFile('yellow.jpg', '#ffff00'))
  await expect(form(page).getByText('Too many photos: at most 3 for an event and 10 for a place.')).toBeVisible()
  await expect(form(page).getByTestId('photo-preview')).toHaveCount(3)

  await form(page).getByRole('button', { name: 'Remove photo 2' }).click()
  await expect(form(page).getByText('Photos: 2 of 3')).toBeVisible()
  await form(page).getByRole('button', { name: 'Move photo 2 earlier' }).click()
  expect(watch.posts).toEqual([])
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible()

  const images = (await storedEvent(page)).images
  expect(images).toHaveLength(2)
  const [first, second] = await Promise.all(images.map((image) => inspect(image.url)))
  expect(first!.at(0.5, 0.5)[2], 'blue first').toBeGreaterThan(200)
  expect(second!.at(0.5, 0.5)[0], 'red second').toBeGreaterThan(200)
})

test('a slow upload can be cancelled and sent again; the photos stay chosen', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the upload with progress is JavaScript')
  test.slow()
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await waitForApp(page)
  await fillEvent(page, `Cancel ${Date.now()}`, true)
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await Promise.all(['one.jpg', 'two.jpg'].map(phonePhotoFile)))
  await expect(form(page).getByText('Photos: 2 of 3')).toBeVisible({ timeout: 30_000 })
  await expect(form(page).getByText(/preparing/)).toHaveCount(0)
  await throttle(page)
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await form(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(form(page).getByText('Sending cancelled.', { exact: false })).toBeVisible()
  await expect(page).toHaveURL(/\/event\/new$/)
  await expect(form(page).getByTestId('photo-preview')).toHaveCount(2)
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible({ timeout: 60_000 })
  expect((await storedEvent(page)).images).toHaveLength(2)
})

test('Publish pressed while a photo is still being shrunk waits for it and sends it', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'shrinking is JavaScript')
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await waitForApp(page)
  await fillEvent(page, `Eager ${Date.now()}`, true)
  await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await phonePhotoFile('eager.jpg'))
  await form(page).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Event created!')).toBeVisible({ timeout: 30_000 })
  const event = await storedEvent(page)
  expect(event.images).toHaveLength(1)
})

test('an avatar from a phone camera is shrunk and sent with progress', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without JavaScript the avatar form posts the file as it is (profile-settings.spec.ts)')
  test.slow()
  await signIn(page, await createUser())
  await page.goto('/admin/profile/settings/profile')
  await waitForApp(page)
  await page.getByLabel('Photo').setInputFiles(await phonePhotoFile('avatar-phone.jpg'))
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 30_000 })
  await throttle(page)
  const watch = watchPosts(page)
  await page.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByTestId('upload-progress')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('toast')).toHaveText(/The data has been sent!/, { timeout: 60_000 })
  const avatar = page.getByRole('img', { name: 'Your avatar' })
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${e2e.apiUrl}/uploads/`))
  const sent = await watch.bytes()
  expect(sent, `bytes sent: ${sent}`).toBeLessThan(1024 * 1024)
  const stored = await inspect((await avatar.getAttribute('src'))!)
  expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(2048)
})

test('the avatar’s Upload button stays where it was when the chosen photo’s preview comes', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the preview is JavaScript')
  await signIn(page, await createUser())
  await page.goto('/admin/profile/settings/profile')
  await waitForApp(page)
  const upload = page.getByRole('button', { name: 'Upload photo' })
  const before = await upload.boundingBox()
  await page.getByLabel('Photo').setInputFiles(await photoFile('avatar.jpg', '#cc6633'))
  await expect(page.getByTestId('photo-preview')).toHaveCount(1)
  expect(await upload.boundingBox()).toEqual(before)
})

test('Upload pressed while the avatar is still being shrunk waits for it and sends it; with none chosen it says so', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'shrinking is JavaScript; without it the browser asks for a file')
  await signIn(page, await createUser())
  // The shrinker's chunk comes slowly, so the photo is still being prepared (and the input empty) when Upload
  // is pressed: the browser's own "required" check stopped that press before the form could wait for it.
  await page.route(/\/build\/.*shrink-photo-[^/]*\.js/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.goto('/admin/profile/settings/profile')
  await waitForApp(page)
  await page.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByText('Upload a photo!')).toBeVisible()
  await page.getByLabel('Photo').setInputFiles(await photoFile('avatar.jpg', '#cc6633'))
  await expect(page.getByTestId('photo-preparing')).toHaveCount(1)
  await page.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/The data has been sent!/)
  await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', new RegExp(`^${e2e.apiUrl}/uploads/`))
})

test('in Russian the photos are counted and refused in Russian, before anything is sent', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the list and its refusals are JavaScript')
  await signIn(page, await createUser())
  await page.goto('/event/new')
  await page.getByRole('button', { name: 'Switch language to Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await waitForApp(page)
  const watch = watchPosts(page)
  const photos = form(page).locator('input[type="file"]')
  await photos.setInputFiles([await photoFile('red.jpg', '#ff0000'), await photoFile('green.jpg', '#00ff00'), await photoFile('blue.jpg', '#0000ff')])
  await expect(form(page).getByText('Фото: 3 из 3')).toBeVisible()
  await photos.setInputFiles(await photoFile('yellow.jpg', '#ffff00'))
  await expect(form(page).getByText('Слишком много фото: не больше 3 для события и 10 для места.')).toBeVisible()
  await form(page).getByRole('button', { name: 'Убрать фото 3' }).click()
  await photos.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
  await expect(form(page).getByText('Принимаются только изображения JPEG, PNG и WebP.')).toBeVisible()
  await expect(form(page).getByText('Фото: 2 из 3')).toBeVisible()
  // No photo and no form went anywhere (the page's own background posts, e.g. the socket's ticket, aside).
  expect(watch.posts.map((request) => new URL(request.url()).pathname).filter((path) => /^\/(resources\/photos|event\/new)/.test(path))).toEqual([])
})

/** Stages photos for `user` through the API until the person holds the most allowed (20: two calls of ten). */
async function fillStagingQuota(user: { email: string; password: string }) {
  const login = await fetch(`${e2e.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const bytes = await photoBytes()
  for (let call = 0; call < 2; call++) {
    const body = new FormData()
    for (let i = 0; i < 10; i++) body.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `held-${i}.jpg`)
    const staged = await fetch(`${e2e.apiUrl}/uploads/staged`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body })
    expect(staged.status).toBe(201)
  }
}

const QUOTA_TEXT = 'You have too many photos waiting to be sent (at most 20, 100 MB in all). Send or remove some, or wait an hour.'

test('a person holding the most staged photos is told so beside Photos, and keeps what was typed', async ({ page, createUser, signIn, javaScriptEnabled }) => {
  const user = await createUser()
  await signIn(page, user)
  await fillStagingQuota(user)
  await page.goto('/event/new')
  if (javaScriptEnabled) {
    await waitForApp(page)
    // With JavaScript the photos are staged on Publish: the refusal comes back for the photos field.
    const title = `Quota ${Date.now()}`
    await fillEvent(page, title, true)
    await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile('red.jpg', '#ff0000'))
    await expect(form(page).getByText('Photos: 1 of 3')).toBeVisible()
    await form(page).getByRole('button', { name: 'Publish' }).click()
    await expect(form(page).getByText(QUOTA_TEXT)).toBeVisible()
    await expect(page).toHaveURL(/\/event\/new$/)
    await expect(form(page).getByLabel('Title')).toHaveValue(title)
  } else {
    // Without it, a form that comes back (here: no title) keeps its photos by staging them: refused, and said.
    await form(page).getByLabel('Description').fill('Typed before the refusal')
    await form(page).getByLabel('Photos', { exact: true }).setInputFiles(await photoFile('red.jpg', '#ff0000'))
    await form(page).getByRole('button', { name: 'Publish' }).click()
    await expect(form(page).getByText(QUOTA_TEXT)).toBeVisible()
    await expect(form(page).getByText('This field is required!').first()).toBeVisible()
    await expect(form(page).getByLabel('Description')).toHaveValue('Typed before the refusal')
  }
})
