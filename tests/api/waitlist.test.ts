// Waiting lists (issue 11, decision 028): a full event's line, seats that free going to the first person
// waiting in the same transaction (notification and mail), the organizer's view and removals, the rules of
// who may wait, and concurrent leave/join storms that never over-book nor skip a place in line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { purgeDeletedAccounts } from '../../api/modules/account/purge'
import { notificationsOf } from './notify-fixtures'

let api: TestApi
let owner: TestUser
let admin: TestUser

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, admin] = await Promise.all([makeUser(api), makeUser(api, { role: 'admin' })])
})
afterAll(async () => {
  await api?.close()
})

const put = (p: string, token: string, json?: unknown) => send(api, 'PUT', p, { token, json })
const del = (p: string, token: string) => send(api, 'DELETE', p, { token })
const get = (p: string, token?: string) => api.get(p, { token })

async function fullEvent(seats: number, overrides: Record<string, string | number> = {}) {
  const ev = await createEvent(api, owner.token, { maxParticipants: seats, ...overrides })
  const people = await makeUsers(api, seats)
  for (const p of people) expect((await put(`/event/${ev._id}/participate`, p.token, { participate: true })).status).toBe(200)
  return { id: ev._id, participants: people }
}

async function participantsOf(id: string) {
  const rows = await api.app.ctx.db.selectFrom('post_participants').select('user_id').where('post_id', '=', id).execute()
  return rows.map((r) => r.user_id)
}

describe('joining the line', () => {
  it('a full event offers the waiting list: canJoin false, canWait true; joining gives places 1, 2 in order', async () => {
    const { id } = await fullEvent(1)
    const [first, second] = await makeUsers(api, 2)
    const before = await get(`/event/${id}`, first!.token)
    expect(before.body).toMatchObject({ canJoin: false, canWait: true, waitlistCount: 0, waitlistPosition: null })
    expect((await put(`/event/${id}/participate`, first!.token, { participate: true })).status).toBe(409)

    const a = await put(`/event/${id}/waitlist`, first!.token)
    expect(a.status).toBe(200)
    expect(a.body).toEqual({ postId: id, isParticipant: false, waitlistPosition: 1, waitlistCount: 1, participantsCount: 1, maxParticipants: 1 })
    const b = await put(`/event/${id}/waitlist`, second!.token)
    expect(b.body).toMatchObject({ waitlistPosition: 2, waitlistCount: 2 })
    // A repeat changes nothing.
    expect((await put(`/event/${id}/waitlist`, first!.token)).body).toMatchObject({ waitlistPosition: 1, waitlistCount: 2 })
    const page = await get(`/event/${id}`, second!.token)
    expect(page.body).toMatchObject({ canJoin: false, canWait: false, waitlistCount: 2, waitlistPosition: 2 })
    // Everyone sees how long the line is; only the people in it see a place.
    expect((await get(`/event/${id}`)).body).toMatchObject({ waitlistCount: 2, waitlistPosition: null })
  })

  it('with a free seat and nobody waiting, joining the line takes the seat at once', async () => {
    const ev = await createEvent(api, owner.token, { maxParticipants: 2 })
    const user = await makeUser(api)
    const res = await put(`/event/${ev._id}/waitlist`, user.token)
    expect(res.body).toMatchObject({ isParticipant: true, waitlistPosition: null, waitlistCount: 0, participantsCount: 1 })
  })

  it('who may not join may not wait: organizer, places, ended, cancelled, private events, unactivated accounts', async () => {
    const { id } = await fullEvent(1)
    expect((await put(`/event/${id}/waitlist`, owner.token)).body).toMatchObject({ message: 'The organizer takes part anyway and does not take a seat.' })
    const stranger = await makeUser(api)
    const priv = await createEvent(api, owner.token, { maxParticipants: 1, accessType: 'PRIVATE' })
    const privateDenied = await put(`/event/${priv._id}/waitlist`, stranger.token)
    expect(privateDenied.status).toBe(403)
    expect(privateDenied.body.message).toBe('This is a private event: only invited people and participants can open it.')
    const unactivated = await makeUser(api, { activated: false })
    expect((await put(`/event/${id}/waitlist`, unactivated.token)).status).toBe(403)
    await api.app.ctx.db.updateTable('posts').set({ cancelled_at: new Date().toISOString() }).where('id', '=', id).execute()
    const cancelled = await put(`/event/${id}/waitlist`, stranger.token)
    expect(cancelled.status).toBe(400)
    expect(cancelled.body).toMatchObject({ message: 'This event was cancelled.' })
    const anonymous = await api.request('PUT', `/event/${id}/waitlist`)
    expect(anonymous.status).toBe(401)
    expect((await put(`/event/not-a-post/waitlist`, stranger.token)).status).toBe(404)
  })
})

