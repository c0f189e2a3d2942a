// Invitations (SPEC §7): rights (anonymous, other user, organizer, recipient), validation, followers only,
// no places, no duplicates, revoke (and the access it took away), accept within the limit (409 when full,
// also under concurrent accepts), decline; the `invite` notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, placeFields, send, type TestUser } from './events-fixtures'
import { follow, notificationsOf } from './notify-fixtures'

let api: TestApi
let organizer: TestUser
let stranger: TestUser
let admin: TestUser
let inactive: TestUser
let followers: TestUser[]

beforeAll(async () => {
  api = await startTestApi()
  ;[organizer, stranger] = (await makeUsers(api, 2)) as [TestUser, TestUser]
  admin = await makeUser(api, { role: 'admin' })
  inactive = await makeUser(api, { activated: false })
  followers = await makeUsers(api, 12)
  for (const f of [...followers, inactive]) await follow(api, f, organizer)
  for (const f of followers.slice(0, 3)) await follow(api, f, admin)
})
afterAll(async () => {
  await api?.close()
})

const f = (i: number) => followers[i] as TestUser
const invite = (token: string | undefined, body: unknown) => send(api, 'POST', '/invitations', { token, json: body })
const respond = (id: string, token: string | undefined, status: unknown) =>
  send(api, 'POST', `/invitations/${id}/respond`, { token, json: { status } })
const revoke = (id: string, token: string | undefined, userId: unknown) =>
  send(api, 'DELETE', `/invitations/${id}/user`, { token, json: { userId } })
const statuses = (id: string, token?: string) => send(api, 'GET', `/invitations/${id}/statuses`, { token })

async function recipientCount(postId: string): Promise<number> {
  const rows = await api.app.ctx.db
    .selectFrom('invitation_recipients as r')
    .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
    .select('r.id')
    .where('i.post_id', '=', postId)
    .execute()
  return rows.length
}

