// Access types (COMMON/SUBSCRIBERS/PRIVATE), like, view, participate (with 50 concurrent joins on 10
// seats), participants list and removal.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainEvent } from '../../api/lib/domain-events'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'

let api: TestApi
let owner: TestUser
let stranger: TestUser
let follower: TestUser
let invitee: TestUser
let admin: TestUser

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, stranger, follower, invitee, admin] = await Promise.all([
    makeUser(api),
    makeUser(api),
    makeUser(api),
    makeUser(api),
    makeUser(api, { role: 'admin' }),
  ])
  await api.app.ctx.db
    .insertInto('follows')
    .values({ follower_id: follower.id, followee_id: owner.id, created_at: new Date().toISOString() })
    .execute()
})
afterAll(async () => {
  await api?.close()
})

async function invite(postId: string, userId: string) {
  const db = api.app.ctx.db
  const id = randomUUID()
  const now = new Date().toISOString()
  await db.insertInto('invitations').values({ id, post_id: postId, sender_id: owner.id, created_at: now }).execute()
  await db
    .insertInto('invitation_recipients')
    .values({ id: randomUUID(), invitation_id: id, recipient_id: userId, status: 'PENDING', responded_at: null, created_at: now })
    .execute()
}

const put = (p: string, token?: string) => send(api, 'PUT', p, { token })

describe('access types', () => {
  it('COMMON: details and joining for anyone signed in', async () => {
    const ev = await createEvent(api, owner.token, { accessType: 'COMMON' })
    expect((await api.get(`/event/${ev._id}`)).status).toBe(200)
    expect((await put(`/event/${ev._id}/participate`, stranger.token)).status).toBe(200)
  })

  it('SUBSCRIBERS: followers and invitees open and join; strangers get 403 subscribersOnly', async () => {
    const ev = await createEvent(api, owner.token, { accessType: 'SUBSCRIBERS' })
    await invite(ev._id, invitee.id)
    const anon = await api.get(`/event/${ev._id}`)
    expect(anon.status).toBe(403)
    const res = await api.get(`/event/${ev._id}`, { token: stranger.token })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('This event is for followers of the organizer: follow them or ask for an invitation.')
    expect((await put(`/event/${ev._id}/participate`, stranger.token)).status).toBe(403)
    expect((await api.get(`/event/${ev._id}/participants`, { token: stranger.token })).status).toBe(403)
    for (const u of [follower, invitee]) {
      const got = await api.get(`/event/${ev._id}`, { token: u.token })
      expect(got.status).toBe(200)
      expect(got.body).toMatchObject({ restricted: false, canJoin: true })
      expect((await put(`/event/${ev._id}/participate`, u.token)).status).toBe(200)
    }
    expect((await api.get(`/event/${ev._id}`, { token: owner.token })).status).toBe(200)
    expect((await api.get(`/event/${ev._id}`, { token: admin.token })).status).toBe(200)
  })

  it('PRIVATE: invitees and participants open and join; followers and strangers get 403 privateEvent; listed as a card', async () => {
    const ev = await createEvent(api, owner.token, { accessType: 'PRIVATE', title: 'Secret party', address: 'Hidden street 1' })
    await invite(ev._id, invitee.id)
    for (const u of [stranger, follower]) {
      const res = await api.get(`/event/${ev._id}`, { token: u.token })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('This is a private event: only invited people and participants can open it.')
      expect((await put(`/event/${ev._id}/participate`, u.token)).status).toBe(403)
    }
    expect((await api.get(`/event/${ev._id}`, { token: invitee.token })).status).toBe(200)
    expect((await put(`/event/${ev._id}/participate`, invitee.token)).body.participants).toEqual([invitee.id])
    expect((await api.get(`/event/${ev._id}`, { token: owner.token })).status).toBe(200)
    // A participant without an invitation (e.g. the invitation was removed) still opens it.
    await api.app.ctx.db.deleteFrom('invitations').where('post_id', '=', ev._id).execute()
    expect((await api.get(`/event/${ev._id}`, { token: invitee.token })).status).toBe(200)

    const list = await api.get('/event/all', { token: stranger.token })
    const card = list.body.events.find((e: { _id: string }) => e._id === ev._id)
    expect(card).toMatchObject({
      title: 'Secret party',
      accessType: 'PRIVATE',
      restricted: true,
      description: null,
      address: null,
      location: null,
      participants: [],
      participantsCount: 1,
      postedBy: { _id: owner.id },
    })
    expect(card.images).toHaveLength(1)
    expect(card.startDate).toBeTruthy()
    expect(list.text).not.toContain('Hidden street')
    const full = (await api.get('/event/all', { token: invitee.token })).body.events.find((e: { _id: string }) => e._id === ev._id)
    expect(full).toMatchObject({ restricted: false, address: 'Hidden street 1' })
  })
})