describe('a seat frees', () => {
  it('a participant leaves: the first person waiting takes the seat in the same call, is notified and mailed; the second moves up', async () => {
    const { id, participants } = await fullEvent(1)
    const [first, second] = await makeUsers(api, 2)
    await put(`/event/${id}/waitlist`, first!.token)
    await put(`/event/${id}/waitlist`, second!.token)

    const left = await put(`/event/${id}/participate`, participants[0]!.token, { participate: false })
    expect(left.status).toBe(200)
    expect(left.body).toMatchObject({ participants: [first!.id], participantsCount: 1, isParticipant: false })
    expect((await get(`/event/${id}`, first!.token)).body).toMatchObject({ isParticipant: true, waitlistPosition: null })
    expect((await get(`/event/${id}`, second!.token)).body).toMatchObject({ waitlistPosition: 1, waitlistCount: 1 })

    const notes = await notificationsOf(api, first!.id)
    expect(notes.map((n) => [n.notification_type, n.entity_id])).toContainEqual(['waitlistSeat', id])
    const ownerNotes = await notificationsOf(api, owner.id)
    expect(ownerNotes.some((n) => n.notification_type === 'newParticipate' && n.user_from === first!.id)).toBe(true)
    const mail = await api.smtp.waitForMail(`${first!.username}@example.com`, { subject: /you are in for/ })
    expect(mail.text).toContain(`http://web.test/event/${id}`)
    // The bell's text in the recipient's language.
    const list = await get('/notifications?page=1', first!.token)
    expect(JSON.stringify(list.body)).toContain('waitlistSeat')
  })

  it('the organizer removes a participant, or raises the limit: seats go to the line in order', async () => {
    const { id, participants } = await fullEvent(2)
    const waiting = await makeUsers(api, 4)
    for (const w of waiting) await put(`/event/${id}/waitlist`, w.token)

    const removed = await put(`/event/${id}/participant/${participants[0]!.id}`, owner.token)
    expect(removed.status).toBe(200)
    expect(await participantsOf(id)).toEqual(expect.arrayContaining([participants[1]!.id, waiting[0]!.id]))

    const current = (await get(`/event/${id}`, owner.token)).body as Record<string, unknown>
    const patch = await send(api, 'PUT', `/event/${id}`, {
      token: owner.token,
      json: {
        title: current.title,
        description: current.description,
        accessType: current.accessType,
        startDate: current.startDate,
        address: current.address,
        coordinates: current.coordinates,
        categories: current.categories,
        maxParticipants: 4,
      },
    })
    expect(patch.status).toBe(200)
    const seated = await participantsOf(id)
    expect(seated).toHaveLength(4)
    expect(seated).toEqual(expect.arrayContaining([waiting[1]!.id, waiting[2]!.id]))
    expect(seated).not.toContain(waiting[3]!.id)
    expect((await get(`/event/${id}`, waiting[3]!.token)).body).toMatchObject({ waitlistPosition: 1 })
  })

  it('the seat of an account the purge deletes goes to the first person waiting', async () => {
    const { id, participants } = await fullEvent(1)
    const waiting = await makeUser(api)
    await put(`/event/${id}/waitlist`, waiting.token)
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString()
    await api.app.ctx.db.updateTable('users').set({ deletion_requested_at: longAgo }).where('id', '=', participants[0]!.id).execute()
    const { purged } = await purgeDeletedAccounts(api.app.ctx)
    expect(purged).toBeGreaterThanOrEqual(1)
    expect(await participantsOf(id)).toEqual([waiting.id])
    expect((await notificationsOf(api, waiting.id)).map((n) => n.notification_type)).toContain('waitlistSeat')
  })

  it('a seat of a cancelled event goes to nobody', async () => {
    const { id, participants } = await fullEvent(1)
    const waiting = await makeUser(api)
    await put(`/event/${id}/waitlist`, waiting.token)
    expect((await send(api, 'POST', `/event/${id}/cancel`, { token: owner.token, json: {} })).status).toBe(200)
    await put(`/event/${id}/participate`, participants[0]!.token, { participate: false })
    expect(await participantsOf(id)).toEqual([])
  })
})