describe('POST /invitations', () => {
  it('needs a signed-in, activated organizer', async () => {
    const ev = await createEvent(api, organizer.token)
    const body = { postId: ev._id, recipientIds: [f(0).id] }
    expect((await invite(undefined, body)).status).toBe(401)
    const notActivated = await invite(inactive.token, body)
    expect(notActivated.status).toBe(403)
    expect(notActivated.body.message).toBe('Please confirm your email first.')
    const other = await invite(stranger.token, body)
    expect(other.status).toBe(403)
    expect(other.body.message).toBe('Only the organizer can do this.')
    // A follower of the organizer is not the organizer either.
    expect((await invite(f(1).token, body)).status).toBe(403)
    expect((await invite(organizer.token, { ...body, postId: 'no-such-post' })).status).toBe(404)
    expect(await recipientCount(ev._id)).toBe(0)
  })

  it('validates the body: 400 {message, errors}, never 500', async () => {
    const ev = await createEvent(api, organizer.token)
    const empty = await invite(organizer.token, {})
    expect(empty.status).toBe(400)
    expect(Object.keys(empty.body.errors).sort()).toEqual(['postId', 'recipientIds'])
    expect(empty.body.errors.postId).toEqual(['This field is required!'])
    const noOne = await invite(organizer.token, { postId: ev._id, recipientIds: [] })
    expect(noOne.status).toBe(400)
    expect(noOne.body.errors.recipientIds).toEqual(['This field is required!'])
    const notList = await invite(organizer.token, { postId: ev._id, recipientIds: f(0).id })
    expect(notList.status).toBe(400)
    const wrongType = await invite(organizer.token, { postId: 42, recipientIds: [null, 5] })
    expect(wrongType.status).toBe(400)
    expect(Object.keys(wrongType.body.errors)).toEqual(expect.arrayContaining(['postId', 'recipientIds.0', 'recipientIds.1']))
    const tooMany = await invite(organizer.token, { postId: ev._id, recipientIds: Array.from({ length: 51 }, (_, i) => `u${i}`) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors.recipientIds).toEqual(['Invite at most 50 people at once.'])
    const ruText = await send(api, 'POST', '/invitations', {
      token: organizer.token,
      lang: 'ru',
      json: { postId: ev._id, recipientIds: Array.from({ length: 51 }, (_, i) => `u${i}`) },
    })
    expect(ruText.body.errors.recipientIds).toEqual(['Можно пригласить не больше 50 человек за раз.'])
    const huge = await invite(organizer.token, { postId: ev._id, recipientIds: ['x'.repeat(5000)] })
    expect(huge.status).toBe(400)
    expect(await recipientCount(ev._id)).toBe(0)
  })

  it('invites only followers of the organizer (and never the organizer)', async () => {
    const ev = await createEvent(api, organizer.token)
    const res = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id, stranger.id] })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('You can only invite your followers.')
    expect(res.body.errors['recipientIds.1']).toEqual(['You can only invite your followers.'])
    expect(res.body.errors['recipientIds.0']).toBeUndefined()
    const self = await invite(organizer.token, { postId: ev._id, recipientIds: [organizer.id] })
    expect(self.status).toBe(400)
    expect(self.body.errors['recipientIds.0']).toEqual(['You cannot invite yourself.'])
    const ghost = await invite(organizer.token, { postId: ev._id, recipientIds: ['00000000-0000-4000-8000-000000000000'] })
    expect(ghost.status).toBe(400)
    // The whole request is refused: nobody was invited, nobody notified.
    expect(await recipientCount(ev._id)).toBe(0)
    expect((await notificationsOf(api, f(0).id)).filter((n) => n.entity_id === ev._id && n.notification_type === 'invite')).toHaveLength(0)
  })

  it('is not for places', async () => {
    const place = await createEvent(api, admin.token, placeFields())
    const res = await invite(admin.token, { postId: place._id, recipientIds: [f(0).id] })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Invitations are for events only, not for places.')
    const ru = await send(api, 'POST', '/invitations', { token: admin.token, lang: 'ru', json: { postId: place._id, recipientIds: [f(0).id] } })
    expect(ru.body.message).toBe('Приглашения бывают только на события, не на места.')
  })

  it('answers per-recipient statuses and notifies each new recipient (entityId = postId), not the organizer', async () => {
    const ev = await createEvent(api, organizer.token, { accessType: 'PRIVATE' })
    const res = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id, f(1).id, f(0).id] })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ postId: ev._id, _id: res.body.id })
    expect(res.body.recipients).toHaveLength(2)
    for (const [i, r] of res.body.recipients.entries()) {
      expect(r).toMatchObject({ recipientId: f(i).id, status: 'PENDING', result: 'invited', invitationId: res.body.id })
      expect(r.recipient).toMatchObject({ _id: f(i).id, username: f(i).username })
    }
    for (const u of [f(0), f(1)]) {
      const rows = (await notificationsOf(api, u.id)).filter((n) => n.entity_id === ev._id && n.notification_type === 'invite')
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ notification_type: 'invite', user_from: organizer.id, entity_id: ev._id, opened_at: null })
    }
    expect((await notificationsOf(api, organizer.id)).filter((n) => n.notification_type === 'invite')).toHaveLength(0)
    expect((await notificationsOf(api, f(2).id)).filter((n) => n.entity_id === ev._id && n.notification_type === 'invite')).toHaveLength(0)
  })

  it('never duplicates: already invited (any invitation of the event) or participating recipients are skipped; 409 when nobody is left', async () => {
    const ev = await createEvent(api, organizer.token, { accessType: 'COMMON' })
    expect((await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id] })).status).toBe(201)
    expect((await send(api, 'PUT', `/event/${ev._id}/participate`, { token: f(4).token })).status).toBe(200)
    const second = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id, f(3).id, f(4).id] })
    expect(second.status).toBe(201)
    expect(second.body.recipients.map((r: { result: string }) => r.result)).toEqual(['alreadyInvited', 'invited', 'alreadyParticipant'])
    expect(second.body.recipients[0].status).toBe('PENDING')
    expect(second.body.recipients[0].invitationId).not.toBe(second.body.id)
    const again = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id, f(3).id] })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Everyone in the list is already invited or takes part already.')
    expect(await recipientCount(ev._id)).toBe(2)
    // One invite notification each, whatever was retried.
    expect((await notificationsOf(api, f(0).id)).filter((n) => n.entity_id === ev._id && n.notification_type === 'invite')).toHaveLength(1)
    expect((await notificationsOf(api, f(4).id)).filter((n) => n.entity_id === ev._id && n.notification_type === 'invite')).toHaveLength(0)
  })

  it('concurrent invitations of the same follower store one recipient', async () => {
    const ev = await createEvent(api, organizer.token)
    const results = await Promise.all(
      Array.from({ length: 6 }, () => invite(organizer.token, { postId: ev._id, recipientIds: [f(5).id] })),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    expect(await recipientCount(ev._id)).toBe(1)
  })

  it('refuses ended events', async () => {
    const ev = await createEvent(api, organizer.token)
    await api.app.ctx.db
      .updateTable('posts')
      .set({ start_date: new Date(Date.now() - 2 * 86_400_000).toISOString(), end_date: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', ev._id)
      .execute()
    const res = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id] })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This event has already ended.')
  })
})

