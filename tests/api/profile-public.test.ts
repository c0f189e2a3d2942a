// Public profiles (SPEC §7 Profile): GET /profile/{id} (no email but to its user, isFollowing for the viewer,
// 404 for unknown and disabled users), the people search GET /profile/ (name, lastname or username, literal,
// paged in a stable order), and the OpenAPI document naming every profile path. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser, makeUsers, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'
import { profileFixtures } from './profile-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { patch, setUser, insertFollow } = profileFixtures(() => api)

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

describe('limits and documentation', () => {
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
