// Photos in an S3 bucket (issue 25, decision 037): two API instances on one database and one bucket (s3rver
// on loopback, the S3 REST protocol), each with its own data folder. A photo or an avatar written through one
// is served by the other, byte for byte and with the same cache headers; nothing lands on either disk;
// removing a photo or replacing an avatar deletes the objects; the orphan sweep works on the bucket; on the disk the second instance could
// not serve the first one's photo (what the bucket is for).
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiJobs } from '../../api/jobs'
import { createEvent, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { twoInstances, type TestApi } from './helpers'
import { startS3Server, type LoopbackS3 } from '../support/s3-server'

async function bucketKeys(api: TestApi) {
  const keys: string[] = []
  for await (const file of api.app.ctx.images.storage.list()) keys.push(file.key)
  return keys.sort()
}

async function filesUnder(dir: string) {
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
  } catch {
    return []
  }
}

describe('with S3_* set', () => {
  let s3: LoopbackS3
  let pair: Awaited<ReturnType<typeof twoInstances>>
  /** The clock of both instances (the sweep's grace is measured on it). */
  let now = Date.now()
  let owner: TestUser

  beforeAll(async () => {
    s3 = await startS3Server({ buckets: ['photos'] })
    pair = await twoInstances(s3.env('photos'), { clock: () => new Date(now) })
    owner = await makeUser(pair.a)
  })
  afterAll(async () => {
    await pair?.close()
    await s3?.close()
  })

  it('uses the bucket', () => {
    expect(pair.a.app.ctx.images.storage.kind).toBe('s3')
    expect(pair.b.app.ctx.images.storage.kind).toBe('s3')
  })

  it('an event photo written through one instance is served by the other, with the same bytes and cache headers', async () => {
    const event = await createEvent(pair.a, owner.token)
    const [image] = (await pair.a.get(`/event/${event._id}`)).body.images as { path: string; thumbnailPath: string }[]
    const fromA = await fetch(pair.a.url + image!.path)
    const fromB = await fetch(pair.b.url + image!.path)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/webp')
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(fromB.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await fromB.arrayBuffer())
    expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true)
    expect(Number(fromB.headers.get('content-length'))).toBe(bytes.length)
    expect((await fetch(pair.b.url + image!.thumbnailPath)).status).toBe(200)
    expect(await bucketKeys(pair.a)).toEqual(expect.arrayContaining([image!.path.replace('/uploads/', ''), image!.thumbnailPath.replace('/uploads/', '')]))
    // Nothing on either instance's disk.
    expect(await filesUnder(pair.a.config.uploadsDir)).toEqual([])
    expect(await filesUnder(pair.b.config.uploadsDir)).toEqual([])
  })

  it('an avatar uploaded through one instance is served by the other; replacing it deletes the old objects', async () => {
    const me = await makeUser(pair.b)
    const form = () => {
      const body = new FormData()
      body.append('file', new Blob([new Uint8Array(jpegBytes!)], { type: 'image/jpeg' }), 'me.jpg')
      return body
    }
    const jpegBytes = await jpeg({ width: 800, height: 600 })
    const first = await send(pair.b, 'POST', '/profile/upload', { token: me.token, form: form() })
    expect(first.status).toBe(200)
    const avatar = first.body.avatarFile as { url: string; thumbnailUrl: string }
    const onA = (url: string) => fetch(url.replace(pair.b.config.publicUrl, pair.a.url))
    expect((await onA(avatar.url)).status).toBe(200)
    expect((await onA(avatar.thumbnailUrl)).status).toBe(200)

    const second = await send(pair.a, 'POST', '/profile/upload', { token: me.token, form: form() })
    expect(second.status).toBe(200)
    expect((await onA(avatar.url)).status).toBe(404)
    expect((await onA(avatar.thumbnailUrl)).status).toBe(404)
    expect((await onA((second.body.avatarFile as { url: string }).url)).status).toBe(200)
  })

  it('a photo removed through one instance is gone from the bucket, for the other too', async () => {
    const event = await createEvent(pair.b, owner.token, {}, 2)
    const [first] = (await pair.b.get(`/event/${event._id}`)).body.images as { name: string; path: string; thumbnailPath: string }[]
    const keys = [first!.path, first!.thumbnailPath].map((p) => p.replace('/uploads/', ''))
    expect(await bucketKeys(pair.a)).toEqual(expect.arrayContaining(keys))
    expect((await send(pair.a, 'DELETE', `/event/${event._id}/upload`, { token: owner.token, json: { name: first!.name } })).status).toBe(200)
    const left = await bucketKeys(pair.a)
    expect(keys.filter((key) => left.includes(key))).toEqual([])
    expect((await fetch(pair.b.url + first!.path)).status).toBe(404)
  })

  it('a photo staged for a form through one instance is read back through the other', async () => {
    const body = new FormData()
    body.append('files', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'a.jpg')
    const staged = await send(pair.a, 'POST', '/uploads/staged', { token: owner.token, form: body })
    expect(staged.status).toBe(201)
    const token = (staged.body.photos as { token: string }[])[0]!.token
    const read = await fetch(`${pair.b.url}/uploads/staged/${token}`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(read.status).toBe(200)
    expect(read.headers.get('content-type')).toBe('image/jpeg')
    expect((await send(pair.b, 'DELETE', `/uploads/staged/${token}`, { token: owner.token })).status).toBe(204)
  })

  it('the orphan sweep deletes objects no row names once past the grace, and nothing else', async () => {
    const { images } = pair.a.app.ctx
    // What a process killed between its upload and its row leaves in the bucket; and an object not of our shape.
    const [cut] = await images.saveAll('posts', [await jpeg()])
    await images.storage.putAll([{ key: 'posts/notes.txt', data: Buffer.from('not ours'), contentType: 'text/plain' }])
    const named = (await bucketKeys(pair.a)).filter((key) => key !== cut!.path && key !== cut!.thumbPath && key !== 'posts/notes.txt')
    expect(named.length).toBeGreaterThan(0)

    const sweep = apiJobs(pair.b.app.ctx).find((job) => job.name === 'sweep-orphan-uploads')!
    expect(await sweep.run(new AbortController().signal)).toMatchObject({ removed: 0, young: 2 })
    now += (pair.b.config.uploadsOrphanGraceSeconds + 60) * 1000
    expect(await sweep.run(new AbortController().signal)).toMatchObject({ removed: 2, young: 0 })
    const left = await bucketKeys(pair.a)
    expect(left).not.toContain(cut!.path)
    expect(left).not.toContain(cut!.thumbPath)
    expect(left).toEqual(expect.arrayContaining([...named, 'posts/notes.txt']))
  })
})

describe('on the disk (UPLOADS_DIR, the default)', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>
  beforeAll(async () => {
    pair = await twoInstances({})
  })
  afterAll(async () => {
    await pair?.close()
  })

  it('a second instance with its own disk cannot serve the first one’s photo: several instances need the bucket', async () => {
    expect(pair.a.app.ctx.images.storage.kind).toBe('disk')
    const owner = await makeUser(pair.a)
    const event = await createEvent(pair.a, owner.token)
    const [image] = (await pair.a.get(`/event/${event._id}`)).body.images as { path: string }[]
    expect((await fetch(pair.a.url + image!.path)).status).toBe(200)
    expect((await fetch(pair.b.url + image!.path)).status).toBe(404)
  })
})
