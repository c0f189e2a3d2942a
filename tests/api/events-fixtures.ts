// Fixtures of the events tests: users inserted directly with tokens signed by the API's own token
// service (fast: no argon2, no mail), real images made with sharp, multipart requests with FormData.
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import type { NewPost, NewUser } from '../../api/db/schema'
import { newAccountRow } from '../../api/modules/auth/accounts'
import type { TestApi, TestResponse } from './helpers'

export interface TestUser {
  id: string
  token: string
  username: string
}

let seq = 0

/** A users row as a new account has it (activated), with these fields; inserted directly by tests. */
export function userRow(overrides: Partial<NewUser> = {}): NewUser {
  seq += 1
  const id = overrides.id ?? randomUUID()
  const username = `ev${seq}${id.slice(0, 6)}`
  const account = {
    email: `${username}@example.com`,
    password_hash: null,
    google_sub: null,
    name: 'Eve',
    lastname: `Tester${seq}`,
    username,
    is_activated: 1,
    locale: 'en',
  }
  return { ...newAccountRow(account, id, new Date().toISOString()), ...overrides }
}

export async function makeUsers(
  api: TestApi,
  count: number,
  options: { role?: string; activated?: boolean } = {},
): Promise<TestUser[]> {
  const rows = Array.from({ length: count }, () =>
    userRow({ role: options.role ?? 'user', is_activated: options.activated === false ? 0 : 1 }),
  )
  for (let i = 0; i < rows.length; i += 100)
    await api.app.ctx.db
      .insertInto('users')
      .values(rows.slice(i, i + 100))
      .execute()
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      username: r.username,
      // A real session (refresh-token family): the API refuses access tokens of sessions that do not exist.
      token: await api.app.tokens.signAccessToken(
        { id: r.id, role: r.role, isActivated: r.is_activated === 1 },
        (await api.app.tokens.startSession(r.id)).familyId,
      ),
    })),
  )
}

export async function makeUser(
  api: TestApi,
  options: { role?: string; activated?: boolean } = {},
): Promise<TestUser> {
  const [u] = await makeUsers(api, 1, options)
  return u as TestUser
}

/** A real JPEG (optionally with EXIF: camera model, GPS-like comment, orientation). */
export async function jpeg(
  options: { width?: number; height?: number; exif?: boolean; color?: string } = {},
): Promise<Buffer> {
  let img = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: options.color ?? '#3366cc',
    },
  }).jpeg()
  if (options.exif)
    img = img.withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Secret Owner' } })
  return img.toBuffer()
}

export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer()
}

export function future(days: number, hours = 18): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  d.setUTCHours(hours, 0, 0, 0)
  return d.toISOString()
}

export type FormValue = string | number | boolean | object | null | undefined

/** The multipart body of POST /event: objects/arrays become JSON strings as the clients send them. */
export function eventForm(
  fields: Record<string, FormValue>,
  files: (Buffer | { data: Buffer; name: string; type?: string })[] = [],
): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue
    form.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  }
  files.forEach((f, i) => {
    const file = Buffer.isBuffer(f) ? { data: f, name: `photo${i}.jpg`, type: 'image/jpeg' } : f
    form.append(
      'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    )
  })
  return form
}

export function baseEvent(overrides: Record<string, FormValue> = {}): Record<string, FormValue> {
  return {
    title: 'Jazz night',
    description: 'Live jazz by the river',
    accessType: 'COMMON',
    eventType: 'EVENT',
    startDate: future(3),
    endDate: future(3, 21),
    address: 'Knez Mihailova 1, Belgrade',
    coordinates: [20.46, 44.81],
    categories: ['concerts'],
    ...overrides,
  }
}

export async function send(
  api: TestApi,
  method: string,
  path: string,
  options: { token?: string; form?: FormData; json?: unknown; lang?: string } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.lang) headers['accept-language'] = options.lang
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers['content-type'] = 'application/json'
  }
  const res = await fetch(api.url + path, { method, headers, body })
  const text = await res.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  return { status: res.status, headers: res.headers, body: parsed, text }
}

let cachedPhoto: Buffer | null = null
/** POST /event with one photo; throws unless 201. */
export async function createEvent(
  api: TestApi,
  token: string,
  overrides: Record<string, FormValue> = {},
  photos = 1,
): Promise<{ _id: string; [k: string]: unknown }> {
  cachedPhoto ??= await jpeg()
  const files = Array.from({ length: photos }, () => cachedPhoto as Buffer)
  const res = await send(api, 'POST', '/event', { token, form: eventForm(baseEvent(overrides), files) })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return res.body
}

export function placeFields(overrides: Record<string, FormValue> = {}): Record<string, FormValue> {
  return baseEvent({
    title: 'Riverside Café',
    eventType: 'PLACE',
    startDate: undefined,
    endDate: undefined,
    channelLink: 'https://t.me/riverside',
    hours: [
      { day: 'monday', open: '09:00', close: '18:00' },
      { day: 'friday', open: '20:00', close: '02:00' },
    ],
    ...overrides,
  })
}

/**
 * A whole `posts` row for direct inserts (fast; for tests that read the table): a COMMON event in the centre
 * of Belgrade a day ahead, PENDING, organized by `ownerId`, with `overrides` on top.
 */
export function postRow(ownerId: string, overrides: Partial<NewPost> = {}): NewPost {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    title: 'Event',
    description: 'd',
    event_type: 'EVENT',
    access_type: 'COMMON',
    start_date: new Date(Date.now() + 86_400_000).toISOString(),
    end_date: null,
    address: 'a',
    lat: 44.80401,
    lon: 20.46513,
    channel_link: null,
    max_participants: null,
    price_donation: 0,
    price_amount: null,
    price_currency: null,
    price_range: null,
    posted_by: ownerId,
    created_by: ownerId,
    moderation_status: 'PENDING',
    moderation_image_status: 'PENDING',
    post_status: 'ACTIVE',
    created_at: now,
    updated_at: now,
    ...overrides,
  }
}

/** Inserts postRow(ownerId, overrides) and its categories; answers its id. */
export async function insertPostRow(
  api: TestApi,
  ownerId: string,
  overrides: Partial<NewPost> & { categories?: string[] } = {},
): Promise<string> {
  const { categories, ...rest } = overrides
  const row = postRow(ownerId, rest)
  await api.app.ctx.db.insertInto('posts').values(row).execute()
  if (categories?.length)
    await api.app.ctx.db
      .insertInto('post_categories')
      .values(categories.map((category) => ({ post_id: row.id, category })))
      .execute()
  return row.id
}
