// Following (SPEC §7 Profile): PUT /profile/{id}/follow toggles (counts on both sides, one `follow` domain event
// per new follow, 20 concurrent toggles and a double click leaving consistent counts), and the followers and
// following tables (paged by 7, newest first, the viewer's marks, disabled users hidden). SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainEvent } from '../../api/lib/domain-events'
import { makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'
import { profileFixtures } from './profile-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { db, setUser, insertFollow } = profileFixtures(() => api)
const follow = (id: string, token?: string, lang?: string) => send(api, 'PUT', `/profile/${id}/follow`, { token, lang })

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