describe('PUT /event/{id}/like and /view', () => {
  it('toggles a like and answers the user ids; needs a token; notifies the owner', async () => {
    const ev = await createEvent(api, owner.token)
    const seen: DomainEvent[] = []
    const unsubscribe = api.app.ctx.domainEvents.on((event) => void seen.push(event))
    expect((await put(`/event/${ev._id}/like`)).status).toBe(401)
    const on = await put(`/event/${ev._id}/like`, stranger.token)
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ postId: ev._id, likes: [stranger.id], isLiked: true })
    const two = await put(`/event/${ev._id}/like`, follower.token)
    expect(two.body.likes).toEqual([stranger.id, follower.id])
    const off = await put(`/event/${ev._id}/like`, stranger.token)
    expect(off.body).toMatchObject({ likes: [follower.id], isLiked: false })
    unsubscribe()
    expect(seen.filter((n) => n.type === 'postLike' && n.postId === ev._id)).toHaveLength(2)
    const got = await api.get(`/event/${ev._id}`, { token: follower.token })
    expect(got.body).toMatchObject({ likes: [follower.id], isLiked: true })
    expect((await put('/event/unknown/like', stranger.token)).status).toBe(404)
  })

  it('counts a view once per user', async () => {
    const ev = await createEvent(api, owner.token)
    expect((await put(`/event/${ev._id}/view`)).status).toBe(401)
    expect((await put(`/event/${ev._id}/view`, stranger.token)).body).toEqual({ postId: ev._id, views: 1 })
    expect((await put(`/event/${ev._id}/view`, stranger.token)).body.views).toBe(1)
    expect((await put(`/event/${ev._id}/view`, follower.token)).body.views).toBe(2)
    expect((await api.get(`/event/${ev._id}`)).body.views).toBe(2)
  })
})

describe('PUT /event/{id}/participate', () => {
  it('toggles joining; refuses anonymous, not activated, the organizer, full and ended events, and places', async () => {
    const ev = await createEvent(api, owner.token, { maxParticipants: 1 })
    expect((await put(`/event/${ev._id}/participate`)).status).toBe(401)
    const inactive = await makeUser(api, { activated: false })
    expect((await put(`/event/${ev._id}/participate`, inactive.token)).status).toBe(403)
    const self = await put(`/event/${ev._id}/participate`, owner.token)
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('The organizer takes part anyway and does not take a seat.')
    const join = await put(`/event/${ev._id}/participate`, stranger.token)
    expect(join.body).toMatchObject({ postId: ev._id, participants: [stranger.id], isParticipant: true, maxParticipants: 1 })
    const full = await put(`/event/${ev._id}/participate`, follower.token)
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('There are no free places left.')
    const leave = await put(`/event/${ev._id}/participate`, stranger.token)
    expect(leave.body).toMatchObject({ participants: [], isParticipant: false })
    expect((await put(`/event/${ev._id}/participate`, follower.token)).body.participants).toEqual([follower.id])

    const ended = await createEvent(api, owner.token)
    await api.app.ctx.db
      .updateTable('posts')
      .set({ start_date: new Date(Date.now() - 86_400_000).toISOString(), end_date: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', ended._id)
      .execute()
    expect((await put(`/event/${ended._id}/participate`, stranger.token)).body.message).toBe('This event has already ended.')

    const place = await createEvent(api, admin.token, { eventType: 'PLACE', startDate: undefined, endDate: undefined, channelLink: 'https://t.me/x' })
    expect((await put(`/event/${place._id}/participate`, stranger.token)).body.message).toBe('Places have no participants.')
  })

  it('50 concurrent joins on an event limited to 10 leave exactly 10 participants', async () => {
    const ev = await createEvent(api, owner.token, { maxParticipants: 10 })
    const users = await makeUsers(api, 50)
    const results = await Promise.all(users.map((u) => put(`/event/${ev._id}/participate`, u.token)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 409)).toHaveLength(40)
    const rows = await api.app.ctx.db.selectFrom('post_participants').select('user_id').where('post_id', '=', ev._id).execute()
    expect(rows).toHaveLength(10)
    const got = await api.get(`/event/${ev._id}`)
    expect(got.body.participantsCount).toBe(10)
    expect(got.body.canJoin).toBe(false)
  })
})

describe('participants', () => {
  it('GET /event/{id}/participants answers user summaries, the organizer and the limit', async () => {
    const ev = await createEvent(api, owner.token, { maxParticipants: 5 })
    await put(`/event/${ev._id}/participate`, stranger.token)
    await put(`/event/${ev._id}/participate`, follower.token)
    const res = await api.get(`/event/${ev._id}/participants`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      participants: [
        { _id: stranger.id, name: 'Eve', lastname: expect.any(String), username: stranger.username, avatarFile: null },
        { _id: follower.id, name: 'Eve', lastname: expect.any(String), username: follower.username, avatarFile: null },
      ],
      postedBy: expect.objectContaining({ _id: owner.id, username: owner.username }),
      maxParticipants: 5,
    })
  })

  it('the organizer removes a participant; others cannot', async () => {
    const ev = await createEvent(api, owner.token)
    await put(`/event/${ev._id}/participate`, stranger.token)
    await put(`/event/${ev._id}/participate`, follower.token)
    expect((await put(`/event/${ev._id}/participant/${stranger.id}`, follower.token)).status).toBe(403)
    expect((await put(`/event/${ev._id}/participant/${stranger.id}`, stranger.token)).status).toBe(403)
    expect((await put(`/event/${ev._id}/participant/${stranger.id}`)).status).toBe(401)
    const res = await put(`/event/${ev._id}/participant/${stranger.id}`, owner.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ postId: ev._id, participants: [follower.id] })
    expect((await put(`/event/${ev._id}/participant/${stranger.id}`, owner.token)).status).toBe(404)
  })
})