describe('the organizer’s view of the line', () => {
  it('lists people in order with their places; removes one (404 notWaiting after); others get 403', async () => {
    const { id } = await fullEvent(1)
    const waiting = await makeUsers(api, 3)
    for (const w of waiting) await put(`/event/${id}/waitlist`, w.token)
    const list = await get(`/event/${id}/waitlist`, owner.token)
    expect(list.status).toBe(200)
    expect(list.body.waiting.map((e: { user: { _id: string }; position: number }) => [e.user._id, e.position])).toEqual([
      [waiting[0]!.id, 1],
      [waiting[1]!.id, 2],
      [waiting[2]!.id, 3],
    ])
    expect((await get(`/event/${id}/waitlist`, admin.token)).status).toBe(200)
    const denied = await get(`/event/${id}/waitlist`, waiting[0]!.token)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('Only the organizer can do this.')

    expect((await del(`/event/${id}/waitlist/${waiting[1]!.id}`, waiting[0]!.token)).status).toBe(403)
    const removed = await del(`/event/${id}/waitlist/${waiting[1]!.id}`, owner.token)
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ waitlistCount: 2 })
    expect((await get(`/event/${id}`, waiting[2]!.token)).body).toMatchObject({ waitlistPosition: 2 })
    const again = await del(`/event/${id}/waitlist/${waiting[1]!.id}`, owner.token)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('This user is not on the waiting list.')
  })

  it('a person leaves the line themselves (a repeat is fine)', async () => {
    const { id } = await fullEvent(1)
    const [a, b] = await makeUsers(api, 2)
    await put(`/event/${id}/waitlist`, a!.token)
    await put(`/event/${id}/waitlist`, b!.token)
    expect((await del(`/event/${id}/waitlist`, a!.token)).body).toMatchObject({ waitlistPosition: null, waitlistCount: 1 })
    expect((await del(`/event/${id}/waitlist`, a!.token)).status).toBe(200)
    expect((await get(`/event/${id}`, b!.token)).body).toMatchObject({ waitlistPosition: 1 })
  })
})

describe('storms', () => {
  it('concurrent leaves and joins with a line: never over the limit, and seats go strictly in line order', async () => {
    const seats = 3
    const { id, participants } = await fullEvent(seats)
    const waiting = await makeUsers(api, 8)
    for (const w of waiting) await put(`/event/${id}/waitlist`, w.token)
    const newcomers = await makeUsers(api, 6)
    // Everyone at once: the seated leave, newcomers try to join directly and to queue.
    const calls = [
      ...participants.map((p) => put(`/event/${id}/participate`, p.token, { participate: false })),
      ...newcomers.map((n, i) => (i % 2 ? put(`/event/${id}/participate`, n.token, { participate: true }) : put(`/event/${id}/waitlist`, n.token))),
    ]
    const results = await Promise.all(calls)
    for (const r of results) expect([200, 409]).toContain(r.status)
    const seated = await participantsOf(id)
    expect(seated).toHaveLength(seats)
    // The three seats went to the first three in line, not to a newcomer.
    expect(seated.sort()).toEqual(waiting.slice(0, seats).map((w) => w.id).sort())
    const line = await get(`/event/${id}/waitlist`, owner.token)
    const order = line.body.waiting.map((e: { user: { _id: string } }) => e.user._id)
    expect(order.slice(0, waiting.length - seats)).toEqual(waiting.slice(seats).map((w) => w.id))
  })
})