describe('GET /invitations/my and /invitations/{id}/statuses', () => {
  it('lists the invitations the caller received, with the post, status and invitationId', async () => {
    const ev = await createEvent(api, organizer.token, { accessType: 'PRIVATE', title: 'Invite-only dinner' })
    const created = await invite(organizer.token, { postId: ev._id, recipientIds: [f(6).id] })
    expect(created.status).toBe(201)
    expect((await send(api, 'GET', '/invitations/my')).status).toBe(401)
    const mine = await send(api, 'GET', '/invitations/my', { token: f(6).token })
    expect(mine.status).toBe(200)
    const item = mine.body.invitations.find((i: { postId: string }) => i.postId === ev._id)
    expect(item).toMatchObject({
      _id: ev._id,
      postId: ev._id,
      title: 'Invite-only dinner',
      invitationId: created.body.id,
      status: 'PENDING',
      restricted: false,
      canJoin: true,
    })
    expect(item.invitedBy).toMatchObject({ _id: organizer.id })
    expect(item.address).toBeTruthy()
    expect(mine.body).toMatchObject({ page: 1, pageSize: 20, hasMore: false })
    for (const u of [stranger, organizer, f(7)]) {
      const other = await send(api, 'GET', '/invitations/my', { token: u.token })
      expect(other.status).toBe(200)
      expect(other.body.invitations.find((i: { postId: string }) => i.postId === ev._id)).toBeUndefined()
    }
    expect((await send(api, 'GET', '/invitations/my?page=0', { token: f(6).token })).status).toBe(400)
    // A deleted event disappears from the list.
    expect((await send(api, 'DELETE', `/event/${ev._id}`, { token: organizer.token })).status).toBe(200)
    const after = await send(api, 'GET', '/invitations/my', { token: f(6).token })
    expect(after.body.invitations.find((i: { postId: string }) => i.postId === ev._id)).toBeUndefined()
  })

  it('statuses: organizer only, by invitation id or by event id', async () => {
    const ev = await createEvent(api, organizer.token)
    const first = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id, f(1).id] })
    const second = await invite(organizer.token, { postId: ev._id, recipientIds: [f(2).id] })
    expect(await respond(first.body.id, f(1).token, 'DECLINED')).toMatchObject({ status: 200 })
    expect(await respond(second.body.id, f(2).token, 'ACCEPTED')).toMatchObject({ status: 200 })

    const byInvitation = await statuses(first.body.id, organizer.token)
    expect(byInvitation.status).toBe(200)
    expect(byInvitation.body).toMatchObject({ postId: ev._id, invitationId: first.body.id })
    // Recipients of one request share createdAt: compare without order.
    type Line = { recipientId: string; status: string; respondedAt: string | null; recipient: { _id: string } }
    const lines = new Map<string, Line>(byInvitation.body.statuses.map((s: Line) => [s.recipientId, s]))
    expect(lines.size).toBe(2)
    expect(lines.get(f(0).id)).toMatchObject({ status: 'PENDING', respondedAt: null, recipient: { _id: f(0).id } })
    expect(lines.get(f(1).id)).toMatchObject({ status: 'DECLINED', respondedAt: expect.any(String) })

    const byEvent = await statuses(ev._id, organizer.token)
    expect(byEvent.status).toBe(200)
    expect(byEvent.body.invitationId).toBeNull()
    expect(Object.fromEntries(byEvent.body.statuses.map((s: { recipientId: string; status: string }) => [s.recipientId, s.status]))).toEqual({
      [f(0).id]: 'PENDING',
      [f(1).id]: 'DECLINED',
      [f(2).id]: 'ACCEPTED',
    })

    expect((await statuses(first.body.id)).status).toBe(401)
    for (const u of [stranger, f(0)]) {
      const res = await statuses(first.body.id, u.token)
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('Only the organizer can do this.')
    }
    const missing = await statuses('no-such-invitation', organizer.token)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Invitation not found.')
  })
})

