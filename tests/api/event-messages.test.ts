// A message to everyone of an event (issue 45), on SQLite and PostgreSQL: its organizer's words reach each
// participant as a notification (stored for the bell, over the socket, by web push) with our words in the person's
// language and theirs as written, and by mail; the waiting list only when asked; the event page's list shows them to
// those they concern; a few a day per event; nobody else sends or reads them.
import webpush from 'web-push'
import { io as connectClient, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_MESSAGES, REALTIME, type Notification } from '#contract'
import { createEvent, makeUser, makeUsers, placeFields, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'
import { notificationsOf } from './notify-fixtures'
import { type PushReceiver, startPushReceiver } from '../support/push-receiver'

const vapid = webpush.generateVAPIDKeys()
const clock = { now: new Date() }
let api: TestApi
let receiver: PushReceiver
const sockets: Socket[] = []

beforeAll(async () => {
  receiver = await startPushReceiver({ expectedVapidPublicKey: vapid.publicKey })
  api = await startTestApi(
    { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, ALLOW_PRIVATE_ADDRESSES: 'true' },
    undefined,
    { clock: () => clock.now },
  )
})
afterEach(() => {
  clock.now = new Date()
})
afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await api?.close()
  await receiver?.close()
})

const emailOf = (u: TestUser) => `${u.username}@example.com`.toLowerCase()
const say = (id: string, json: unknown, token: string) => send(api, 'POST', `/event/${id}/messages`, { token, json })
const list = (id: string, token: string) => send(api, 'GET', `/event/${id}/messages`, { token })

