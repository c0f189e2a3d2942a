// Notifications (SPEC §7; ARCHITECTURE: follow → followee; newPost → the author's followers; updatePost →
// participants; invite → recipient; newParticipate → organizer; postLike → post owner; never the actor):
// rows made by real API calls (like, join, create, edit) and by the `follow` domain event; the endpoints
// with their rights and validation; latest/count/markAsOpened/delete.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationSchema } from '#contract'
import { startTestApi, type TestApi } from './helpers'
import { baseEvent, createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { allNotifications, follow, notificationsOf } from './notify-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const put = (path: string, token?: string, json?: unknown) => send(api, 'PUT', path, { token, json })
const get = (path: string, token?: string) => send(api, 'GET', path, { token })
const del = (path: string, token?: string) => send(api, 'DELETE', path, { token })

/** Notifications created while fn runs, as [recipient, type, userFrom, entityId]. */
async function createdBy(fn: () => Promise<unknown>): Promise<[string, string, string | null, string | null][]> {
  const before = new Set((await allNotifications(api)).map((n) => n.id))
  await fn()
  return (await allNotifications(api))
    .filter((n) => !before.has(n.id))
    .map((n) => [n.recipient_id, n.notification_type, n.user_from, n.entity_id] as [string, string, string | null, string | null])
    .sort((a, b) => a[0].localeCompare(b[0]))
}
const byRecipient = (rows: [string, string, string | null, string | null][]) => rows.map((r) => r[0]).sort()

async function insertNotifications(recipient: TestUser, from: TestUser, count: number, start = Date.now() - 3_600_000) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    recipient_id: recipient.id,
    notification_type: 'follow',
    user_from: from.id,
    entity_id: from.id,
    opened_at: null,
    created_at: new Date(start + i * 1000).toISOString(),
  }))
  await api.app.ctx.db.insertInto('notifications').values(rows).execute()
  return rows
}

describe('each domain event notifies the right recipients, never the actor', () => {
  it('postLike → the post owner (not on liking one own post; not repeated while unopened)', async () => {
    const [owner, liker, other] = (await makeUsers(api, 3)) as [TestUser, TestUser, TestUser]
    const ev = await createEvent(api, owner.token)
    expect(await createdBy(() => put(`/event/${ev._id}/like`, liker.token))).toEqual([[owner.id, 'postLike', liker.id, ev._id]])
    expect(await createdBy(() => put(`/event/${ev._id}/like`, owner.token))).toEqual([])
    // Unlike + like again: still one unopened notification.
    expect(await createdBy(async () => {
      await put(`/event/${ev._id}/like`, liker.token)
      await put(`/event/${ev._id}/like`, liker.token)
    })).toEqual([])
    // Once opened, a new like notifies again.
    await put('/notifications/markAsOpened', owner.token)
    await put(`/event/${ev._id}/like`, liker.token)
    expect(await createdBy(() => put(`/event/${ev._id}/like`, liker.token))).toEqual([[owner.id, 'postLike', liker.id, ev._id]])
    expect(await notificationsOf(api, other.id)).toEqual([])
    expect((await notificationsOf(api, liker.id)).filter((n) => n.notification_type === 'postLike')).toEqual([])
  })

  it('newParticipate → the organizer (not on leaving)', async () => {
    const [owner, guest] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const ev = await createEvent(api, owner.token)
    expect(await createdBy(() => put(`/event/${ev._id}/participate`, guest.token))).toEqual([[owner.id, 'newParticipate', guest.id, ev._id]])
    expect(await createdBy(() => put(`/event/${ev._id}/participate`, guest.token))).toEqual([])
  })

  it("newPost → the author's followers only", async () => {
    const [author, f1, f2, stranger, followsStranger] = (await makeUsers(api, 5)) as TestUser[] as [TestUser, TestUser, TestUser, TestUser, TestUser]
    await follow(api, f1, author)
    await follow(api, f2, author)
    await follow(api, followsStranger, stranger)
    // The author follows someone too: that is the other direction and gets nothing.
    await follow(api, author, f1)
    let postId = ''
    const rows = await createdBy(async () => {
      postId = (await createEvent(api, author.token))._id
    })
    expect(rows).toEqual(
      [
        [f1.id, 'newPost', author.id, postId],
        [f2.id, 'newPost', author.id, postId],
      ].sort((a, b) => (a[0] as string).localeCompare(b[0] as string)),
    )
  })

  it('updatePost → the participants (not the organizer, not other followers)', async () => {
    const [owner, p1, p2, follower] = (await makeUsers(api, 4)) as [TestUser, TestUser, TestUser, TestUser]
    await follow(api, follower, owner)
    const ev = await createEvent(api, owner.token)
    await put(`/event/${ev._id}/participate`, p1.token)
    await put(`/event/${ev._id}/participate`, p2.token)
    const rows = await createdBy(async () => {
      const res = await put(`/event/${ev._id}`, owner.token, { ...baseEvent({ title: 'Jazz night (moved)' }), accessType: undefined, eventType: undefined })
      expect(res.status).toBe(200)
    })
    expect(byRecipient(rows)).toEqual([p1.id, p2.id].sort())
    for (const r of rows) expect(r.slice(1)).toEqual(['updatePost', owner.id, ev._id])
  })

  it('follow (domain event of the profile module) → the followee, entityId = the follower', async () => {
    const [a, b] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    await follow(api, a, b)
    expect(
      await createdBy(() => api.app.ctx.domainEvents.emit({ type: 'follow', userFrom: a.id, followeeId: b.id })),
    ).toEqual([[b.id, 'follow', a.id, a.id]])
    // Following oneself or a missing user notifies nobody (and fails nothing).
    expect(await createdBy(() => api.app.ctx.domainEvents.emit({ type: 'follow', userFrom: a.id, followeeId: a.id }))).toEqual([])
    expect(await createdBy(() => api.app.ctx.domainEvents.emit({ type: 'follow', userFrom: a.id, followeeId: randomUUID() }))).toEqual([])
  })

  it('invite → each recipient (through POST /invitations)', async () => {
    const [owner, r1, r2] = (await makeUsers(api, 3)) as [TestUser, TestUser, TestUser]
    await follow(api, r1, owner)
    await follow(api, r2, owner)
    const ev = await createEvent(api, owner.token)
    const rows = await createdBy(async () => {
      const res = await send(api, 'POST', '/invitations', { token: owner.token, json: { postId: ev._id, recipientIds: [r1.id, r2.id] } })
      expect(res.status).toBe(201)
    })
    expect(byRecipient(rows)).toEqual([r1.id, r2.id].sort())
    for (const r of rows) expect(r.slice(1)).toEqual(['invite', owner.id, ev._id])
  })
})