describe('POST /invitations/{id}/respond', () => {
  it('only the recipient answers; the status must be ACCEPTED or DECLINED', async () => {
    const ev = await createEvent(api, organizer.token)
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id] })
    expect((await respond(inv.body.id, undefined, 'ACCEPTED')).status).toBe(401)
    for (const u of [stranger, organizer, f(1)]) {
      const res = await respond(inv.body.id, u.token, 'ACCEPTED')
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Invitation not found.')
    }
    const bad = await respond(inv.body.id, f(0).token, 'MAYBE')
    expect(bad.status).toBe(400)
    expect(bad.body.errors.status).toEqual(['Invalid value'])
    const missing = await send(api, 'POST', `/invitations/${inv.body.id}/respond`, { token: f(0).token, json: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.status).toEqual(['This field is required!'])
    expect((await respond(inv.body.id, f(0).token, 'PENDING')).status).toBe(400)
    expect((await respond('no-such-invitation', f(0).token, 'ACCEPTED')).status).toBe(404)
    const participants = await send(api, 'GET', `/event/${ev._id}/participants`)
    expect(participants.body.participants).toHaveLength(0)
  })

  it('ACCEPTED joins the event (the organizer is notified); DECLINED after ACCEPTED leaves it', async () => {
    const ev = await createEvent(api, organizer.token, { accessType: 'PRIVATE', maxParticipants: 3 })
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: [f(8).id] })
    const before = (await notificationsOf(api, organizer.id)).length
    const accepted = await respond(inv.body.id, f(8).token, 'ACCEPTED')
    expect(accepted.status).toBe(200)
    expect(accepted.body).toEqual({
      invitationId: inv.body.id,
      postId: ev._id,
      status: 'ACCEPTED',
      isParticipant: true,
      participantsCount: 1,
      maxParticipants: 3,
    })
    const joinNotes = (await notificationsOf(api, organizer.id)).slice(before)
    expect(joinNotes).toHaveLength(1)
    expect(joinNotes[0]).toMatchObject({ notification_type: 'newParticipate', user_from: f(8).id, entity_id: ev._id })
    // Accepting twice changes nothing.
    expect((await respond(inv.body.id, f(8).token, 'ACCEPTED')).body.participantsCount).toBe(1)
    expect((await notificationsOf(api, organizer.id)).length).toBe(before + 1)

    const declined = await respond(inv.body.id, f(8).token, 'DECLINED')
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({ status: 'DECLINED', isParticipant: false, participantsCount: 0 })
    const participants = await send(api, 'GET', `/event/${ev._id}/participants`, { token: organizer.token })
    expect(participants.body.participants).toHaveLength(0)
    // A declined invitation no longer opens the private event.
    expect((await send(api, 'GET', `/event/${ev._id}`, { token: f(8).token })).status).toBe(403)
    // The event id works as {id} too.
    expect((await respond(ev._id, f(8).token, 'ACCEPTED')).body).toMatchObject({ status: 'ACCEPTED', isParticipant: true })
  })

  it('GET /event/{id} tells the recipient their invitation and its status; nobody else sees it', async () => {
    const ev = await createEvent(api, organizer.token, { accessType: 'SUBSCRIBERS' })
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: [f(9).id] })
    const seenBy = async (token: string) => (await send(api, 'GET', `/event/${ev._id}`, { token })).body.invitation
    expect(await seenBy(f(9).token)).toEqual({ invitationId: inv.body.id, status: 'PENDING' })
    // Another follower and the organizer have no invitation of their own.
    expect(await seenBy(f(10).token)).toBeNull()
    expect(await seenBy(organizer.token)).toBeNull()
    await respond(inv.body.id, f(9).token, 'ACCEPTED')
    expect(await seenBy(f(9).token)).toEqual({ invitationId: inv.body.id, status: 'ACCEPTED' })
    await respond(inv.body.id, f(9).token, 'DECLINED')
    // A follower still opens a SUBSCRIBERS event and sees the declined invitation (to accept it after all).
    expect(await seenBy(f(9).token)).toEqual({ invitationId: inv.body.id, status: 'DECLINED' })
  })

  it('ACCEPTED on a full event: 409 and the status stays PENDING', async () => {
    const ev = await createEvent(api, organizer.token, { maxParticipants: 1 })
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: [f(9).id, f(10).id] })
    expect((await respond(inv.body.id, f(9).token, 'ACCEPTED')).status).toBe(200)
    const full = await respond(inv.body.id, f(10).token, 'ACCEPTED')
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('There are no free places left.')
    const ru = await send(api, 'POST', `/invitations/${inv.body.id}/respond`, { token: f(10).token, lang: 'ru', json: { status: 'ACCEPTED' } })
    expect(ru.body.message).toBe('Свободных мест не осталось.')
    const st = await statuses(inv.body.id, organizer.token)
    const row = st.body.statuses.find((s: { recipientId: string }) => s.recipientId === f(10).id)
    expect(row).toMatchObject({ status: 'PENDING', respondedAt: null })
    // Once a seat frees up, the same answer works.
    expect((await respond(inv.body.id, f(9).token, 'DECLINED')).status).toBe(200)
    expect((await respond(inv.body.id, f(10).token, 'ACCEPTED')).body).toMatchObject({ status: 'ACCEPTED', isParticipant: true })
  })

  it('concurrent accepts never exceed maxParticipants', async () => {
    const ev = await createEvent(api, organizer.token, { maxParticipants: 2 })
    const guests = followers.slice(0, 8)
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: guests.map((g) => g.id) })
    expect(inv.status).toBe(201)
    const results = await Promise.all(guests.map((g) => respond(inv.body.id, g.token, 'ACCEPTED')))
    expect(results.filter((r) => r.status === 200)).toHaveLength(2)
    expect(results.filter((r) => r.status === 409)).toHaveLength(6)
    const st = await statuses(ev._id, organizer.token)
    const counts = st.body.statuses.reduce((m: Record<string, number>, s: { status: string }) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {})
    expect(counts).toEqual({ ACCEPTED: 2, PENDING: 6 })
    const participants = await send(api, 'GET', `/event/${ev._id}/participants`)
    expect(participants.body.participants).toHaveLength(2)
  })

  it('ACCEPTED on an ended event: 400', async () => {
    const ev = await createEvent(api, organizer.token)
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: [f(11).id] })
    await api.app.ctx.db
      .updateTable('posts')
      .set({ start_date: new Date(Date.now() - 2 * 86_400_000).toISOString(), end_date: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', ev._id)
      .execute()
    const res = await respond(inv.body.id, f(11).token, 'ACCEPTED')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This event has already ended.')
    // Declining still works.
    expect((await respond(inv.body.id, f(11).token, 'DECLINED')).status).toBe(200)
  })
})

