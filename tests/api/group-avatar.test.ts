// A group's avatar (issue 45), on SQLite and PostgreSQL: its owners and admins upload one (re-encoded as WebP with a
// thumbnail, which avatarUrl names) and remove it; editors, members and strangers may not; what is not a photo is
// refused; replacing and removing delete the old files, and so does deleting the group.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let owner: TestUser
let admin: TestUser
let editor: TestUser
let stranger: TestUser
const handle = 'lens_club'

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, admin, editor, stranger] = await Promise.all([makeUser(api), makeUser(api), makeUser(api), makeUser(api)])
  expect((await send(api, 'POST', '/groups', { token: owner.token, json: { handle, name: 'Lens club' } })).status).toBe(201)
  for (const [user, role] of [[admin, 'admin'], [editor, 'editor']] as const) {
    const made = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner.token, json: { who: user.username, role } })
    await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
  }
})
afterAll(async () => {
  await api?.close()
})

const photoForm = (data: Buffer, type = 'image/jpeg') => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'club.jpg')
  return form
}
const upload = async (user: TestUser | null, data?: Buffer) =>
  send(api, 'POST', `/groups/${handle}/avatar`, { token: user?.token, form: photoForm(data ?? (await jpeg())) })
const stored = async () => (await api.app.ctx.db.selectFrom('groups').select('avatar').where('handle', '=', handle).executeTakeFirstOrThrow()).avatar
const onDisk = (rel: string) => fs.existsSync(path.join(api.config.uploadsDir, rel))
const thumbOf = (rel: string) => rel.replace('.webp', '_thumb.webp')

describe('a group’s avatar', () => {
  it('owners and admins upload one: WebP with a thumbnail that avatarUrl names, served; others may not', async () => {
    expect((await upload(null)).status).toBe(401)
    for (const user of [editor, stranger]) expect((await upload(user)).status, user === editor ? 'editor' : 'stranger').toBe(403)
    const res = await upload(owner, await jpeg({ width: 1600, height: 900 }))
    expect(res.status, res.text).toBe(200)
    const first = (await stored())!
    expect(first).toMatch(/^avatars\/[a-f0-9]{32}\.webp$/)
    expect(res.body.avatarUrl).toBe(`${api.config.publicUrl}/uploads/${thumbOf(first)}`)
    const served = await fetch(`${api.url}/uploads/${thumbOf(first)}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    // Everyone sees it, on the group and in the list.
    expect((await send(api, 'GET', `/groups/${handle}`)).body.avatarUrl).toBe(res.body.avatarUrl)
    expect((await send(api, 'GET', `/groups?q=lens`)).body.items[0].avatarUrl).toBe(res.body.avatarUrl)

    // An admin replaces it: the old files go.
    expect((await upload(admin)).status).toBe(200)
    const second = (await stored())!
    expect(second).not.toBe(first)
    expect(onDisk(first) || onDisk(thumbOf(first))).toBe(false)
    expect(onDisk(second) && onDisk(thumbOf(second))).toBe(true)
  })

  it('refuses what is not a photo (415) and keeps the one it has', async () => {
    const before = await stored()
    const res = await send(api, 'POST', `/groups/${handle}/avatar`, { token: owner.token, form: photoForm(Buffer.from('not an image at all'), 'text/plain') })
    expect(res.status).toBe(415)
    expect(res.body.errors).toHaveProperty('file')
    expect(await stored()).toBe(before)
    const none = await send(api, 'POST', `/groups/${handle}/avatar`, { token: owner.token, form: new FormData() })
    expect(none.status).toBe(400)
  })

  it('removing it deletes the files (404 when there is none); deleting the group deletes them too', async () => {
    const current = (await stored())!
    expect((await send(api, 'DELETE', `/groups/${handle}/avatar`, { token: editor.token })).status).toBe(403)
    const removed = await send(api, 'DELETE', `/groups/${handle}/avatar`, { token: admin.token })
    expect(removed.status, removed.text).toBe(200)
    expect(removed.body.avatarUrl).toBeNull()
    expect(onDisk(current)).toBe(false)
    expect((await send(api, 'DELETE', `/groups/${handle}/avatar`, { token: admin.token })).status).toBe(404)

    expect((await upload(owner)).status).toBe(200)
    const last = (await stored())!
    expect((await send(api, 'DELETE', `/groups/${handle}`, { token: owner.token })).status).toBe(200)
    expect(onDisk(last) || onDisk(thumbOf(last))).toBe(false)
    expect(await stored()).toBeNull()
  })
})
