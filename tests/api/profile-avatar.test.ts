// Avatars (SPEC §7 Profile): POST /profile/upload re-encodes to WebP without EXIF with a thumbnail and sends the
// image back to review; refuses what is not a photo (415), none or two (400), over 10 MB (413); replacing and
// DELETE /profile/avatar remove the files, concurrent uploads leave one; a REJECTED avatar is hidden from others;
// uploads are rate-limited. SQLite and PostgreSQL.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jpeg, makeUser, makeUsers, png, send } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'
import { profileFixtures } from './profile-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { setUser, insertFollow } = profileFixtures(() => api)

function avatarForm(files: { field?: string; data: Buffer; name?: string; type?: string }[], fields: Record<string, string> = {}): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files)
    form.append(f.field ?? 'file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.name ?? 'me.jpg')
  return form
}
const upload = (token: string | undefined, form: FormData, lang?: string) => send(api, 'POST', '/profile/upload', { token, form, lang })

async function fetchBytes(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url.replace(api.config.publicUrl, api.url))
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) }
}

describe('avatar: POST /profile/upload, GET and DELETE /profile/avatar', () => {
  it('needs a signed-in, activated user', async () => {
    const photo = await jpeg()
    expect((await upload(undefined, avatarForm([{ data: photo }]))).status).toBe(401)
    const newbie = await makeUser(api, { activated: false })
    expect((await upload(newbie.token, avatarForm([{ data: photo }]))).status).toBe(403)
    expect((await api.get('/profile/avatar')).status).toBe(401)
    expect((await send(api, 'DELETE', '/profile/avatar')).status).toBe(401)
    expect((await send(api, 'DELETE', '/profile/avatar', { token: newbie.token })).status).toBe(403)
  })

  it('re-encodes a JPEG with EXIF as WebP without it, with a thumbnail, and sets the image status to PENDING', async () => {
    const me = await makeUser(api)
    await setUser(me.id, { moderation_image_status: 'APPROVED' })
    expect((await api.get('/profile/avatar', { token: me.token })).body).toBeNull()
    const original = await jpeg({ width: 3000, height: 1500, exif: true })
    expect(original.includes(Buffer.from('SecretCam'))).toBe(true)
    const res = await upload(me.token, avatarForm([{ data: original, name: 'holiday.jpg' }]))
    expect(res.status).toBe(200)
    expect(res.body.moderationImageStatus).toBe('PENDING')
    const avatar = res.body.avatarFile
    expect(avatar.name).toMatch(/^[a-f0-9]{32}\.webp$/)
    expect(avatar.url).toBe(`${api.config.publicUrl}/uploads/avatars/${avatar.name}`)
    expect(avatar.thumbnailUrl).toBe(`${api.config.publicUrl}/uploads/avatars/${avatar.name.replace('.webp', '_thumb.webp')}`)
    const full = await fetchBytes(avatar.url)
    expect(full.status).toBe(200)
    const meta = await sharp(full.body).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 2048, height: 1024 })
    expect(meta.exif).toBeUndefined()
    expect(full.body.includes(Buffer.from('SecretCam'))).toBe(false)
    const thumb = await sharp((await fetchBytes(avatar.thumbnailUrl)).body).metadata()
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(400)
    expect((await api.get('/profile/avatar', { token: me.token })).body).toEqual(avatar)
    expect((await api.get(`/profile/${me.id}`)).body.avatarFile).toEqual(avatar)
  })

  it('refuses a text file named .jpg with 415 (en and ru) and writes nothing', async () => {
    const me = await makeUser(api)
    const dir = path.join(api.config.uploadsDir, 'avatars')
    await fs.mkdir(dir, { recursive: true })
    const before = (await fs.readdir(dir)).length
    const fake = Buffer.from('just some text, not a photo at all\n'.repeat(20))
    const res = await upload(me.token, avatarForm([{ data: fake, name: 'me.jpg', type: 'image/jpeg' }]))
    expect(res.status).toBe(415)
    expect(res.body).toEqual({
      code: 'unsupportedImage',
      message: 'Only JPEG, PNG and WebP images are accepted.',
      errors: { file: ['Only JPEG, PNG and WebP images are accepted.'] },
    })
    const ru = await upload(me.token, avatarForm([{ data: fake }]), 'ru')
    expect(ru.body.message).toBe('Принимаются только изображения JPEG, PNG и WebP.')
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer()
    expect((await upload(me.token, avatarForm([{ data: gif, name: 'a.gif', type: 'image/gif' }]))).status).toBe(415)
    const good = await jpeg({ width: 200, height: 200 })
    expect((await upload(me.token, avatarForm([{ data: good.subarray(0, good.length / 2) }]))).status).toBe(415)
    expect((await fs.readdir(dir)).length).toBe(before)
    expect((await api.get('/profile/avatar', { token: me.token })).body).toBeNull()
  })

  it('takes the photo from `file`, `files` or `avatar`; refuses none, two, or a non-multipart body', async () => {
    const me = await makeUser(api)
    const photo = await png()
    for (const field of ['files', 'avatar', 'file']) {
      const res = await upload(me.token, avatarForm([{ field, data: photo, name: 'a.png', type: 'image/png' }], { note: 'ignored' }))
      expect(res.status, field).toBe(200)
    }
    const none = await upload(me.token, avatarForm([{ field: 'picture', data: photo }]))
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual({ file: ['Upload a photo!'] })
    const empty = await upload(me.token, avatarForm([]))
    expect(empty.body.errors).toEqual({ file: ['Upload a photo!'] })
    const two = await upload(me.token, avatarForm([{ data: photo }, { data: photo }]))
    expect(two.status).toBe(400)
    expect(two.body.errors).toEqual({ file: ['Upload one photo for the avatar.'] })
    const json = await send(api, 'POST', '/profile/upload', { token: me.token, json: { file: 'data:image/png;base64,AAAA' } })
    expect(json.status).toBe(400)
    expect(json.body.errors).toEqual({ file: ['Upload a photo!'] })
  })

  it('refuses a file over 10 MB with 413', async () => {
    const me = await makeUser(api)
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 10)])
    const res = await upload(me.token, avatarForm([{ data: big }]))
    expect(res.status).toBe(413)
    expect(res.body.errors).toEqual({ file: ['The photo is too large (at most 10 MB, 40 megapixels).'] })
  })

  it('replacing removes the old files; DELETE removes the current ones, then answers 404', async () => {
    const me = await makeUser(api)
    const first = (await upload(me.token, avatarForm([{ data: await jpeg({ color: '#ff0000' }) }]))).body.avatarFile
    expect((await fetchBytes(first.url)).status).toBe(200)
    const second = (await upload(me.token, avatarForm([{ data: await jpeg({ color: '#00ff00' }) }]))).body.avatarFile
    expect(second.name).not.toBe(first.name)
    expect((await fetchBytes(first.url)).status).toBe(404)
    expect((await fetchBytes(first.thumbnailUrl)).status).toBe(404)
    const dir = path.join(api.config.uploadsDir, 'avatars')
    const files = await fs.readdir(dir)
    expect(files.filter((f) => f.startsWith(first.name.slice(0, 32)))).toEqual([])
    expect(files.filter((f) => f.startsWith(second.name.slice(0, 32))).sort()).toEqual([second.name, second.name.replace('.webp', '_thumb.webp')])

    const removed = await send(api, 'DELETE', '/profile/avatar', { token: me.token })
    expect(removed.status).toBe(200)
    expect(removed.body.avatarFile).toBeNull()
    expect((await fetchBytes(second.url)).status).toBe(404)
    expect((await fetchBytes(second.thumbnailUrl)).status).toBe(404)
    expect((await api.get('/profile/avatar', { token: me.token })).body).toBeNull()
    const again = await send(api, 'DELETE', '/profile/avatar', { token: me.token, lang: 'ru' })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('У вас нет аватара.')
  })

  it('concurrent uploads leave exactly one avatar on disk', async () => {
    const me = await makeUser(api)
    // Tiny photos finish processing together, so the requests race for the row.
    const photo = await png()
    const res = await Promise.all(Array.from({ length: 10 }, () => upload(me.token, avatarForm([{ data: photo, type: 'image/png' }]))))
    expect(res.every((r) => r.status === 200)).toBe(true)
    const current = (await api.get('/profile/avatar', { token: me.token })).body
    const names = new Set(res.map((r) => r.body.avatarFile.name))
    const dir = path.join(api.config.uploadsDir, 'avatars')
    const left = (await fs.readdir(dir)).filter((f) => [...names].some((n) => f.startsWith(n.slice(0, 32))))
    expect(left.sort()).toEqual([current.name, current.name.replace('.webp', '_thumb.webp')])
  })

  it('hides a REJECTED avatar from everyone but its owner and moderators', async () => {
    const [me, other] = await makeUsers(api, 2)
    const admin = await makeUser(api, { role: 'admin' })
    await upload(me!.token, avatarForm([{ data: await jpeg() }]))
    await setUser(me!.id, { moderation_image_status: 'REJECTED' })
    await insertFollow(other!.id, me!.id)
    expect((await api.get(`/profile/${me!.id}`)).body.avatarFile).toBeNull()
    expect((await api.get(`/profile/${me!.id}`, { token: other!.token })).body.avatarFile).toBeNull()
    expect((await api.get(`/profile/${other!.id}/following`)).body.users[0].avatarFile).toBeNull()
    expect((await api.get(`/profile/${me!.id}`, { token: admin.token })).body.avatarFile).not.toBeNull()
    const own = await api.get('/profile/my', { token: me!.token })
    expect(own.body).toMatchObject({ moderationImageStatus: 'REJECTED', avatarFile: { url: expect.any(String) } })
  })
})

describe('limits and documentation', () => {
  it('rate-limits avatar uploads like other uploads (30 per 30 min, scaled)', async () => {
    const limited = await startTestApi({ RATE_LIMIT_MULTIPLIER: '0.1' })
    try {
      const [me] = await makeUsers(limited, 1)
      const photo = await png()
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const form = avatarForm([{ data: photo, type: 'image/png', name: 'a.png' }])
        statuses.push((await send(limited, 'POST', '/profile/upload', { token: me!.token, form })).status)
      }
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
