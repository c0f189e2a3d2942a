// Profile (SPEC §7 Profile): own profile and its edit, public profile, follow toggle (counts, domain events,
// concurrency), followers/following tables, user search, avatar upload/replace/delete. SQLite and PostgreSQL.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainEvent } from '../../api/lib/domain-events'
import { jpeg, makeUser, makeUsers, png, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.app.ctx.db
const patch = (token: string | undefined, body: unknown, lang?: string) => send(api, 'PATCH', '/profile/my', { token, json: body, lang })
const follow = (id: string, token?: string, lang?: string) => send(api, 'PUT', `/profile/${id}/follow`, { token, lang })

function avatarForm(files: { field?: string; data: Buffer; name?: string; type?: string }[], fields: Record<string, string> = {}): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files)
    form.append(f.field ?? 'file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.name ?? 'me.jpg')
  return form
}
const upload = (token: string | undefined, form: FormData, lang?: string) => send(api, 'POST', '/profile/upload', { token, form, lang })

async function setUser(id: string, values: Record<string, unknown>) {
  await db().updateTable('users').set(values).where('id', '=', id).execute()
}

async function insertFollow(followerId: string, followeeId: string, createdAt = new Date().toISOString()) {
  await db().insertInto('follows').values({ follower_id: followerId, followee_id: followeeId, created_at: createdAt }).execute()
}

async function fetchBytes(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url.replace(api.config.publicUrl, api.url))
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) }
}

describe('GET /profile/my', () => {
  it('answers the signed-in user with email, counts and isFollowing false; anonymous 401', async () => {
    const [me, fan] = await makeUsers(api, 2)
    await insertFollow(fan!.id, me!.id)
    expect((await api.get('/profile/my')).status).toBe(401)
    expect((await api.get('/profile/my', { token: 'not-a-token' })).status).toBe(401)
    const res = await api.get('/profile/my', { token: me!.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      _id: me!.id,
      id: me!.id,
      username: me!.username,
      email: `${me!.username}@example.com`,
      followers: 1,
      following: 0,
      isFollowing: false,
      avatarFile: null,
      socialMediaLinks: { facebook: null, instagram: null, vk: null },
      city: null,
    })
  })

  it('works for a user who has not confirmed the email yet (reading only)', async () => {
    const newbie = await makeUser(api, { activated: false })
    const res = await api.get('/profile/my', { token: newbie.token })
    expect(res.status).toBe(200)
    expect(res.body.isActivated).toBe(false)
  })
})

