// Photos staged for a form sent next (POST/GET/DELETE /uploads/staged, api/media/staged-routes.ts): only an
// activated person stages, only images by their bytes, kept with their file names; each person reads and forgets only their own; the
// orphan sweep deletes staged photos older than an hour and keeps younger ones; what one person holds at once
// is capped in count and bytes (STAGED_PHOTO_LIMITS), across instances.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { STAGED_PHOTO_LIMITS } from '../../contract'
import { apiJobs } from '../../api/jobs'
import { jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, twoInstances, type TestApi } from './helpers'

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

/** A file the staging takes as a JPEG (it reads the first bytes only) of exactly `size` bytes. */
function jpegOfSize(size: number): Buffer {
  const data = Buffer.alloc(size, 0x20)
  data.set([0xff, 0xd8, 0xff, 0xe0], 0)
  return data
}

const QUOTA_TEXT = {
  en: 'You have too many photos waiting to be sent (at most 20, 100 MB in all). Send or remove some, or wait an hour.',
  ru: 'Слишком много фото ждут отправки (не больше 20, всего 100 МБ). Отправьте или уберите часть, или подождите час.',
}

it('holds at most 20 photos per person at once: the 21st is refused (413) in the caller’s language until one goes', async () => {
  const person = await makeUser(api)
  const small = await jpeg()
  const photo = { data: small, type: 'image/jpeg', name: 'p.jpg' }
  const tokens: string[] = []
  for (let call = 0; call < STAGED_PHOTO_LIMITS.heldCount / 10; call++) {
    const staged = await send(api, 'POST', '/uploads/staged', { token: person.token, form: form(Array(10).fill(photo)) })
    expect(staged.status).toBe(201)
    tokens.push(...(staged.body.photos as { token: string }[]).map((p) => p.token))
  }
  expect(tokens).toHaveLength(STAGED_PHOTO_LIMITS.heldCount)
  const refused = await send(api, 'POST', '/uploads/staged', { token: person.token, form: form([photo]) })
  expect(refused.status).toBe(413)
  expect(refused.body).toMatchObject({ code: 'stagingQuotaExceeded', errors: { files: [QUOTA_TEXT.en] } })
  const ru = await send(api, 'POST', '/uploads/staged', { token: person.token, lang: 'ru', form: form([photo]) })
  expect(ru.body.errors).toEqual({ files: [QUOTA_TEXT.ru] })
  // Someone else's quota is their own.
  expect((await send(api, 'POST', '/uploads/staged', { token: other.token, form: form([photo]) })).status).toBe(201)
  // Forgetting one (as a form does once it took its photos) makes room for one.
  expect((await send(api, 'DELETE', `/uploads/staged/${tokens[0]}`, { token: person.token })).status).toBe(204)
  expect((await send(api, 'POST', '/uploads/staged', { token: person.token, form: form([photo]) })).status).toBe(201)
  expect((await send(api, 'POST', '/uploads/staged', { token: person.token, form: form([photo]) })).status).toBe(413)
  // An hour later the photos are gone (the sweep) and count no more.
  now += 61 * 60_000
  expect((await send(api, 'POST', '/uploads/staged', { token: person.token, form: form([photo]) })).status).toBe(201)
})

it('holds at most 100 MB per person at once, whatever the count', async () => {
  const person = await makeUser(api)
  const big = { data: jpegOfSize(9_900_000), type: 'image/jpeg', name: 'big.jpg' }
  const first = await send(api, 'POST', '/uploads/staged', { token: person.token, form: form(Array(10).fill(big)) })
  expect(first.status).toBe(201)
  // 99 MB held: 9.9 MB more would pass 100 MB (104,857,600 bytes); 5 MB still fits.
  const over = await send(api, 'POST', '/uploads/staged', { token: person.token, form: form([big]) })
  expect(over.status).toBe(413)
  expect(over.body.code).toBe('stagingQuotaExceeded')
  const fits = await send(api, 'POST', '/uploads/staged', { token: person.token, form: form([{ ...big, data: jpegOfSize(5_000_000) }]) })
  expect(fits.status).toBe(201)
  const rows = await api.app.ctx.db.selectFrom('staged_photos').select((eb) => eb.fn.sum<number>('bytes').as('bytes')).where('user_id', '=', person.id).executeTakeFirstOrThrow()
  expect(Number(rows.bytes)).toBe(10 * 9_900_000 + 5_000_000)
})

it('counts the quota across instances: parallel calls on two APIs never hold more than 20 photos together', async () => {
  const both = await twoInstances({})
  try {
    const person = await makeUser(both.a)
    const photo = { data: await jpeg(), type: 'image/jpeg', name: 'p.jpg' }
    // Eight calls of five photos, half on each instance, all at once: exactly four fit.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(i % 2 ? both.b : both.a, 'POST', '/uploads/staged', { token: person.token, form: form(Array(5).fill(photo)) })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 413, 413, 413, 413])
    const held = await both.a.app.ctx.db.selectFrom('staged_photos').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', person.id).executeTakeFirstOrThrow()
    expect(Number(held.n)).toBe(STAGED_PHOTO_LIMITS.heldCount)
  } finally {
    await both.close()
  }
})
