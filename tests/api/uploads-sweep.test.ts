// Files a crash leaves in UPLOADS_DIR without a row (decision 022; found by `npm run proof:crash`): the API
// writes a photo before the row that names it commits, so a process killed in between leaves a file nobody
// names. The sweep (at start and the hourly job `sweep-orphan-uploads`) deletes such files once they are older
// than UPLOADS_ORPHAN_GRACE_SECONDS, and never a file a row names, a younger one (an upload still committing
// elsewhere) or a file whose name is not the store's own shape.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiJobs } from '../../api/jobs'
import { createEvent, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let user: TestUser

beforeAll(async () => {
  api = await startTestApi()
  user = await makeUser(api)
})
afterAll(async () => {
  await api?.close()
})

const abs = (rel: string) => path.join(api.config.uploadsDir, rel)
const exists = (rel: string) => fs.existsSync(abs(rel))
function age(rels: string[], seconds: number) {
  const then = new Date(Date.now() - seconds * 1000)
  for (const rel of rels) fs.utimesSync(abs(rel), then, then)
}

it('removes files no row names once older than the grace, and keeps named, young and foreign files', async () => {
  const grace = api.config.uploadsOrphanGraceSeconds
  expect(grace).toBe(3600)

  // Named files: an event's photo and an avatar, both with thumbnails.
  const event = await createEvent(api, user.token)
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'me.jpg')
  expect((await send(api, 'POST', '/profile/upload', { token: user.token, form })).status).toBe(200)
  const images = await api.app.ctx.db
    .selectFrom('post_images')
    .select(['path', 'thumb_path'])
    .where('post_id', '=', event._id)
    .execute()
  const me = await api.app.ctx.db
    .selectFrom('users')
    .select('avatar_path')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  // A group's avatar is named by its row too.
  expect((await send(api, 'POST', '/groups', { token: user.token, json: { handle: 'sweep_club', name: 'Sweep club' } })).status).toBe(201)
  const groupForm = new FormData()
  groupForm.append('file', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'club.jpg')
  expect((await send(api, 'POST', '/groups/sweep_club/avatar', { token: user.token, form: groupForm })).status).toBe(200)
  const club = await api.app.ctx.db.selectFrom('groups').select('avatar').where('handle', '=', 'sweep_club').executeTakeFirstOrThrow()
  const named = [
    ...images.flatMap((i) => [i.path, i.thumb_path as string]),
    me.avatar_path as string,
    (me.avatar_path as string).replace('.webp', '_thumb.webp'),
    club.avatar as string,
    (club.avatar as string).replace('.webp', '_thumb.webp'),
  ]
  expect(named.every(exists)).toBe(true)

  // What a request killed between writing its files and committing its row leaves behind: exactly the
  // store's writes, with no row.
  const store = api.app.ctx.images
  const [cutPhoto] = await store.saveAll('posts', [await jpeg()])
  const [cutAvatar] = await store.saveAll('avatars', [await jpeg()])
  const [inProgress] = await store.saveAll('posts', [await jpeg()])
  const old = [cutPhoto!.path, cutPhoto!.thumbPath, cutAvatar!.path, cutAvatar!.thumbPath]
  const young = [inProgress!.path, inProgress!.thumbPath]
  fs.writeFileSync(abs('posts/notes.txt'), 'not ours')
  age([...named, ...old, 'posts/notes.txt'], grace + 60)
  age(young, grace - 120)

  const job = apiJobs(api.app.ctx).find((j) => j.name === 'sweep-orphan-uploads')!
  expect(await job.run(new AbortController().signal)).toMatchObject({ removed: 4, young: 2 })
  expect(old.filter(exists)).toEqual([])
  expect(young.every(exists)).toBe(true)
  expect(named.every(exists)).toBe(true)
  expect(exists('posts/notes.txt')).toBe(true)

  // Still served, and a second run finds nothing more to do.
  const photo = await fetch(`${api.url}/uploads/${images[0]!.path}`)
  expect(photo.status).toBe(200)
  expect(await job.run(new AbortController().signal)).toMatchObject({ removed: 0, young: 2 })
})
