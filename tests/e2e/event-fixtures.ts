// Events for browser tests, created through the real API as their organizer (POST /event, multipart
// with a real JPEG) and a photo file on disk for <input type="file">. Posts go with their organizer
// when the test's users are deleted (foreign keys cascade).
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page, Request } from '@playwright/test'
import sharp from 'sharp'
import { e2e } from './env'
import { expect, type TestUser } from './fixtures'

export type ApiEvent = { _id: string; title: string; [key: string]: unknown }

export async function apiToken(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`${e2e.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  if (!response.ok) throw new Error(`login → ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { accessToken: string }).accessToken
}

/** A JSON call to the API as `user` (real login, bearer token); any other status than `status` throws. */
export async function callApiAs(
  user: Pick<TestUser, 'email' | 'password'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  status = 200,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${e2e.apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await apiToken(user)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (response.status !== status) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`)
  return (await response.json()) as Record<string, unknown>
}

let photo: Buffer | null = null
export async function photoBytes(color = '#3366cc'): Promise<Buffer> {
  if (color === '#3366cc' && photo) return photo
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } }).jpeg().toBuffer()
  if (color === '#3366cc') photo = bytes
  return bytes
}

/** A real JPEG on disk, for setInputFiles. */
export async function photoFile(name = 'photo.jpg', color?: string): Promise<string> {
  const dir = path.join(e2e.dataDir, 'fixtures')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, name)
  if (!fs.existsSync(file)) fs.writeFileSync(file, await photoBytes(color))
  return file
}

/** An ISO instant `days` from now at `hour`:00 UTC. */
export function daysFromNow(days: number, hour = 18): string {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + days)
  date.setUTCHours(hour, 0, 0, 0)
  return date.toISOString()
}

type Fields = Record<string, string | number | boolean | object | null | undefined>

/**
 * POST /event as `organizer` (signed in for it, or a bearer token already held: many events at once would be
 * many sign-ins, which the API's lock counts); objects become JSON strings as the clients send them.
 */
export async function createEventViaApi(
  organizer: Pick<TestUser, 'email' | 'password'> | { token: string },
  overrides: Fields = {},
  photos = 1,
): Promise<ApiEvent> {
  const fields: Fields = {
    title: `Event ${Date.now().toString(36)}`,
    description: 'Live music by the river',
    accessType: 'COMMON',
    eventType: 'EVENT',
    startDate: daysFromNow(3),
    address: 'Knez Mihailova 1, Belgrade',
    coordinates: [20.457, 44.817],
    categories: ['concerts'],
    ...overrides,
  }
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue
    form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))
  }
  for (let i = 0; i < photos; i += 1)
    form.append('files', new Blob([new Uint8Array(await photoBytes())], { type: 'image/jpeg' }), `photo${i}.jpg`)
  const response = await fetch(`${e2e.apiUrl}/event`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${'token' in organizer ? organizer.token : await apiToken(organizer)}` },
    body: form,
  })
  if (response.status !== 201) throw new Error(`POST /event → ${response.status}: ${await response.text()}`)
  return (await response.json()) as ApiEvent
}

/** A place (admin organizers only): COMMON, a channel link and opening hours. */
export function createPlaceViaApi(admin: Pick<TestUser, 'email' | 'password'>, overrides: Fields = {}) {
  return createEventViaApi(admin, {
    title: `Place ${Date.now().toString(36)}`,
    eventType: 'PLACE',
    startDate: undefined,
    channelLink: 'https://t.me/nearby_place',
    hours: [{ day: 'monday', open: '09:00', close: '18:00' }],
    categories: ['leisure'],
    ...overrides,
  })
}