async function socketOf(user: TestUser): Promise<Socket> {
  const { ticket } = (await send(api, 'POST', '/realtime/ticket', { token: user.token })).body
  const socket = connectClient(api.url, { path: REALTIME.path, auth: { ticket }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { origin: api.config.webUrl } })
  sockets.push(socket)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

/** An event of `organizer` with two seats: the first two people take them, the rest wait in line. */
async function eventWith(organizer: TestUser, seated: TestUser[], waiting: TestUser[] = [], title = 'Night market') {
  const id = (await createEvent(api, organizer.token, { title, maxParticipants: 2 }))._id
  for (const person of seated) expect((await send(api, 'PUT', `/event/${id}/participate`, { token: person.token, json: { participate: true } })).status).toBe(200)
  for (const person of waiting) expect((await send(api, 'PUT', `/event/${id}/waitlist`, { token: person.token })).status).toBe(200)
  return id
}

describe('a message to everyone', () => {
  it('reaches each participant: bell, socket, push and mail, our words in their language; the line only when asked', async () => {
    const [organizer, anna, boris, vera] = await makeUsers(api, 4) as [TestUser, TestUser, TestUser, TestUser]
    await api.app.ctx.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', boris.id).execute()
    const id = await eventWith(organizer, [anna, boris], [vera])
    const sub = receiver.subscribe()
    expect((await send(api, 'POST', '/push/web', { token: anna.token, json: { subscription: sub.subscription } })).status).toBe(201)
    const socket = await socketOf(anna)
    const live = new Promise<Notification>((resolve) => socket.on(REALTIME.events.newNotification, resolve))

    const sent = await say(id, { body: '  We moved to room 2.  ' }, organizer.token)
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body).toMatchObject({ body: 'We moved to room 2.', toWaiting: false, recipients: 2, sender: { _id: organizer.id } })

    // The socket and the bell: the message itself, from the organizer, about the event.
    expect(await live).toMatchObject({ notificationType: 'eventMessage', entityId: id, userFrom: { _id: organizer.id }, message: { body: 'We moved to room 2.' }, post: { title: 'Night market' } })
    const annaBell = (await send(api, 'GET', '/notifications', { token: anna.token })).body.notifications as Notification[]
    expect(annaBell.filter((n) => n.notificationType === 'eventMessage').map((n) => n.message?.body)).toEqual(['We moved to room 2.'])
    // Push: our words in English, theirs as written.
    const [push] = await receiver.waitForMessages(sub.id)
    expect(push?.payload).toMatchObject({ body: `Eve ${(await nameOf(organizer)).lastname} about “Night market”: We moved to room 2.`, url: `${api.config.webUrl}/event/${id}`, notificationType: 'eventMessage' })

    // Mail, each in their language; the line heard nothing.
    await api.app.ctx.flushMail()
    const [mailEn] = api.smtp.mailsTo(emailOf(anna))
    expect(mailEn?.subject).toBe('Nearby: a message about “Night market”')
    expect(mailEn?.text).toContain('We moved to room 2.')
    const [mailRu] = api.smtp.mailsTo(emailOf(boris))
    expect(mailRu?.subject).toBe('Nearby: сообщение о «Night market»')
    expect(mailRu?.text).toContain('пишет:\n\nWe moved to room 2.')
    expect(api.smtp.mailsTo(emailOf(vera))).toHaveLength(0)
    expect((await notificationsOf(api, vera.id)).filter((n) => n.notification_type === 'eventMessage')).toHaveLength(0)
    expect((await notificationsOf(api, organizer.id)).filter((n) => n.notification_type === 'eventMessage')).toHaveLength(0)

    // To the waiting list too, when the organizer says so; words like "$&" stay as they were written.
    const both = await say(id, { body: 'Doors at 19:00 — bring $& a smile', toWaiting: true }, organizer.token)
    expect(both.body).toMatchObject({ toWaiting: true, recipients: 3 })
    await api.app.ctx.flushMail()
    expect(api.smtp.mailsTo(emailOf(vera)).map((m) => m.subject)).toEqual(['Nearby: a message about “Night market”'])
    const [, second] = await receiver.waitForMessages(sub.id, 2)
    expect((second?.payload as { body: string }).body).toMatch(/about “Night market”: Doors at 19:00 — bring \$& a smile$/)
  })

  it('the event page’s list: participants read every message, a person waiting those sent to the line, the organizer how many each reached', async () => {
    const [organizer, anna, boris, vera, stranger] = await makeUsers(api, 5) as TestUser[] as [TestUser, TestUser, TestUser, TestUser, TestUser]
    const moderator = await makeUser(api, { role: 'admin' })
    const id = await eventWith(organizer, [anna, boris], [vera])
    await say(id, { body: 'First' }, organizer.token)
    clock.now = new Date(Date.now() + 60_000)
    await say(id, { body: 'Second, to all', toWaiting: true }, organizer.token)

    const forAnna = await list(id, anna.token)
    expect(forAnna.status).toBe(200)
    expect(forAnna.body.messages.map((m: { body: string; recipients: number | null }) => [m.body, m.recipients])).toEqual([['Second, to all', null], ['First', null]])
    expect((await list(id, vera.token)).body.messages.map((m: { body: string }) => m.body)).toEqual(['Second, to all'])
    expect((await list(id, organizer.token)).body.messages.map((m: { recipients: number }) => m.recipients)).toEqual([3, 2])
    expect((await list(id, moderator.token)).status).toBe(200)
    const refused = await list(id, stranger.token)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('eventMessagesParticipantsOnly')
    expect((await send(api, 'GET', `/event/${id}/messages`)).status).toBe(401)
  })

  it('only its organizers send, a short message, to an event: every refusal says why and sends nothing', async () => {
    const [organizer, anna, stranger] = await makeUsers(api, 3) as [TestUser, TestUser, TestUser]
    const id = await eventWith(organizer, [anna])
    for (const token of [anna.token, stranger.token]) {
      const res = await say(id, { body: 'Hello' }, token)
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('notOrganizer')
    }
    const empty = await say(id, { body: '   ' }, organizer.token)
    expect(empty.status).toBe(400)
    expect(empty.body.errors.body).toEqual(['This field is required!'])
    const long = await say(id, { body: 'x'.repeat(EVENT_MESSAGES.maxLength + 1) }, organizer.token)
    expect(long.status).toBe(400)
    expect(long.body.errors.body).toEqual(['This value is too long!'])
    for (const body of [{ body: 'Hi', toWaiting: 'yes' }, { body: 'Hi', extra: 1 }, { body: 42 }, 'just text'])
      expect((await say(id, body, organizer.token)).status).toBe(400)
    // A place (added by a moderator) has no participants to tell.
    const moderator = await makeUser(api, { role: 'admin' })
    const place = (await createEvent(api, moderator.token, placeFields()))._id
    const toPlace = await say(place, { body: 'Hello' }, moderator.token)
    expect(toPlace.status).toBe(400)
    expect(toPlace.body.code).toBe('placeNoParticipants')
    expect((await say('00000000-0000-0000-0000-000000000000', { body: 'Hello' }, organizer.token)).status).toBe(404)
    expect(await api.app.ctx.db.selectFrom('event_messages').select('id').where('post_id', 'in', [id, place]).execute()).toHaveLength(0)
  })

  it('an event posted as a group: its editors send, its members do not', async () => {
    const [owner, editor, member, guest] = await makeUsers(api, 4) as [TestUser, TestUser, TestUser, TestUser]
    const handle = `brass_${Date.now().toString(36)}`
    expect((await send(api, 'POST', '/groups', { token: owner.token, json: { handle, name: 'Brass band' } })).status).toBe(201)
    for (const [user, role] of [[editor, 'editor'], [member, 'member']] as const) {
      const made = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner.token, json: { who: user.username, role } })
      await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
    }
    const id = (await createEvent(api, owner.token, { title: 'Brass at noon', group: handle }))._id
    expect((await send(api, 'PUT', `/event/${id}/participate`, { token: guest.token, json: { participate: true } })).status).toBe(200)
    const refused = await say(id, { body: 'Hi all' }, member.token)
    expect(refused.status).toBe(403)
    const sent = await say(id, { body: 'Bring a music stand.' }, editor.token)
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body).toMatchObject({ sender: { _id: editor.id }, recipients: 1 })
    expect((await notificationsOf(api, guest.id)).filter((n) => n.notification_type === 'eventMessage').map((n) => n.user_from)).toEqual([editor.id])
  })

  it(`at most ${EVENT_MESSAGES.perDay} a day per event: the next is refused with 429 and when it may go; a day later it goes`, async () => {
    const [organizer, anna] = await makeUsers(api, 2) as [TestUser, TestUser]
    const id = await eventWith(organizer, [anna])
    const start = Date.now()
    for (let i = 0; i < EVENT_MESSAGES.perDay; i++) {
      clock.now = new Date(start + i * 60_000)
      expect((await say(id, { body: `Note ${i}` }, organizer.token)).status).toBe(201)
    }
    clock.now = new Date(start + 10 * 60_000)
    const over = await say(id, { body: 'One more' }, organizer.token)
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('eventMessageLimit')
    expect(over.body.message).toBe(`Up to ${EVENT_MESSAGES.perDay} messages a day go to the people of one event: send the next one later.`)
    // The first of the day's messages turns a day old 23 h 50 min from now.
    expect(Number(over.headers.get('retry-after'))).toBe(24 * 3600 - 10 * 60)
    clock.now = new Date(start + 24 * 3_600_000 + 1000)
    expect((await say(id, { body: 'Next day' }, organizer.token)).status).toBe(201)
  })
})

async function nameOf(user: TestUser) {
  return api.app.ctx.db.selectFrom('users').select(['name', 'lastname']).where('id', '=', user.id).executeTakeFirstOrThrow()
}
