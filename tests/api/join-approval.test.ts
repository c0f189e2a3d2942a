// Events that need the organizer's approval (issue 27, decision 042): asking, withdrawing, the organizer's
// accept / decline of one or all requests, the answer reaching the person (bell and mail), the seat rules of
// Join (a full event puts the accepted person in line), no second request after a decline, invitees seated
// directly, and an accept racing an invitee's Join for the last seat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { baseEvent, createEvent, eventForm, jpeg, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { follow, notificationsOf } from './notify-fixtures'

let api: TestApi
let owner: TestUser

beforeAll(async () => {
  api = await startTestApi()
  owner = await makeUser(api)
})
afterAll(async () => {
  await api?.close()
})

const put = (p: string, token: string, json?: unknown) => send(api, 'PUT', p, { token, json })
const del = (p: string, token: string) => send(api, 'DELETE', p, { token })
const get = (p: string, token?: string) => api.get(p, { token })

async function approvalEvent(overrides: Record<string, string | number> = {}) {
  return createEvent(api, owner.token, { joinApproval: 'true', ...overrides })
}

async function participantsOf(id: string) {
  const rows = await api.app.ctx.db.selectFrom('post_participants').select('user_id').where('post_id', '=', id).execute()
  return rows.map((r) => r.user_id).sort()
}

async function inviteAndAccept(eventId: string, user: TestUser) {
  await follow(api, user, owner)
  const invited = await send(api, 'POST', '/invitations', { token: owner.token, json: { postId: eventId, recipientIds: [user.id] } })
  expect(invited.status).toBe(201)
  return send(api, 'POST', `/invitations/${invited.body.id}/respond`, { token: user.token, json: { status: 'ACCEPTED' } })
}