/** A datetime-local value a week ahead at 19:00. */
export function nextWeek(hour = 19) {
  const date = new Date()
  date.setDate(date.getDate() + 7)
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`
}

export const eventForm = (page: Page) => page.getByTestId('event-form')

/** Waits until the app has hydrated and its components have left their no-JavaScript fallbacks (root.tsx). */
export const waitForApp = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' })

/**
 * A date and time as a person enters it: the browser's datetime-local input without JavaScript; with it, the
 * day as DD-MM-YYYY and a 24-hour time. `local` is YYYY-MM-DDTHH:MM in the site's zone.
 */
export async function fillDateTime(scope: Locator, label: string, timeLabel: string, local: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return scope.getByLabel(label).fill(local)
  await scope.getByLabel(label).fill(local.slice(0, 10).split('-').reverse().join('-'))
  await scope.getByLabel(timeLabel).fill(local.slice(11, 16))
}

/** What a date-time field shows: `local` in the native input, or as DD-MM-YYYY and HH:MM. */
export async function expectDateTime(scope: Locator, label: string, timeLabel: string, local: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return expect(scope.getByLabel(label)).toHaveValue(local)
  await expect(scope.getByLabel(label)).toHaveValue(local.slice(0, 10).split('-').reverse().join('-'))
  await expect(scope.getByLabel(timeLabel)).toHaveValue(local.slice(11, 16))
}

/** The event form's start (see fillDateTime). */
export const fillStart = (form: Locator, local: string, javaScriptEnabled: boolean) =>
  fillDateTime(form, 'Starts', 'Start time (24-hour)', local, javaScriptEnabled)

/** Chooses the point: a click on the map with JavaScript, the address search's candidate without. */
export async function choosePoint(page: Page, javaScriptEnabled: boolean) {
  await eventForm(page).getByLabel('Address', { exact: true }).fill('Knez Mihailova 5')
  if (javaScriptEnabled) {
    const map = eventForm(page).getByRole('region', { name: 'Point on the map' })
    await expect(map.locator('.leaflet-container')).toBeVisible()
    await map.locator('.leaflet-container').click({ position: { x: 200, y: 150 } })
  } else {
    await eventForm(page).getByRole('button', { name: 'Search address' }).click()
    await eventForm(page).getByLabel('Knez Mihailova, Stari Grad, Belgrade, Serbia').check()
  }
}

/**
 * A phone camera's photo: 6,000 × 4,000 px, about 7 MB of JPEG (soft shapes and grain, as a real scene has),
 * made once per run and kept in the fixtures folder.
 */
export async function phonePhotoFile(name: string): Promise<string> {
  const dir = path.join(e2e.dataDir, 'fixtures')
  fs.mkdirSync(dir, { recursive: true })
  const original = path.join(dir, 'phone-6000x4000.jpg')
  if (!fs.existsSync(original)) {
    const [width, height] = [6000, 4000]
    const shapes = await sharp({ create: { width: 120, height: 80, channels: 3 as const, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer()
    const grain = await sharp({ create: { width, height, channels: 3 as const, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 8.5 } } }).raw().toBuffer()
    for (let i = 0; i < shapes.length; i++) shapes[i] = Math.max(0, Math.min(255, shapes[i]! + grain[i]! - 128))
    fs.writeFileSync(original, await sharp(shapes, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer())
  }
  const file = path.join(dir, name)
  if (!fs.existsSync(file)) fs.copyFileSync(original, file)
  return file
}

/**
 * A photo a phone held upright stores sideways: 600 × 400 px with a red top half and a blue bottom half, and
 * EXIF orientation 6 (turn 90° clockwise to show). Shown upright it is 400 × 600 with red on the right.
 */
export async function sidewaysPhotoFile(): Promise<string> {
  const dir = path.join(e2e.dataDir, 'fixtures')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'sideways.jpg')
  if (!fs.existsSync(file)) {
    const half = (color: string) => sharp({ create: { width: 600, height: 200, channels: 3, background: color } }).png().toBuffer()
    const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } })
      .composite([
        { input: await half('#ff0000'), top: 0, left: 0 },
        { input: await half('#0000ff'), top: 200, left: 0 },
      ])
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    fs.writeFileSync(file, bytes)
  }
  return file
}

/** A slow phone's line: 1.6 Mbit/s, in bytes per second. */
export const SLOW_LINE = 1_600_000 / 8

/** Throttles the page's network to SLOW_LINE both ways, through Chromium's DevTools protocol. */
export async function throttle(page: Page) {
  const client = await page.context().newCDPSession(page)
  await client.send('Network.enable')
  await client.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: SLOW_LINE, uploadThroughput: SLOW_LINE })
}

/**
 * The POSTs the page sends from now on; `bytes()` sums their bodies by their Content-Length (the DevTools
 * protocol does not count a body that holds files).
 */
export function watchPosts(page: Page) {
  const posts: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request)
  })
  return {
    posts,
    bytes: async () =>
      (await Promise.all(posts.map(async (request) => Number((await request.allHeaders())['content-length'] ?? NaN)))).reduce((a, b) => a + b, 0),
  }
}

/** The event form's required fields (the point by the map with JavaScript, by the address search without). */
export async function fillEvent(page: Page, title: string, javaScriptEnabled: boolean) {
  await eventForm(page).getByLabel('Title').fill(title)
  await eventForm(page).getByLabel('Description').fill('Photos from a phone')
  await fillStart(eventForm(page), nextWeek(), javaScriptEnabled)
  await choosePoint(page, javaScriptEnabled)
}
