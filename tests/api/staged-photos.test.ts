// Photos staged for a form sent next (POST/GET/DELETE /uploads/staged, api/media/staged-routes.ts): only an
// activated person stages, only images by their bytes, kept with their file names; each person reads and forgets only their own; the
// orphan sweep deletes staged photos older than an hour and keeps younger ones.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiJobs } from '../../api/jobs'
import { jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let now = Date.now()
let me: TestUser
let other: TestUser

beforeAll(async () => {
  api = await startTestApi({}, undefined, { clock: () => new Date(now) })
  ;[me, other] = await Promise.all([makeUser(api), makeUser(api)])
})
afterAll(async () => {
  await api?.close()
})

function form(files: { data: Buffer; type: string; name: string }[]) {
  const body = new FormData()
  for (const file of files) body.append('files', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  return body
}

async function bytes(token: string, user: TestUser) {
  const response = await fetch(`${api.url}/uploads/staged/${token}`, { headers: { authorization: `Bearer ${user.token}` } })
  const name = response.headers.get('x-staged-name')
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()), name: name && decodeURIComponent(name) }
}

it('stages images for their owner only, reads them back byte for byte, and forgets them', async () => {
  const [red, blue] = await Promise.all([jpeg({ color: '#ff0000' }), jpeg({ color: '#0000ff' })])
  expect((await send(api, 'POST', '/uploads/staged', { form: form([{ data: red, type: 'image/jpeg', name: 'a.jpg' }]) })).status).toBe(401)
  const newbie = await makeUser(api, { activated: false })
  expect((await send(api, 'POST', '/uploads/staged', { token: newbie.token, form: form([{ data: red, type: 'image/jpeg', name: 'a.jpg' }]) })).status).toBe(403)

  const staged = await send(api, 'POST', '/uploads/staged', {
    token: me.token,
    form: form([
      { data: red, type: 'image/jpeg', name: 'red.jpg' },
      { data: blue, type: 'image/jpeg', name: 'blue.jpg' },
    ]),
  })
  expect(staged.status).toBe(201)
  const [first, second] = staged.body.photos as { token: string; type: string }[]
  expect(first).toEqual({ token: expect.stringMatching(/^[a-f0-9]{32}$/), type: 'image/jpeg', name: 'red.jpg' })
  expect(await bytes(first!.token, me)).toEqual({ status: 200, type: 'image/jpeg', body: red, name: 'red.jpg' })
  expect((await bytes(second!.token, me)).body.equals(blue)).toBe(true)
  // Someone else's token is not found for them, and cannot be deleted by them.
  expect((await bytes(first!.token, other)).status).toBe(404)
  expect((await send(api, 'DELETE', `/uploads/staged/${first!.token}`, { token: other.token })).status).toBe(204)
  expect((await bytes(first!.token, me)).status).toBe(200)

  expect((await send(api, 'DELETE', `/uploads/staged/${first!.token}`, { token: me.token })).status).toBe(204)
  expect((await bytes(first!.token, me)).status).toBe(404)
  expect((await send(api, 'GET', '/uploads/staged/not-a-token', { token: me.token })).status).toBe(400)
})

it('refuses what is not an image by its bytes (415) and an empty post (400), in the caller’s language', async () => {
  const text = await send(api, 'POST', '/uploads/staged', { token: me.token, form: form([{ data: Buffer.from('just text'), type: 'image/jpeg', name: 'x.jpg' }]) })
  expect(text.status).toBe(415)
  expect(text.body.errors).toEqual({ files: ['Only JPEG, PNG and WebP images are accepted.'] })
  const ru = await send(api, 'POST', '/uploads/staged', { token: me.token, lang: 'ru', form: form([{ data: Buffer.from('just text'), type: 'image/jpeg', name: 'x.jpg' }]) })
  expect(ru.body.errors).toEqual({ files: ['Принимаются только изображения JPEG, PNG и WebP.'] })
  const empty = await send(api, 'POST', '/uploads/staged', { token: me.token, form: new FormData() })
  expect(empty.status).toBe(400)
})

it('the sweep deletes staged photos older than an hour and keeps younger ones', async () => {
  const staged = await send(api, 'POST', '/uploads/staged', { token: me.token, form: form([{ data: await jpeg(), type: 'image/jpeg', name: 'a.jpg' }]) })
  const token = (staged.body.photos as { token: string }[])[0]!.token
  const sweep = apiJobs(api.app.ctx).find((job) => job.name === 'sweep-orphan-uploads')!
  expect(await sweep.run(new AbortController().signal)).toMatchObject({ staged: 0 })
  expect((await bytes(token, me)).status).toBe(200)
  now += 61 * 60_000
  // This photo and its name beside it (and what the first test left staged).
  const swept = (await sweep.run(new AbortController().signal)) as { staged: number }
  expect(swept.staged).toBeGreaterThanOrEqual(2)
  expect((await bytes(token, me)).status).toBe(404)
})