describe('an event with approval', () => {
  it('is created with joinApproval, is open to read, and its access mode cannot change on edit', async () => {
    const ev = await approvalEvent()
    expect(ev).toMatchObject({ accessType: 'COMMON', joinApproval: true })
    const stranger = await makeUser(api)
    const seen = await get(`/event/${ev._id}`, stranger.token)
    expect(seen.body).toMatchObject({ restricted: false, joinApproval: true, canJoin: false, canWait: false, canAsk: true, joinRequest: null })
    expect((await get(`/event/${ev._id}`)).body).toMatchObject({ canAsk: false, description: 'Live jazz by the river' })
    const plain = await createEvent(api, owner.token)
    expect(plain).toMatchObject({ joinApproval: false })
    const edit = await send(api, 'PUT', `/event/${ev._id}`, {
      token: owner.token,
      json: { title: 'Jazz night', description: 'x', address: 'a', coordinates: [20.46, 44.81], startDate: ev.startDate, joinApproval: false },
    })
    expect(edit.status).toBe(400)
    expect(edit.body.errors).toMatchObject({ joinApproval: ['This cannot be changed after creation.'] })
  })

  it('Join and the waiting list are refused with a clear message: the person asks instead', async () => {
    const ev = await approvalEvent()
    const user = await makeUser(api)
    const join = await put(`/event/${ev._id}/participate`, user.token, { participate: true })
    expect(join.status).toBe(403)
    expect(join.body.message).toBe('This event needs the organizer’s approval: ask to join.')
    expect((await put(`/event/${ev._id}/waitlist`, user.token)).status).toBe(403)
    const ru = await send(api, 'PUT', `/event/${ev._id}/participate`, { token: user.token, lang: 'ru', json: { participate: true } })
    expect(ru.body.message).toBe('Для участия нужно одобрение организатора: отправьте заявку.')
    expect(await participantsOf(ev._id)).toEqual([])
  })

  it('asking is idempotent, tells the organizer once, shows the request; withdrawing removes it', async () => {
    const ev = await approvalEvent()
    const user = await makeUser(api)
    const asked = await put(`/event/${ev._id}/join-request`, user.token)
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({ postId: ev._id, joinRequest: { status: 'PENDING' }, isParticipant: false, waitlistPosition: null })
    expect((await put(`/event/${ev._id}/join-request`, user.token)).body.joinRequest.status).toBe('PENDING')
    const told = (await notificationsOf(api, owner.id)).filter((n) => n.notification_type === 'joinRequest' && n.entity_id === ev._id)
    expect(told).toHaveLength(1)
    expect(told[0]?.user_from).toBe(user.id)
    expect((await get(`/event/${ev._id}`, user.token)).body).toMatchObject({ canAsk: false, joinRequest: { status: 'PENDING' } })
    expect((await get(`/event/${ev._id}`, owner.token)).body).toMatchObject({ joinRequestsPending: 1 })
    const list = await get(`/event/${ev._id}/join-requests`, owner.token)
    expect(list.body).toMatchObject({ postId: ev._id, declinedCount: 0 })
    expect(list.body.requests.map((r: { user: { _id: string } }) => r.user._id)).toEqual([user.id])
    // Nobody else sees the requests.
    expect((await get(`/event/${ev._id}/join-requests`, user.token)).status).toBe(403)

    const withdrawn = await del(`/event/${ev._id}/join-request`, user.token)
    expect(withdrawn.body).toMatchObject({ joinRequest: null })
    expect((await get(`/event/${ev._id}/join-requests`, owner.token)).body.requests).toEqual([])
  })

  it('who may not take part may not ask: organizer, signed out, unactivated, events without approval, places', async () => {
    const ev = await approvalEvent()
    expect((await put(`/event/${ev._id}/join-request`, owner.token)).status).toBe(400)
    expect((await api.request('PUT', `/event/${ev._id}/join-request`)).status).toBe(401)
    const unactivated = await makeUser(api, { activated: false })
    expect((await put(`/event/${ev._id}/join-request`, unactivated.token)).status).toBe(403)
    const plain = await createEvent(api, owner.token)
    const user = await makeUser(api)
    const needless = await put(`/event/${plain._id}/join-request`, user.token)
    expect(needless.status).toBe(400)
    expect(needless.body.message).toBe('This event needs no approval: join it directly.')
    await api.app.ctx.db.updateTable('posts').set({ cancelled_at: new Date().toISOString() }).where('id', '=', ev._id).execute()
    expect((await put(`/event/${ev._id}/join-request`, user.token)).body).toMatchObject({ message: 'This event was cancelled.' })
  })

  it('accepting one request seats that person, who hears of it by notification and mail', async () => {
    const ev = await approvalEvent({ maxParticipants: 5 })
    const user = await makeUser(api)
    await put(`/event/${ev._id}/join-request`, user.token)
    const decided = await put(`/event/${ev._id}/join-requests/${user.id}`, owner.token, { decision: 'ACCEPT' })
    expect(decided.status).toBe(200)
    expect(decided.body).toEqual({
      postId: ev._id,
      seated: [user.id],
      waitlisted: [],
      declined: [],
      participantsCount: 1,
      maxParticipants: 5,
      pending: 0,
    })
    expect(await participantsOf(ev._id)).toEqual([user.id])
    expect((await get(`/event/${ev._id}`, user.token)).body).toMatchObject({ isParticipant: true, joinRequest: null, canAsk: false })
    const told = (await notificationsOf(api, user.id)).filter((n) => n.entity_id === ev._id)
    expect(told.map((n) => n.notification_type)).toEqual(['joinAccepted'])
    const mail = await api.smtp.waitForMail(`${user.username}@example.com`, { subject: /request accepted/ })
    expect(mail.text).toContain(`http://web.test/event/${ev._id}`)
    // The organizer gave the seat: no "joined" notice for them.
    expect((await notificationsOf(api, owner.id)).filter((n) => n.notification_type === 'newParticipate' && n.entity_id === ev._id)).toEqual([])
    // A second decision on the same person finds no request.
    const again = await put(`/event/${ev._id}/join-requests/${user.id}`, owner.token, { decision: 'DECLINE' })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('This person has no request waiting.')
  })

  it('a declined person hears of it (in their language) and cannot ask again for that event', async () => {
    const ev = await approvalEvent()
    const user = await makeUser(api)
    await api.app.ctx.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', user.id).execute()
    await put(`/event/${ev._id}/join-request`, user.token)
    const decided = await put(`/event/${ev._id}/join-requests/${user.id}`, owner.token, { decision: 'DECLINE' })
    expect(decided.body).toMatchObject({ seated: [], declined: [user.id], pending: 0 })
    const mail = await api.smtp.waitForMail(`${user.username}@example.com`, { subject: /заявка отклонена/ })
    expect(mail.text).toContain('отклонил')
    expect((await notificationsOf(api, user.id)).map((n) => n.notification_type)).toContain('joinDeclined')
    const retry = await put(`/event/${ev._id}/join-request`, user.token)
    expect(retry.status).toBe(403)
    expect(retry.body.message).toBe('The organizer declined your request to join this event.')
    // Withdrawing does not wipe a decline.
    await del(`/event/${ev._id}/join-request`, user.token)
    expect((await get(`/event/${ev._id}`, user.token)).body).toMatchObject({ canAsk: false, joinRequest: { status: 'DECLINED' } })
    expect((await get(`/event/${ev._id}/join-requests`, owner.token)).body).toMatchObject({ requests: [], declinedCount: 1 })
  })

  it('accept all: seats in the order people asked while seats last, the rest go to the waiting list in that order', async () => {
    const ev = await approvalEvent({ maxParticipants: 2 })
    const people = await makeUsers(api, 4)
    for (const p of people) expect((await put(`/event/${ev._id}/join-request`, p.token)).status).toBe(200)
    const decided = await put(`/event/${ev._id}/join-requests`, owner.token, { decision: 'ACCEPT' })
    expect(decided.body).toMatchObject({
      seated: [people[0]!.id, people[1]!.id],
      waitlisted: [people[2]!.id, people[3]!.id],
      participantsCount: 2,
      pending: 0,
    })
    expect((await get(`/event/${ev._id}`, people[3]!.token)).body).toMatchObject({ waitlistPosition: 2, isParticipant: false })
    expect((await notificationsOf(api, people[2]!.id)).map((n) => n.notification_type)).toContain('joinWaitlisted')
    // A freed seat goes to the line, as for any event.
    expect((await put(`/event/${ev._id}/participate`, people[0]!.token, { participate: false })).status).toBe(200)
    expect(await participantsOf(ev._id)).toEqual([people[1]!.id, people[2]!.id].sort())
    // Someone who left must ask again.
    expect((await put(`/event/${ev._id}/participate`, people[0]!.token, { participate: true })).status).toBe(403)
    expect((await get(`/event/${ev._id}`, people[0]!.token)).body).toMatchObject({ canAsk: true })
  })

  it('decline all declines every pending request; only the organizer decides', async () => {
    const ev = await approvalEvent()
    const people = await makeUsers(api, 3)
    for (const p of people) await put(`/event/${ev._id}/join-request`, p.token)
    const other = await makeUser(api)
    const forbidden = await put(`/event/${ev._id}/join-requests`, other.token, { decision: 'ACCEPT' })
    expect(forbidden.status).toBe(403)
    expect((await put(`/event/${ev._id}/join-requests/${people[0]!.id}`, people[0]!.token, { decision: 'ACCEPT' })).status).toBe(403)
    const bad = await put(`/event/${ev._id}/join-requests`, owner.token, { decision: 'MAYBE' })
    expect(bad.status).toBe(400)
    const decided = await put(`/event/${ev._id}/join-requests`, owner.token, { decision: 'DECLINE' })
    expect(decided.body.declined.sort()).toEqual(people.map((p) => p.id).sort())
    expect(await participantsOf(ev._id)).toEqual([])
  })

  it('an invitee joins directly, and their pending request is answered by the seat', async () => {
    const ev = await approvalEvent()
    const guest = await makeUser(api)
    await put(`/event/${ev._id}/join-request`, guest.token)
    const accepted = await inviteAndAccept(ev._id, guest)
    expect(accepted.status).toBe(200)
    expect(await participantsOf(ev._id)).toEqual([guest.id])
    expect((await get(`/event/${ev._id}/join-requests`, owner.token)).body.requests).toEqual([])
    // Left and invited still: Join works without asking.
    expect((await put(`/event/${ev._id}/participate`, guest.token, { participate: false })).status).toBe(200)
    const back = await put(`/event/${ev._id}/participate`, guest.token, { participate: true })
    expect(back.status).toBe(200)
    expect((await get(`/event/${ev._id}`, guest.token)).body).toMatchObject({ canAsk: false })
  })

  it('an accept racing an invitee’s Join for the last seat never over-books', async () => {
    for (let round = 0; round < 6; round++) {
      const ev = await approvalEvent({ maxParticipants: 1 })
      const [asker, guest] = await makeUsers(api, 2)
      await put(`/event/${ev._id}/join-request`, asker!.token)
      await follow(api, guest!, owner)
      const invited = await send(api, 'POST', '/invitations', { token: owner.token, json: { postId: ev._id, recipientIds: [guest!.id] } })
      const [accept, join] = await Promise.all([
        put(`/event/${ev._id}/join-requests/${asker!.id}`, owner.token, { decision: 'ACCEPT' }),
        send(api, 'POST', `/invitations/${invited.body.id}/respond`, { token: guest!.token, json: { status: 'ACCEPTED' } }),
      ])
      expect(accept.status).toBe(200)
      expect([200, 409]).toContain(join.status)
      const seated = await participantsOf(ev._id)
      expect(seated).toHaveLength(1)
      // Whoever lost the seat: the asker waits in line, or the invitee was told the event is full.
      if (seated[0] === guest!.id) expect(accept.body).toMatchObject({ seated: [], waitlisted: [asker!.id] })
      else expect(accept.body).toMatchObject({ seated: [asker!.id] })
    }
  })

  it('pending requesters hear of a cancellation', async () => {
    const ev = await approvalEvent()
    const user = await makeUser(api)
    await put(`/event/${ev._id}/join-request`, user.token)
    expect((await send(api, 'POST', `/event/${ev._id}/cancel`, { token: owner.token, json: {} })).status).toBe(200)
    expect((await notificationsOf(api, user.id)).map((n) => n.notification_type)).toContain('eventCancelled')
  })

  it('approval is for open events only: followers-only or private with approval is refused', async () => {
    for (const accessType of ['SUBSCRIBERS', 'PRIVATE']) {
      const res = await send(api, 'POST', '/event', {
        token: owner.token,
        form: eventForm(baseEvent({ accessType, joinApproval: 'true' }), [await jpeg()]),
      })
      expect(res.status, accessType).toBe(400)
      expect(res.body.errors, accessType).toMatchObject({ joinApproval: ['Approval is for open events only.'] })
    }
  })

  it('a deactivated account’s request is neither counted nor accepted', async () => {
    const ev = await approvalEvent()
    const [active, gone] = await makeUsers(api, 2)
    await put(`/event/${ev._id}/join-request`, active!.token)
    await put(`/event/${ev._id}/join-request`, gone!.token)
    await api.app.ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', gone!.id).execute()
    expect((await get(`/event/${ev._id}`, owner.token)).body).toMatchObject({ joinRequestsPending: 1 })
    const decided = await put(`/event/${ev._id}/join-requests`, owner.token, { decision: 'ACCEPT' })
    expect(decided.body).toMatchObject({ seated: [active!.id], pending: 0 })
    expect(await participantsOf(ev._id)).toEqual([active!.id])
  })

  it('a place in line answers a pending request: nobody is both asking and waiting, and no false notice follows', async () => {
    const ev = await approvalEvent({ maxParticipants: 1 })
    const [first, guest] = await makeUsers(api, 2)
    await put(`/event/${ev._id}/join-request`, first!.token)
    await put(`/event/${ev._id}/join-requests/${first!.id}`, owner.token, { decision: 'ACCEPT' })
    // The guest asks, is then invited, and waits in line for the full event.
    await put(`/event/${ev._id}/join-request`, guest!.token)
    await follow(api, guest!, owner)
    await send(api, 'POST', '/invitations', { token: owner.token, json: { postId: ev._id, recipientIds: [guest!.id] } })
    expect((await put(`/event/${ev._id}/waitlist`, guest!.token)).body).toMatchObject({ waitlistPosition: 1 })
    expect((await get(`/event/${ev._id}/join-requests`, owner.token)).body.requests).toEqual([])
    expect((await put(`/event/${ev._id}/join-requests`, owner.token, { decision: 'ACCEPT' })).body).toMatchObject({ waitlisted: [] })
    expect((await notificationsOf(api, guest!.id)).map((n) => n.notification_type)).not.toContain('joinWaitlisted')
  })

  it('withdrawing takes back the organizer’s unread notice: ask, withdraw, ask again rings once', async () => {
    const ev = await approvalEvent()
    const user = await makeUser(api)
    await put(`/event/${ev._id}/join-request`, user.token)
    await del(`/event/${ev._id}/join-request`, user.token)
    await put(`/event/${ev._id}/join-request`, user.token)
    const told = (await notificationsOf(api, owner.id)).filter((n) => n.notification_type === 'joinRequest' && n.entity_id === ev._id)
    expect(told).toHaveLength(1)
  })
})