describe('PATCH /profile/my', () => {
  it('needs a signed-in, activated user', async () => {
    expect((await patch(undefined, { profession: 'x' })).status).toBe(401)
    const newbie = await makeUser(api, { activated: false })
    const res = await patch(newbie.token, { profession: 'x' })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Please confirm your email first.')
  })

  it('changes every field, normalises the phone, answers the updated user and sets moderation to PENDING', async () => {
    const me = await makeUser(api)
    await setUser(me.id, { moderation_status: 'APPROVED' })
    const res = await patch(me.token, {
      name: 'Milica',
      lastname: 'Petrović',
      username: `mp${me.username}`,
      phone: '+7 (999) 123-45-67',
      profession: '  Photographer ',
      userBio: 'I take pictures of concerts.',
      socialMediaLinks: { facebook: 'https://facebook.com/milica', instagram: 'http://instagram.com/m', vk: '' },
      city: { name: 'Belgrade', latitude: 44.80401, longitude: 20.46513 },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      _id: me.id,
      name: 'Milica',
      lastname: 'Petrović',
      username: `mp${me.username}`,
      phone: '79991234567',
      profession: 'Photographer',
      userBio: 'I take pictures of concerts.',
      socialMediaLinks: { facebook: 'https://facebook.com/milica', instagram: 'http://instagram.com/m', vk: null },
      city: { name: 'Belgrade', latitude: 44.80401, longitude: 20.46513 },
      moderationStatus: 'PENDING',
      isFollowing: false,
    })
    const again = await api.get('/profile/my', { token: me.token })
    expect(again.body).toEqual(res.body)
  })

  it('keeps fields left out, clears with "" or null, ignores unknown fields such as role and email', async () => {
    const me = await makeUser(api)
    await patch(me.token, {
      phone: '8-999-123-45-67',
      profession: 'Cook',
      socialMediaLinks: { vk: 'https://vk.com/me' },
      city: { latitude: 45, longitude: 19 },
    })
    const res = await patch(me.token, {
      profession: '',
      socialMediaLinks: { facebook: 'https://fb.com/me' },
      city: null,
      role: 'superAdmin',
      email: 'stolen@example.com',
      moderationStatus: 'APPROVED',
      isActivated: false,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      phone: '89991234567',
      profession: null,
      socialMediaLinks: { facebook: 'https://fb.com/me', instagram: null, vk: 'https://vk.com/me' },
      city: null,
      role: 'user',
      email: `${me.username}@example.com`,
      moderationStatus: 'PENDING',
      isActivated: true,
    })
    const row = await db().selectFrom('users').select(['role', 'email']).where('id', '=', me.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ role: 'user', email: `${me.username}@example.com` })
  })

  it('leaves updatedAt and the moderation status alone when nothing changes', async () => {
    const me = await makeUser(api)
    await setUser(me.id, { moderation_status: 'APPROVED', profession: 'Cook' })
    const before = (await api.get('/profile/my', { token: me.token })).body
    const res = await patch(me.token, { profession: 'Cook' })
    expect(res.status).toBe(200)
    expect(res.body.updatedAt).toBe(before.updatedAt)
    expect(res.body.moderationStatus).toBe('APPROVED')
    // The city is not moderated.
    const city = await patch(me.token, { city: { name: 'Novi Sad', latitude: 45.25, longitude: 19.84 } })
    expect(city.body.moderationStatus).toBe('APPROVED')
  })

  it('names each broken rule with the registration texts (en)', async () => {
    const me = await makeUser(api)
    const res = await patch(me.token, {
      name: 'Al',
      lastname: 'Smith Jones',
      username: 'abc',
      phone: '12345',
      profession: 'p'.repeat(101),
      userBio: 'b'.repeat(501),
      socialMediaLinks: { facebook: 'javascript:alert(1)', instagram: 'ftp://instagram.com/x', vk: 'vk.com/me' },
      city: { latitude: 91, longitude: 'east' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'validationFailed',
      message: 'Please check the highlighted fields.',
      errors: {
        name: ['Must be at least 3 characters!'],
        lastname: ['No Space or Special Characters Allowed!'],
        username: ['Username must be at least 4 characters!'],
        phone: ['Enter a phone number of 11 digits, e.g. +7 (999) 123-45-67!'],
        profession: ['This value is too long!'],
        userBio: ['This value is too long!'],
        'socialMediaLinks.facebook': ['Enter a valid link (https://…)!'],
        'socialMediaLinks.instagram': ['Enter a valid link (https://…)!'],
        'socialMediaLinks.vk': ['Enter a valid link (https://…)!'],
        'city.latitude': ['Invalid value'],
        'city.longitude': ['Invalid value'],
      },
    })
    const unchanged = await api.get('/profile/my', { token: me.token })
    expect(unchanged.body.name).toBe('Eve')
  })

  it('refuses blank or special-character names, bad phones and a city without coordinates', async () => {
    const me = await makeUser(api)
    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'name', 'This field is required!'],
      [{ name: null }, 'name', 'This field is required!'],
      [{ username: 'bad name!' }, 'username', 'No Space or Special Characters Allowed!'],
      [{ username: 'u'.repeat(31) }, 'username', 'This value is too long!'],
      [{ name: 'Ann<script>' }, 'name', 'No Space or Special Characters Allowed!'],
      [{ phone: '+7 999 123 45 6' }, 'phone', 'Enter a phone number of 11 digits, e.g. +7 (999) 123-45-67!'],
      [{ phone: '+7 999 123 45 678' }, 'phone', 'Enter a phone number of 11 digits, e.g. +7 (999) 123-45-67!'],
      [{ phone: 'call 79991234567' }, 'phone', 'Enter a phone number of 11 digits, e.g. +7 (999) 123-45-67!'],
      [{ phone: '7999+1234567' }, 'phone', 'Enter a phone number of 11 digits, e.g. +7 (999) 123-45-67!'],
      [{ phone: 79991234567 }, 'phone', 'Enter a phone number of 11 digits, e.g. +7 (999) 123-45-67!'],
      [{ city: { name: 'Nowhere' } }, 'city.latitude', 'This field is required!'],
      [{ city: 'Belgrade' }, 'city', 'Invalid value'],
      [{ socialMediaLinks: 'https://fb.com' }, 'socialMediaLinks', 'Invalid value'],
      [{ socialMediaLinks: { facebook: `https://fb.com/${'x'.repeat(500)}` } }, 'socialMediaLinks.facebook', 'This value is too long!'],
      [{ socialMediaLinks: { instagram: 'https://user:pass@instagram.com' } }, 'socialMediaLinks.instagram', 'Enter a valid link (https://…)!'],
    ]
    for (const [body, field, text] of cases) {
      const res = await patch(me.token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors[field], JSON.stringify(body)).toEqual([text])
    }
  })

  it('answers in Russian for Russian callers', async () => {
    const me = await makeUser(api)
    const res = await patch(me.token, { name: 'Al', phone: 'abc', socialMediaLinks: { vk: 'vk' } }, 'ru')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'validationFailed',
      message: 'Проверьте отмеченные поля.',
      errors: {
        name: ['Минимум 3 символа!'],
        phone: ['Введите номер телефона из 11 цифр, например +7 (999) 123-45-67!'],
        'socialMediaLinks.vk': ['Введите корректную ссылку (https://…)!'],
      },
    })
  })

  it('keeps usernames unique regardless of case (409 like registration); a new case of one’s own is fine', async () => {
    const [me, other] = await makeUsers(api, 2)
    const taken = await patch(me!.token, { username: other!.username.toUpperCase() })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ message: 'This username is already taken.', errors: { username: ['This username is already taken.'] }, code: 'usernameTaken' })
    const ru = await patch(me!.token, { username: other!.username }, 'ru')
    expect(ru.body.errors.username).toEqual(['Это имя пользователя уже занято.'])
    const own = await patch(me!.token, { username: me!.username.toUpperCase() })
    expect(own.status).toBe(200)
    expect(own.body.username).toBe(me!.username.toUpperCase())
  })

  it('answers 4xx, never 5xx, to nasty bodies', async () => {
    const me = await makeUser(api)
    const raw: [string, string][] = [
      ['null', 'null'],
      ['number', '42'],
      ['string', '"hello"'],
      ['array', '[{"name":"Alice"}]'],
      ['proto pollution', '{"__proto__":{"role":"superAdmin"},"constructor":{"prototype":{"x":1}}}'],
      ['nested operators', '{"name":{"$ne":null},"username":["a","b"],"socialMediaLinks":[1,2]}'],
      ['booleans', '{"name":true,"phone":false,"city":true,"socialMediaLinks":{"vk":true}}'],
      ['huge numbers', '{"city":{"latitude":1e400,"longitude":-1e400},"phone":1e400}'],
      ['NUL characters', '{"name":"Ann\\u0000a","userBio":"\\u0000","socialMediaLinks":{"vk":"https://vk.com/\\u0000"}}'],
      ['lone surrogates', '{"name":"\\ud800\\ud800\\ud800","userBio":"\\udfff"}'],
      ['deep nesting', '{"city":' + '['.repeat(500) + ']'.repeat(500) + '}'],
      ['very long strings', JSON.stringify({ userBio: 'x'.repeat(200_000), phone: '1'.repeat(100_000) })],
      ['sql-ish', '{"username":"a\' OR 1=1 --","profession":"\'; DROP TABLE users; --"}'],
      ['invalid JSON', '{"name": '],
      ['trailing data', '{"name":"Alice"} {"x":1}'],
    ]
    for (const [name, body] of raw) {
      const res = await api.request('PATCH', '/profile/my', { token: me.token, rawBody: body, headers: { 'content-type': 'application/json' } })
      expect(res.status, name).toBeGreaterThanOrEqual(200)
      expect(res.status, name).toBeLessThan(500)
      if (res.status >= 400) expect(Object.keys(res.body ?? {}).sort(), name).toEqual(['code', 'errors', 'message'])
    }
    const row = await db().selectFrom('users').select(['role', 'name']).where('id', '=', me.id).executeTakeFirstOrThrow()
    expect(row.role).toBe('user')
    // Other content types are refused.
    const text = await api.request('PATCH', '/profile/my', { token: me.token, rawBody: 'name=Alice', headers: { 'content-type': 'text/plain' } })
    expect(text.status).toBe(415)
    const form = new FormData()
    form.append('name', 'Alice')
    const multipart = await send(api, 'PATCH', '/profile/my', { token: me.token, form })
    expect(multipart.status).toBe(415)
  })
})