describe('GET /notifications, /notifications/latest', () => {
  it('needs a signed-in, activated user', async () => {
    const inactive = await makeUser(api, { activated: false })
    for (const path of ['/notifications', '/notifications/latest']) {
      expect((await get(path)).status).toBe(401)
      const res = await get(path, inactive.token)
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('Please confirm your email first.')
    }
    expect((await get('/notifications', 'not-a-token')).status).toBe(401)
  })

  it('answers the SPEC §3 shape with a userFrom summary and the post; newest first; paged by 20', async () => {
    const [owner, liker] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const ev = await createEvent(api, owner.token, { title: 'Rooftop cinema' })
    await insertNotifications(owner, liker, 24)
    await put(`/event/${ev._id}/like`, liker.token)
    const first = await get('/notifications', owner.token)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ page: 1, pageSize: 20, hasMore: true })
    expect(first.body.notifications).toHaveLength(20)
    for (const n of first.body.notifications) expect(notificationSchema.safeParse(n).success).toBe(true)
    const newest = first.body.notifications[0]
    expect(newest).toMatchObject({
      notificationType: 'postLike',
      entityId: ev._id,
      openedAt: null,
      isOpened: false,
      post: { _id: ev._id, title: 'Rooftop cinema', eventType: 'EVENT' },
      userFrom: { _id: liker.id, username: liker.username, name: 'Eve' },
    })
    expect(newest.userFrom).not.toHaveProperty('email')
    const dates = first.body.notifications.map((n: { createdAt: string }) => n.createdAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    const second = await get('/notifications?page=2', owner.token)
    expect(second.body).toMatchObject({ page: 2, hasMore: false })
    expect(second.body.notifications).toHaveLength(5)
    expect(second.body.notifications[0].post).toBeNull()
    expect(second.body.notifications[0]).toMatchObject({ notificationType: 'follow', entityId: liker.id })
    const ids = new Set([...first.body.notifications, ...second.body.notifications].map((n: { _id: string }) => n._id))
    expect(ids.size).toBe(25)
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await get(`/notifications?page=${bad}`, owner.token)
      expect(res.status).toBe(400)
      expect(res.body.errors.page).toEqual(['Invalid value'])
    }
    // Someone else sees none of them.
    const other = await makeUser(api)
    expect((await get('/notifications', other.token)).body.notifications).toEqual([])
  })

  it('latest: the 10 newest and the unread count', async () => {
    const [me, from] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const rows = await insertNotifications(me, from, 12)
    await api.app.ctx.db.updateTable('notifications').set({ opened_at: new Date().toISOString() }).where('id', '=', rows[11]?.id ?? '').execute()
    const res = await get('/notifications/latest', me.token)
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(11)
    expect(res.body.lastNotifications).toHaveLength(10)
    expect(res.body.lastNotifications[0]).toMatchObject({ _id: rows[11]?.id, isOpened: true })
    expect(res.body.lastNotifications.map((n: { _id: string }) => n._id)).toEqual(rows.slice(2).reverse().map((r) => r.id))
  })
})

