// Own profile (SPEC §7 Profile): GET /profile/my (email, counts, also before the email is confirmed) and its
// edit with PATCH /profile/my — every field, the phone normalised, clearing, unknown fields ignored, moderation
// back to PENDING on a change, each broken rule named (en, ru), unique usernames, 4xx to nasty bodies.
// SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser, makeUsers, send } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'
import { profileFixtures } from './profile-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { db, patch, setUser, insertFollow } = profileFixtures(() => api)

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