describe('GET /profile/{id}', () => {
  it('is public: isFollowing false and no email for anonymous viewers', async () => {
    const u = await makeUser(api)
    expect((await patch(u.token, { phone: '+7 (495) 123 45 67', userBio: 'Hello' })).status).toBe(200)
    const res = await api.get(`/profile/${u.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ _id: u.id, username: u.username, email: null, isFollowing: false, phone: '74951234567', userBio: 'Hello' })
  })

  it('answers 404 for unknown and disabled users', async () => {
    const gone = await makeUser(api)
    await setUser(gone.id, { disabled_at: new Date().toISOString() })
    expect((await api.get(`/profile/${gone.id}`)).status).toBe(404)
    const unknown = await api.get('/profile/00000000-0000-4000-8000-000000000000', { lang: 'ru' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Не найдено.')
    expect((await api.get(`/profile/${'x'.repeat(101)}`)).status).toBe(400)
  })

  it('does not take "my" as an id', async () => {
    expect((await api.get('/profile/my')).status).toBe(401)
    expect((await api.get('/profile/my/followers')).status).toBe(401)
    expect((await api.get('/profile/my/following')).status).toBe(401)
  })

  it('shows isFollowing for the signed-in viewer and the email to the user only; a bad token is 401', async () => {
    const [a, b] = await makeUsers(api, 2)
    await insertFollow(a!.id, b!.id)
    const seenByA = await api.get(`/profile/${b!.id}`, { token: a!.token })
    expect(seenByA.body).toMatchObject({ isFollowing: true, followers: 1, following: 0, email: null })
    const seenByB = await api.get(`/profile/${a!.id}`, { token: b!.token })
    expect(seenByB.body).toMatchObject({ isFollowing: false, followers: 0, following: 1 })
    const self = await api.get(`/profile/${b!.id}`, { token: b!.token })
    expect(self.body).toMatchObject({ isFollowing: false, email: `${b!.username}@example.com` })
    expect((await api.get(`/profile/${b!.id}`, { token: 'expired.or.forged' })).status).toBe(401)
  })
})

describe('PUT /profile/{id}/follow', () => {
  it('needs a signed-in, activated user; refuses yourself (400) and unknown or disabled users (404)', async () => {
    const [a, b, gone] = await makeUsers(api, 3)
    const newbie = await makeUser(api, { activated: false })
    await setUser(gone!.id, { disabled_at: new Date().toISOString() })
    expect((await follow(b!.id)).status).toBe(401)
    expect((await follow(b!.id, newbie.token)).status).toBe(403)
    const self = await follow(a!.id, a!.token)
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ message: 'You cannot follow yourself.', errors: {}, code: 'cannotFollowYourself' })
    expect((await follow(a!.id, a!.token, 'ru')).body.message).toBe('Нельзя подписаться на самого себя.')
    expect((await follow('00000000-0000-4000-8000-000000000000', a!.token)).status).toBe(404)
    expect((await follow(gone!.id, a!.token)).status).toBe(404)
    expect((await follow('my', a!.token)).status).toBe(404)
    const rows = await db().selectFrom('follows').selectAll().where('follower_id', '=', a!.id).execute()
    expect(rows).toEqual([])
  })

  it('toggles: answers the followee’s follower count and the new state; both sides see it', async () => {
    const [a, b, c] = await makeUsers(api, 3)
    await insertFollow(c!.id, b!.id)
    const on = await follow(b!.id, a!.token)
    expect(on.status).toBe(200)
    expect(on.body).toEqual({ followers: 2, isFollowing: true })
    expect((await api.get(`/profile/${b!.id}`, { token: a!.token })).body).toMatchObject({ followers: 2, isFollowing: true })
    expect((await api.get(`/profile/${a!.id}`, { token: b!.token })).body).toMatchObject({ following: 1, isFollowing: false })
    expect((await api.get('/profile/my', { token: a!.token })).body.following).toBe(1)
    expect((await api.get('/profile/my', { token: b!.token })).body.followers).toBe(2)
    const off = await follow(b!.id, a!.token)
    expect(off.body).toEqual({ followers: 1, isFollowing: false })
    expect((await api.get(`/profile/${b!.id}`, { token: a!.token })).body).toMatchObject({ followers: 1, isFollowing: false })
    expect((await api.get('/profile/my', { token: a!.token })).body.following).toBe(0)
    // Following back is independent.
    expect((await follow(a!.id, b!.token)).body).toEqual({ followers: 1, isFollowing: true })
  })

  it('emits exactly one domain event `follow` per new follow and none on unfollow', async () => {
    const [a, b] = await makeUsers(api, 2)
    const seen: DomainEvent[] = []
    const off = api.app.ctx.domainEvents.on((e) => {
      if (e.type === 'follow') seen.push(e)
    })
    try {
      await follow(b!.id, a!.token)
      expect(seen).toEqual([{ type: 'follow', userFrom: a!.id, followeeId: b!.id }])
      await follow(b!.id, a!.token)
      expect(seen).toHaveLength(1)
      await follow(b!.id, a!.token)
      expect(seen).toHaveLength(2)
      // Refused follows emit nothing.
      await follow(a!.id, a!.token)
      expect(seen).toHaveLength(2)
    } finally {
      off()
    }
  })

  it('keeps counts consistent under 20 concurrent toggles by different users, both ways', async () => {
    const star = await makeUser(api)
    const fans = await makeUsers(api, 20)
    const events: DomainEvent[] = []
    const off = api.app.ctx.domainEvents.on((e) => {
      if (e.type === 'follow' && e.followeeId === star.id) events.push(e)
    })
    try {
      const on = await Promise.all(fans.map((f) => follow(star.id, f.token)))
      expect(on.map((r) => r.status)).toEqual(Array(20).fill(200))
      expect(on.every((r) => r.body.isFollowing === true)).toBe(true)
      // Every answer counts at least its own follow; the last one seen counts all 20.
      expect(Math.max(...on.map((r) => r.body.followers))).toBe(20)
      expect(on.every((r) => r.body.followers >= 1 && r.body.followers <= 20)).toBe(true)
      expect(events).toHaveLength(20)
      expect((await api.get(`/profile/${star.id}`)).body.followers).toBe(20)
      const offs = await Promise.all(fans.map((f) => follow(star.id, f.token)))
      expect(offs.every((r) => r.status === 200 && r.body.isFollowing === false)).toBe(true)
      expect((await api.get(`/profile/${star.id}`)).body.followers).toBe(0)
      expect(events).toHaveLength(20)
    } finally {
      off()
    }
  })

  it('a double click (two concurrent toggles by one user) leaves one state, matching the count', async () => {
    const [a, b] = await makeUsers(api, 2)
    const res = await Promise.all([follow(b!.id, a!.token), follow(b!.id, a!.token), follow(b!.id, a!.token)])
    expect(res.every((r) => r.status === 200)).toBe(true)
    const rows = await db().selectFrom('follows').selectAll().where('follower_id', '=', a!.id).where('followee_id', '=', b!.id).execute()
    expect(rows.length).toBeLessThanOrEqual(1)
    const profile = (await api.get(`/profile/${b!.id}`, { token: a!.token })).body
    expect(profile.followers).toBe(rows.length)
    expect(profile.isFollowing).toBe(rows.length === 1)
  })
})

describe('followers and following tables', () => {
  let target: TestUser
  let fans: TestUser[]
  let viewer: TestUser

  beforeAll(async () => {
    target = await makeUser(api)
    viewer = await makeUser(api)
    fans = await makeUsers(api, 16)
    const t0 = Date.parse('2026-01-01T00:00:00.000Z')
    // fans[i] followed at t0 + i minutes: the newest (fans[15]) comes first.
    for (const [i, f] of fans.entries()) await insertFollow(f.id, target.id, new Date(t0 + i * 60_000).toISOString())
    // target follows 9 of them
    for (const [i, f] of fans.slice(0, 9).entries()) await insertFollow(target.id, f.id, new Date(t0 + i * 60_000).toISOString())
    // the viewer follows fans 15 and 14
    await insertFollow(viewer.id, fans[15]!.id)
    await insertFollow(viewer.id, fans[14]!.id)
  })

  it('pages followers by 7 (SPEC §9), newest first, with total and hasMore', async () => {
    const p1 = await api.get(`/profile/${target.id}/followers`)
    expect(p1.status).toBe(200)
    expect(p1.body).toMatchObject({ page: 1, pageSize: 7, hasMore: true, total: 16 })
    expect(p1.body.users.map((u: { _id: string }) => u._id)).toEqual(fans.slice(9).reverse().map((f) => f.id))
    expect(p1.body.users[0]).toEqual({
      _id: fans[15]!.id,
      name: 'Eve',
      lastname: expect.any(String),
      username: fans[15]!.username,
      avatarFile: null,
      isFollowing: false,
      followedAt: '2026-01-01T00:15:00.000Z',
    })
    const p2 = await api.get(`/profile/${target.id}/followers?page=2`)
    const p3 = await api.get(`/profile/${target.id}/followers?page=3`)
    expect(p2.body).toMatchObject({ page: 2, hasMore: true })
    expect(p3.body).toMatchObject({ page: 3, hasMore: false, total: 16 })
    expect(p3.body.users).toHaveLength(2)
    const all = [...p1.body.users, ...p2.body.users, ...p3.body.users].map((u: { _id: string }) => u._id)
    expect(new Set(all).size).toBe(16)
    expect((await api.get(`/profile/${target.id}/followers?page=4`)).body).toMatchObject({ users: [], hasMore: false })
    const big = await api.get(`/profile/${target.id}/followers?pageSize=50`)
    expect(big.body.users).toHaveLength(16)
    expect(big.body.hasMore).toBe(false)
  })

  it('marks the rows the viewer follows', async () => {
    const res = await api.get(`/profile/${target.id}/followers`, { token: viewer.token })
    expect(res.body.users.slice(0, 3).map((u: { isFollowing: boolean }) => u.isFollowing)).toEqual([true, true, false])
    // The target's own table: whom they follow back.
    const mine = await api.get('/profile/my/followers?pageSize=20', { token: target.token })
    expect(mine.body.total).toBe(16)
    const back = mine.body.users.filter((u: { isFollowing: boolean }) => u.isFollowing).map((u: { _id: string }) => u._id)
    expect(back.sort()).toEqual(fans.slice(0, 9).map((f) => f.id).sort())
  })

  it('pages following the same way', async () => {
    const mine = await api.get('/profile/my/following', { token: target.token })
    expect(mine.body).toMatchObject({ page: 1, pageSize: 7, total: 9, hasMore: true })
    expect(mine.body.users.every((u: { isFollowing: boolean }) => u.isFollowing)).toBe(true)
    expect(mine.body.users[0]._id).toBe(fans[8]!.id)
    const pub = await api.get(`/profile/${target.id}/following?page=2`)
    expect(pub.body).toMatchObject({ page: 2, total: 9, hasMore: false })
    expect(pub.body.users.map((u: { _id: string }) => u._id)).toEqual([fans[1]!.id, fans[0]!.id])
    expect(pub.body.users.every((u: { isFollowing: boolean }) => !u.isFollowing)).toBe(true)
  })

  it('hides disabled users from the tables and the counts', async () => {
    const [t, f1, f2] = await makeUsers(api, 3)
    await insertFollow(f1!.id, t!.id)
    await insertFollow(f2!.id, t!.id)
    await insertFollow(t!.id, f2!.id)
    await setUser(f2!.id, { disabled_at: new Date().toISOString() })
    const res = await api.get(`/profile/${t!.id}/followers`)
    expect(res.body.total).toBe(1)
    expect(res.body.users.map((u: { _id: string }) => u._id)).toEqual([f1!.id])
    expect((await api.get(`/profile/${t!.id}/following`)).body.total).toBe(0)
    expect((await api.get(`/profile/${t!.id}`)).body).toMatchObject({ followers: 1, following: 0 })
  })

  it('validates page and pageSize and answers 404 for unknown users', async () => {
    for (const q of ['page=0', 'page=-1', 'page=abc', 'pageSize=0', 'pageSize=51', 'pageSize=2.5', 'page=1e9']) {
      const res = await api.get(`/profile/${target.id}/followers?${q}`)
      expect(res.status, q).toBe(400)
      expect(res.body.message, q).toBe('Please check the highlighted fields.')
    }
    expect((await api.get('/profile/00000000-0000-4000-8000-000000000000/followers')).status).toBe(404)
    expect((await api.get('/profile/00000000-0000-4000-8000-000000000000/following')).status).toBe(404)
  })
})

describe('GET /profile/ (search)', () => {
  const tag = `zq${Date.now().toString(36)}`
  let users: TestUser[]

  beforeAll(async () => {
    users = await makeUsers(api, 15)
    for (const [i, u] of users.entries())
      await setUser(u.id, { name: `Name${String(i).padStart(2, '0')}`, lastname: `${tag}Family`, username: `${tag}${i}` })
  })

  it('matches name, lastname or username, case-insensitively; activated and not disabled users only', async () => {
    const [anna, hidden, gone] = await makeUsers(api, 3)
    await setUser(anna!.id, { name: 'Анна', lastname: 'Каренина', username: `anna${tag}` })
    await setUser(hidden!.id, { name: 'Анна', lastname: 'Каренина', username: `hidden${tag}`, is_activated: 0 })
    await setUser(gone!.id, { name: 'Анна', lastname: 'Каренина', username: `gone${tag}`, disabled_at: new Date().toISOString() })
    for (const q of ['АННА', 'каренина', `ANNA${tag.toUpperCase()}`, 'нна кар']) {
      const res = await api.get(`/profile/?query=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      expect(res.body.profiles.map((p: { _id: string }) => p._id), q).toEqual([anna!.id])
    }
    const none = await api.get(`/profile/?query=${encodeURIComponent('анна zzzznotthere')}`)
    expect(none.body).toMatchObject({ profiles: [], hasMore: false })
    // The path without the trailing slash is the same route.
    expect((await api.get(`/profile?query=${encodeURIComponent('Каренина')}`)).body.profiles).toHaveLength(1)
  })

  it('pages with hasMore in a stable order', async () => {
    const p1 = await api.get(`/profile/?query=${tag}family`)
    expect(p1.status).toBe(200)
    expect(p1.body).toMatchObject({ hasMore: true, page: 1, pageSize: 12 })
    expect(p1.body.profiles).toHaveLength(12)
    const p2 = await api.get(`/profile/?query=${tag}family&page=2`)
    expect(p2.body.hasMore).toBe(false)
    expect(p2.body.profiles).toHaveLength(3)
    const names = [...p1.body.profiles, ...p2.body.profiles].map((p: { name: string }) => p.name)
    expect(names).toEqual(users.map((_, i) => `Name${String(i).padStart(2, '0')}`))
    const small = await api.get(`/profile/?query=${tag}family&pageSize=5&page=3`)
    expect(small.body).toMatchObject({ hasMore: false, pageSize: 5 })
    expect(small.body.profiles.map((p: { name: string }) => p.name)).toEqual(['Name10', 'Name11', 'Name12', 'Name13', 'Name14'])
    const exact = await api.get(`/profile/?query=${tag}family&pageSize=15`)
    expect(exact.body.hasMore).toBe(false)
  })

  it('lists everyone without a query and shows followers and isFollowing on the cards', async () => {
    const viewer = await makeUser(api)
    await insertFollow(viewer.id, users[0]!.id)
    const res = await api.get(`/profile/?query=${tag}0`, { token: viewer.token })
    expect(res.body.profiles).toEqual([
      {
        _id: users[0]!.id,
        name: 'Name00',
        lastname: `${tag}Family`,
        username: `${tag}0`,
        avatarFile: null,
        profession: null,
        followers: 1,
        isFollowing: true,
      },
    ])
    const all = await api.get('/profile/?pageSize=50')
    expect(all.status).toBe(200)
    expect(all.body.profiles.length).toBeGreaterThan(15)
  })

  it('takes the query literally (no wildcards) and validates it', async () => {
    await setUser(users[1]!.id, { profession: null, name: '100%_real' })
    const pct = await api.get(`/profile/?query=${encodeURIComponent('0%_r')}`)
    expect(pct.body.profiles.map((p: { _id: string }) => p._id)).toEqual([users[1]!.id])
    expect((await api.get(`/profile/?query=${encodeURIComponent('%')}`)).body.profiles.map((p: { _id: string }) => p._id)).toEqual([users[1]!.id])
    expect((await api.get(`/profile/?query=${'x'.repeat(101)}`)).status).toBe(400)
    expect((await api.get('/profile/?page=0')).status).toBe(400)
    expect((await api.get('/profile/?query=a&query=b')).status).toBe(400)
  })
})

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

  it('documents every profile path in the OpenAPI document', async () => {
    const doc = (await api.get('/openapi.json')).body
    const paths = Object.keys(doc.paths)
    for (const p of [
      '/profile/my',
      '/profile/upload',
      '/profile/avatar',
      '/profile/my/followers',
      '/profile/my/following',
      '/profile/',
      '/profile/{id}',
      '/profile/{id}/follow',
      '/profile/{id}/followers',
      '/profile/{id}/following',
    ])
      expect(paths, p).toContain(p)
    expect(Object.keys(doc.paths['/profile/my'])).toEqual(expect.arrayContaining(['get', 'patch']))
  })
})