describe('markAsOpened and DELETE: only the recipient', () => {
  it('PUT /notifications/{id}/markAsOpened', async () => {
    const [me, from, other] = (await makeUsers(api, 3)) as [TestUser, TestUser, TestUser]
    const [row] = await insertNotifications(me, from, 2)
    const id = row?.id ?? ''
    expect((await put(`/notifications/${id}/markAsOpened`)).status).toBe(401)
    const foreign = await put(`/notifications/${id}/markAsOpened`, other.token)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual({ message: 'Not found.', errors: {}, code: 'notFound' })
    expect((await put(`/notifications/${randomUUID()}/markAsOpened`, me.token)).status).toBe(404)
    expect((await get('/notifications/latest', me.token)).body.count).toBe(2)
    const res = await put(`/notifications/${id}/markAsOpened`, me.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ _id: id, isOpened: true })
    expect(Date.parse(res.body.openedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await get('/notifications/latest', me.token)).body.count).toBe(1)
    // The first openedAt stays.
    await new Promise((r) => setTimeout(r, 5))
    expect((await put(`/notifications/${id}/markAsOpened`, me.token)).body.openedAt).toBe(res.body.openedAt)
    // The other user's attempt changed nothing on the row.
    const stored = await notificationsOf(api, me.id)
    expect(stored.filter((n) => n.opened_at !== null)).toHaveLength(1)
  })

  it('PUT /notifications/markAsOpened marks all of the caller only', async () => {
    const [me, other, from] = (await makeUsers(api, 3)) as [TestUser, TestUser, TestUser]
    await insertNotifications(me, from, 3)
    await insertNotifications(other, from, 2)
    expect((await put('/notifications/markAsOpened')).status).toBe(401)
    const res = await put('/notifications/markAsOpened', me.token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ updated: 3, count: 0 })
    expect((await get('/notifications/latest', me.token)).body.count).toBe(0)
    expect((await get('/notifications/latest', other.token)).body.count).toBe(2)
    expect((await put('/notifications/markAsOpened', me.token)).body).toEqual({ updated: 0, count: 0 })
  })

  it('DELETE /notifications/{id}', async () => {
    const [me, other, from] = (await makeUsers(api, 3)) as [TestUser, TestUser, TestUser]
    const [row] = await insertNotifications(me, from, 1)
    const id = row?.id ?? ''
    expect((await del(`/notifications/${id}`)).status).toBe(401)
    expect((await del(`/notifications/${id}`, other.token)).status).toBe(404)
    expect(await notificationsOf(api, me.id)).toHaveLength(1)
    const res = await del(`/notifications/${id}`, me.token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ _id: id, deleted: true })
    expect(await notificationsOf(api, me.id)).toHaveLength(0)
    expect((await del(`/notifications/${id}`, me.token)).status).toBe(404)
    expect((await del(`/notifications/${'x'.repeat(150)}`, me.token)).status).toBe(400)
  })

  it('a deleted author leaves userFrom null; a deleted post leaves post null', async () => {
    const [owner, liker] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const ev = await createEvent(api, owner.token)
    await put(`/event/${ev._id}/like`, liker.token)
    await del(`/event/${ev._id}`, owner.token)
    await api.app.ctx.db.deleteFrom('users').where('id', '=', liker.id).execute()
    const res = await get('/notifications/latest', owner.token)
    const n = res.body.lastNotifications.find((x: { entityId: string }) => x.entityId === ev._id)
    expect(n).toMatchObject({ notificationType: 'postLike', userFrom: null, post: null })
  })
})

describe('OpenAPI', () => {
  it('documents the invitations, notifications, push and realtime paths', async () => {
    const doc = await get('/openapi.json')
    const paths = doc.body.paths as Record<string, Record<string, unknown>>
    const expected: [string, string][] = [
      ['/invitations', 'post'],
      ['/invitations/my', 'get'],
      ['/invitations/{id}/statuses', 'get'],
      ['/invitations/{id}/respond', 'post'],
      ['/invitations/{id}/user', 'delete'],
      ['/notifications', 'get'],
      ['/notifications/latest', 'get'],
      ['/notifications/{id}/markAsOpened', 'put'],
      ['/notifications/markAsOpened', 'put'],
      ['/notifications/{id}', 'delete'],
      ['/push/web', 'post'],
      ['/push/web', 'delete'],
      ['/push/vapidPublicKey', 'get'],
      ['/realtime/ticket', 'post'],
    ]
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeTruthy()
  })
})
