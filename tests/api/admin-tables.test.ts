// The moderation console's tables (SPEC §7 Admin): events, places and users by status, role and words of the
// title, name or email, 7 a page by default, newest change first or oldest first, every photo on a row, and 400
// for bad query values. SQLite and, with TEST_DATABASE=postgres, PostgreSQL.
import { describe, expect, it } from 'vitest'
import type { TestApi } from './helpers'
import { createEvent, makeUser, placeFields, send, type TestUser } from './events-fixtures'
import { useConsoleApi } from './admin-fixtures'

let api: TestApi, admin: TestUser
useConsoleApi((consoleApi) => ({ api, admin } = consoleApi))

describe('tables: filters, text query, paging and order', () => {
  it('events by status and title words, 7 a page by default, newest change first or oldest first', async () => {
    const owner = await makeUser(api)
    const word = `Zebra${Date.now()}`
    const created = []
    for (let i = 0; i < 9; i++) created.push(await createEvent(api, owner.token, { title: `${word} gig ${i}` }))
    const place = await createEvent(api, admin.token, placeFields({ title: `${word} café` }))
    // Two of them rejected, one deleted.
    for (const e of created.slice(0, 2))
      expect((await send(api, 'PATCH', `/admin/posts/${e._id}`, { token: admin.token, json: { moderationStatus: 'REJECTED' } })).status).toBe(200)
    expect((await send(api, 'PATCH', `/admin/posts/${created[2]?._id}`, { token: admin.token, json: { postStatus: 'DELETED' } })).status).toBe(200)

    const first = await send(api, 'GET', `/admin/events?query=${word}`, { token: admin.token })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ page: 1, pageSize: 7, total: 9, hasMore: true })
    expect(first.body.events).toHaveLength(7)
    // Last changed first: the deleted one, then the two rejected ones.
    expect(first.body.events[0]._id).toBe(created[2]?._id)
    const second = await send(api, 'GET', `/admin/events?query=${word}&page=2`, { token: admin.token })
    expect(second.body).toMatchObject({ page: 2, total: 9, hasMore: false })
    expect(second.body.events).toHaveLength(2)

    const rejected = await send(api, 'GET', `/admin/events?query=${word}&moderationStatus=REJECTED`, { token: admin.token })
    expect(rejected.body.events.map((e: { _id: string }) => e._id).sort()).toEqual([created[0]?._id, created[1]?._id].sort())
    const deleted = await send(api, 'GET', `/admin/events?query=${word}&postStatus=DELETED`, { token: admin.token })
    expect(deleted.body.events.map((e: { _id: string }) => e._id)).toEqual([created[2]?._id])
    const pendingOldest = await send(api, 'GET', `/admin/events?query=${word}&moderationStatus=PENDING&postStatus=ACTIVE&sort=oldest&pageSize=50`, {
      token: admin.token,
    })
    expect(pendingOldest.body.events.map((e: { _id: string }) => e._id)).toEqual(created.slice(3).map((e) => e._id))
    // An empty filter value (a GET form's "any") is no filter.
    const any = await send(api, 'GET', `/admin/events?query=${word}&moderationStatus=&postStatus=&pageSize=50`, { token: admin.token })
    expect(any.body.total).toBe(9)

    const places = await send(api, 'GET', `/admin/places?query=${word}`, { token: admin.token })
    expect(places.body.events.map((e: { _id: string }) => e._id)).toEqual([place._id])
  })

  it('rows carry every photo, also a REJECTED set', async () => {
    const owner = await makeUser(api)
    const event = await createEvent(api, owner.token, { title: `Three photos ${Date.now()}` }, 3)
    await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationImageStatus: 'REJECTED' } })
    const res = await send(api, 'GET', `/admin/events?query=${encodeURIComponent(String(event.title))}`, { token: admin.token })
    expect(res.body.events[0].images).toHaveLength(3)
    expect(res.body.events[0].images[0]._id).not.toBe('placeholder')
  })

  it('users by role, statuses and words of the name or email', async () => {
    const [a, b] = await Promise.all([makeUser(api), makeUser(api, { role: 'bot' })])
    const byEmail = await send(api, 'GET', `/admin/users?query=${a.username}@example`, { token: admin.token })
    expect(byEmail.body.users.map((u: { _id: string }) => u._id)).toEqual([a.id])
    expect(byEmail.body.users[0].email).toBe(`${a.username}@example.com`)
    const bots = await send(api, 'GET', '/admin/users?role=bot&pageSize=50', { token: admin.token })
    expect(bots.body.users.map((u: { _id: string }) => u._id)).toContain(b.id)
    expect(bots.body.users.every((u: { role: string }) => u.role === 'bot')).toBe(true)
    await send(api, 'PATCH', `/admin/users/${a.id}`, { token: admin.token, json: { moderationImageStatus: 'REJECTED' } })
    const rejected = await send(api, 'GET', '/admin/users?moderationImageStatus=REJECTED&pageSize=50', { token: admin.token })
    expect(rejected.body.users.map((u: { _id: string }) => u._id)).toContain(a.id)
    expect(rejected.body.users.every((u: { moderationImageStatus: string }) => u.moderationImageStatus === 'REJECTED')).toBe(true)
  })

  it('refuses bad query values with 400 and their field', async () => {
    for (const query of ['pageSize=51', 'page=0', 'role=king', 'moderationStatus=MAYBE', 'sort=sideways', `query=${'x'.repeat(101)}`]) {
      const res = await send(api, 'GET', `/admin/users?${query}`, { token: admin.token })
      expect(res.status, query).toBe(400)
    }
  })
})
