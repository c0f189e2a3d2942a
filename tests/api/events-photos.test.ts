// Photos: magic-byte type check, re-encoding (EXIF stripped, size bounded, thumbnail), limits,
// POST/DELETE /event/{id}/upload, the /uploads file route.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { baseEvent, createEvent, eventForm, jpeg, makeUser, png, send, type TestUser } from './events-fixtures'

let api: TestApi
let owner: TestUser
let other: TestUser
let admin: TestUser

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, other, admin] = await Promise.all([makeUser(api), makeUser(api), makeUser(api, { role: 'admin' })])
})
afterAll(async () => {
  await api?.close()
})

const upload = (id: string, token: string | undefined, files: Parameters<typeof eventForm>[1]) =>
  send(api, 'POST', `/event/${id}/upload`, { token, form: eventForm({}, files) })

async function fetchImage(p: string): Promise<Buffer> {
  const res = await fetch(api.url + p)
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

describe('photo processing', () => {
  it('re-encodes a JPEG as WebP without its EXIF, auto-oriented, at most 2048 px, with a 400 px thumbnail', async () => {
    const original = await jpeg({ width: 3000, height: 1000, exif: true })
    expect((await sharp(original).metadata()).exif).toBeDefined()
    expect(original.includes(Buffer.from('SecretCam'))).toBe(true)
    const res = await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent(), [original]) })
    expect(res.status).toBe(201)
    const img = res.body.images[0]
    const full = await fetchImage(img.path)
    const meta = await sharp(full).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect(meta.width).toBe(2048)
    expect(meta.height).toBe(683)
    expect(full.includes(Buffer.from('SecretCam'))).toBe(false)
    const thumb = await sharp(await fetchImage(img.thumbnailPath)).metadata()
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(400)
    // Our own random name, not the client's.
    expect(img.name).toMatch(/^[a-f0-9]{32}\.webp$/)
  })

  it('accepts PNG and WebP', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).webp().toBuffer()
    const res = await send(api, 'POST', '/event', {
      token: owner.token,
      form: eventForm(baseEvent(), [
        { data: await png(), name: 'a.png', type: 'image/png' },
        { data: webp, name: 'b.webp', type: 'image/webp' },
      ]),
    })
    expect(res.status).toBe(201)
    expect(res.body.images).toHaveLength(2)
  })

  it('refuses a text file named .jpg, a GIF and a truncated JPEG with 415', async () => {
    const fake = Buffer.from('just some text, not a photo at all\n'.repeat(20))
    const res = await send(api, 'POST', '/event', {
      token: owner.token,
      form: eventForm(baseEvent(), [{ data: fake, name: 'holiday.jpg', type: 'image/jpeg' }]),
    })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({
      code: 'unsupportedImage',
      message: 'Only JPEG, PNG and WebP images are accepted.',
      errors: { files: ['Only JPEG, PNG and WebP images are accepted.'] },
    })
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer()
    expect((await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent(), [gif]) })).status).toBe(415)
    const good = await jpeg({ width: 200, height: 200 })
    const truncated = good.subarray(0, Math.floor(good.length / 2))
    expect((await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent(), [truncated]) })).status).toBe(415)
    // Nothing of a refused request is left behind.
    const dir = path.join(api.config.uploadsDir, 'posts')
    const before = (await fs.readdir(dir)).length
    await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent(), [good, fake]) })
    expect((await fs.readdir(dir)).length).toBe(before)
  })

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 10)])
    const res = await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent(), [big]) })
    expect(res.status).toBe(413)
    expect(res.body.errors.files).toEqual(['The photo is too large (at most 10 MB, 40 megapixels).'])
  })

  it('refuses an image over 40 megapixels (decompression bomb) with 413', async () => {
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer()
    const res = await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent(), [bomb]) })
    expect(res.status).toBe(413)
  })
})

describe('POST /event/{id}/upload and DELETE /event/{id}/upload', () => {
  it('adds photos up to 3 per event, organizer only, and sets the image status back to PENDING', async () => {
    const ev = await createEvent(api, owner.token)
    await api.app.ctx.db.updateTable('posts').set({ moderation_image_status: 'APPROVED' }).where('id', '=', ev._id).execute()
    const photo = await jpeg()
    expect((await upload(ev._id, undefined, [photo])).status).toBe(401)
    expect((await upload(ev._id, other.token, [photo])).status).toBe(403)
    expect((await upload(ev._id, admin.token, [photo])).status).toBe(403)
    const empty = await upload(ev._id, owner.token, [])
    expect(empty.body.errors).toEqual({ files: ['Upload a photo!'] })
    const two = await upload(ev._id, owner.token, [photo, photo])
    expect(two.status).toBe(200)
    expect(two.body.images).toHaveLength(3)
    const fourth = await upload(ev._id, owner.token, [photo])
    expect(fourth.status).toBe(400)
    expect(fourth.body.errors.files).toEqual(['Too many photos: at most 3 for an event and 10 for a place.'])
    const got = await api.get(`/event/${ev._id}`)
    expect(got.body.moderationImageStatus).toBe('PENDING')
  })

  it('removes a photo by name or imageId (organizer), keeps the last one and deletes the files', async () => {
    const ev = await createEvent(api, owner.token, {}, 3)
    const [a, b, c] = (await api.get(`/event/${ev._id}`)).body.images
    expect((await send(api, 'DELETE', `/event/${ev._id}/upload`, { token: other.token, json: { name: a.name } })).status).toBe(403)
    const byName = await send(api, 'DELETE', `/event/${ev._id}/upload`, { token: owner.token, json: { name: a.name } })
    expect(byName.status).toBe(200)
    expect(byName.body.images.map((i: { _id: string }) => i._id)).toEqual([b._id, c._id])
    expect((await fetch(api.url + a.path)).status).toBe(404)
    expect((await fetch(api.url + a.thumbnailPath)).status).toBe(404)
    const byId = await send(api, 'DELETE', `/event/${ev._id}/upload`, { token: owner.token, json: { imageId: b._id } })
    expect(byId.body.images).toHaveLength(1)
    const last = await send(api, 'DELETE', `/event/${ev._id}/upload`, { token: owner.token, json: { imageId: c._id } })
    expect(last.status).toBe(400)
    expect(last.body.message).toBe('At least one photo must stay.')
    const missing = await send(api, 'DELETE', `/event/${ev._id}/upload`, { token: owner.token, json: { name: 'nope.webp' } })
    expect(missing.status).toBe(404)
    const blank = await send(api, 'DELETE', `/event/${ev._id}/upload`, { token: owner.token, json: {} })
    expect(blank.status).toBe(400)
  })

  it('places take up to 10 photos', async () => {
    const place = await send(api, 'POST', '/event', {
      token: admin.token,
      form: eventForm(
        baseEvent({ eventType: 'PLACE', startDate: undefined, endDate: undefined, channelLink: 'https://t.me/p' }),
        Array(9).fill(await jpeg()),
      ),
    })
    expect(place.status).toBe(201)
    expect((await upload(place.body._id, admin.token, [await jpeg()])).body.images).toHaveLength(10)
    expect((await upload(place.body._id, admin.token, [await jpeg()])).status).toBe(400)
  })
})

describe('GET /uploads/…', () => {
  it('serves only names of our own shape (no traversal)', async () => {
    for (const p of ['/uploads/posts/..%2F..%2Fnearby.db', '/uploads/../nearby.db', '/uploads/posts/abc.webp', '/uploads/posts/%2e%2e']) {
      const res = await fetch(api.url + p)
      expect(res.status).toBe(404)
    }
  })
})
