// Events for browser tests, created through the real API as their organizer (POST /event, multipart
// with a real JPEG) and a photo file on disk for <input type="file">. Posts go with their organizer
// when the test's users are deleted (foreign keys cascade).
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { e2e } from './env'
import type { TestUser } from './fixtures'

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