describe('DELETE /invitations/{id}/user', () => {
  it('the organizer revokes one recipient, who loses the invitation-based access (and the seat it gave)', async () => {
    const ev = await createEvent(api, organizer.token, { accessType: 'PRIVATE' })
    const inv = await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id, f(1).id] })
    expect((await send(api, 'GET', `/event/${ev._id}`, { token: f(0).token })).status).toBe(200)
    expect((await respond(inv.body.id, f(1).token, 'ACCEPTED')).status).toBe(200)

    expect((await revoke(inv.body.id, undefined, f(0).id)).status).toBe(401)
    for (const u of [stranger, f(0), f(1)]) {
      const res = await revoke(inv.body.id, u.token, f(0).id)
      expect(res.status).toBe(403)
    }
    const invalid = await revoke(inv.body.id, organizer.token, '')
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors.userId).toEqual(['This field is required!'])
    const notInvited = await revoke(inv.body.id, organizer.token, stranger.id)
    expect(notInvited.status).toBe(404)
    expect(notInvited.body.message).toBe('This user is not invited to this event.')

    const res = await revoke(inv.body.id, organizer.token, f(0).id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ postId: ev._id, userId: f(0).id, revoked: true, leftEvent: false })
    const denied = await send(api, 'GET', `/event/${ev._id}`, { token: f(0).token })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('This is a private event: only invited people and participants can open it.')
    expect((await send(api, 'PUT', `/event/${ev._id}/participate`, { token: f(0).token })).status).toBe(403)
    expect((await respond(inv.body.id, f(0).token, 'ACCEPTED')).status).toBe(404)
    expect((await notificationsOf(api, f(0).id)).filter((n) => n.entity_id === ev._id && n.notification_type === 'invite')).toHaveLength(0)
    const mine = await send(api, 'GET', '/invitations/my', { token: f(0).token })
    expect(mine.body.invitations.find((i: { postId: string }) => i.postId === ev._id)).toBeUndefined()

    // Revoking an accepted invitee (by event id) also frees the seat.
    const accepted = await revoke(ev._id, organizer.token, f(1).id)
    expect(accepted.body).toMatchObject({ revoked: true, leftEvent: true })
    expect((await send(api, 'GET', `/event/${ev._id}`, { token: f(1).token })).status).toBe(403)
    const participants = await send(api, 'GET', `/event/${ev._id}/participants`, { token: organizer.token })
    expect(participants.body.participants).toHaveLength(0)
    expect((await statuses(ev._id, organizer.token)).body.statuses).toHaveLength(0)
    // Revoked followers may be invited again.
    expect((await invite(organizer.token, { postId: ev._id, recipientIds: [f(0).id] })).status).toBe(201)
  })
})
