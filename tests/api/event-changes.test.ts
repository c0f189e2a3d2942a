// Cancelled and moved events (issue 11, decision 028): the organizer cancels with a message or moves the
// dates; participants, people waiting and invitees are told; a cancelled event stays visible, cannot be joined
// nor changed, and counts up its iCalendar SEQUENCE like a move does.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, future, makeUser, makeUsers, placeFields, send, eventForm, type TestUser } from './events-fixtures'
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

const post = (p: string, token: string | undefined, json?: unknown, lang?: string) => send(api, 'POST', p, { token, json, lang })
const put = (p: string, token: string, json?: unknown) => send(api, 'PUT', p, { token, json })

async function sequenceOf(id: string) {
  const row = await api.app.ctx.db.selectFrom('posts').select('sequence').where('id', '=', id).executeTakeFirstOrThrow()
  return Number(row.sequence)
}

/** A one-seat event with a participant, one person waiting, an invitee and a decliner. */
async function eventWithPeople() {
  const ev = await createEvent(api, owner.token, { maxParticipants: 1 })
  const [participant, waiting, invitee, decliner, bystander] = await makeUsers(api, 5)
  expect((await put(`/event/${ev._id}/participate`, participant!.token, { participate: true })).status).toBe(200)
  expect((await put(`/event/${ev._id}/waitlist`, waiting!.token)).body).toMatchObject({ waitlistPosition: 1 })
  const db = api.app.ctx.db
  const invitationId = randomUUID()
  const now = new Date().toISOString()
  await db.insertInto('invitations').values({ id: invitationId, post_id: ev._id, sender_id: owner.id, created_at: now }).execute()
  await db
    .insertInto('invitation_recipients')
    .values([
      { id: randomUUID(), invitation_id: invitationId, recipient_id: invitee!.id, status: 'PENDING', responded_at: null, created_at: now },
      { id: randomUUID(), invitation_id: invitationId, recipient_id: decliner!.id, status: 'DECLINED', responded_at: now, created_at: now },
    ])
    .execute()
  return { id: ev._id, participant: participant!, waiting: waiting!, invitee: invitee!, decliner: decliner!, bystander: bystander! }
}

const typesOf = async (userId: string, postId: string) =>
  (await notificationsOf(api, userId)).filter((n) => n.entity_id === postId).map((n) => n.notification_type)

describe('cancelling', () => {
  it('the organizer cancels with a message: the page shows it, nobody can join or wait, everyone concerned is told', async () => {
    const { id, participant, waiting, invitee, decliner, bystander } = await eventWithPeople()
    const before = await sequenceOf(id)
    const res = await post(`/event/${id}/cancel`, owner.token, { message: '  The hall is flooded.  ' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ cancelMessage: 'The hall is flooded.', canJoin: false })
    expect(Date.parse(res.body.cancelledAt)).not.toBeNaN()
    expect(await sequenceOf(id)).toBe(before + 1)

    // Still visible, to everyone, in lists too.
    const page = await api.get(`/event/${id}`, { token: bystander.token })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ canJoin: false, canWait: false, cancelMessage: 'The hall is flooded.' })
    const list = await api.get('/event/all?page=1')
    expect(list.body.events.find((e: { _id: string }) => e._id === id)).toMatchObject({ cancelledAt: res.body.cancelledAt })

    for (const user of [participant, waiting, invitee]) expect(await typesOf(user.id, id)).toContain('eventCancelled')
    expect(await typesOf(decliner.id, id)).not.toContain('eventCancelled')
    expect(await typesOf(bystander.id, id)).toEqual([])

    const join = await put(`/event/${id}/participate`, bystander.token, { participate: true })
    expect(join.status).toBe(400)
    expect(join.body.message).toBe('This event was cancelled.')
    const ru = await send(api, 'PUT', `/event/${id}/participate`, { token: bystander.token, json: { participate: true }, lang: 'ru' })
    expect(ru.body.message).toBe('Это событие отменено.')
    // The participant's calendar hears of it: the event stays, cancelled, with a new SEQUENCE.
    const feedUrl = new URL((await api.get('/calendar/me', { token: participant.token })).body.url as string)
    const feed = await api.get(feedUrl.pathname)
    const vevent = feed.text.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${id}@`)) ?? ''
    expect(vevent).toContain('STATUS:CANCELLED')
    expect(vevent).toContain(`SEQUENCE:${before + 1}`)
    // Leaving stays possible.
    expect((await put(`/event/${id}/participate`, participant.token, { participate: false })).status).toBe(200)
  })

  it('is final: a second cancel, a move or an edit answers 400 eventCancelled; invitations to it are refused', async () => {
    const { id, bystander } = await eventWithPeople()
    expect((await post(`/event/${id}/cancel`, owner.token, {})).status).toBe(200)
    const again = await post(`/event/${id}/cancel`, owner.token, {})
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This event was cancelled.')
    expect((await post(`/event/${id}/reschedule`, owner.token, { startDate: future(9) })).body.message).toBe('This event was cancelled.')
    const edit = await send(api, 'PUT', `/event/${id}`, { token: owner.token, json: { title: 'New' } })
    expect(edit.status).toBe(400)
    expect(edit.body.message).toBe('This event was cancelled.')
    const invite = await post('/invitations', owner.token, { postId: id, recipientIds: [bystander.id] })
    expect(invite.status).toBe(400)
  })

  it('only the organizer cancels; places, ended events and bad bodies are refused with 4xx', async () => {
    const { id, participant } = await eventWithPeople()
    const denied = await post(`/event/${id}/cancel`, participant.token, {})
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('Only the organizer can do this.')
    expect((await post(`/event/${id}/cancel`, undefined, {})).status).toBe(401)
    const tooLong = await post(`/event/${id}/cancel`, owner.token, { message: 'x'.repeat(1001) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors.message).toBeDefined()
    for (const body of [{ message: 5 }, { other: 1 }, [], 'text']) expect((await post(`/event/${id}/cancel`, owner.token, body)).status).toBe(400)
    const raw = await api.request('POST', `/event/${id}/cancel`, { token: owner.token, rawBody: '{"message":', headers: { 'content-type': 'application/json' } })
    expect(raw.status).toBe(400)

    const place = await send(api, 'POST', '/event', { token: admin.token, form: eventForm(placeFields(), [await (await import('./events-fixtures')).jpeg()]) })
    expect(place.status).toBe(201)
    const placeCancel = await post(`/event/${place.body._id}/cancel`, admin.token, {})
    expect(placeCancel.status).toBe(400)
    expect(placeCancel.body.message).toBe('Places cannot be cancelled or moved; edit or delete the place instead.')

    const ended = await createEvent(api, owner.token)
    await api.app.ctx.db
      .updateTable('posts')
      .set({ start_date: new Date(Date.now() - 10 * 3_600_000).toISOString(), end_date: null })
      .where('id', '=', ended._id)
      .execute()
    expect((await post(`/event/${ended._id}/cancel`, owner.token, {})).body.message).toBe('This event has already ended.')
  })
})

describe('moving', () => {
  it('new dates: the page keeps the first start, SEQUENCE goes up, participants, people waiting and invitees are told', async () => {
    const { id, participant, waiting, invitee, decliner } = await eventWithPeople()
    const original = (await api.get(`/event/${id}`)).body.startDate as string
    const before = await sequenceOf(id)
    const start = future(12, 19)
    const end = future(12, 23)
    const res = await post(`/event/${id}/reschedule`, owner.token, { startDate: start, endDate: end })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), previousStartDate: original })
    expect(Date.parse(res.body.rescheduledAt)).not.toBeNaN()
    expect(await sequenceOf(id)).toBe(before + 1)
    for (const user of [participant, waiting, invitee]) expect(await typesOf(user.id, id)).toContain('eventMoved')
    expect(await typesOf(decliner.id, id)).not.toContain('eventMoved')
    // Calendars get the new times with a new SEQUENCE.
    const feed = await api.get(`/calendar/organizer/${owner.id}.ics`)
    const vevent = feed.text.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${id}@`)) ?? ''
    const utc = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
    expect(vevent).toContain(`DTSTART:${utc(start)}`)
    expect(vevent).toContain(`SEQUENCE:${before + 1}`)

    // A second move keeps the very first start as "moved from".
    const again = await post(`/event/${id}/reschedule`, owner.token, { startDate: future(14) })
    expect(again.body).toMatchObject({ previousStartDate: original, endDate: null })
    expect(await sequenceOf(id)).toBe(before + 2)
  })

  it('the form’s date rules, and the same dates, answer 400 with the field', async () => {
    const { id } = await eventWithPeople()
    const past = await post(`/event/${id}/reschedule`, owner.token, { startDate: new Date(Date.now() - 86_400_000).toISOString() })
    expect(past.status).toBe(400)
    expect(past.body.errors.startDate).toEqual(['Past dates cannot be picked!'])
    const backwards = await post(`/event/${id}/reschedule`, owner.token, { startDate: future(5, 20), endDate: future(5, 18) })
    expect(backwards.body.errors.endDate).toEqual(['The end must not be before the start!'])
    const missing = await post(`/event/${id}/reschedule`, owner.token, {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors.startDate).toBeDefined()
    const garbage = await post(`/event/${id}/reschedule`, owner.token, { startDate: 'soon' })
    expect(garbage.status).toBe(400)
    const current = (await api.get(`/event/${id}`)).body
    const same = await post(`/event/${id}/reschedule`, owner.token, { startDate: current.startDate, endDate: current.endDate })
    expect(same.status).toBe(400)
    expect(same.body.message).toBe('These are the event’s dates already.')
    expect((await post(`/event/${id}/reschedule`, owner.token, { startDate: future(3), extra: 1 })).status).toBe(400)
  })

  it('an edit that changes the dates is a move (SEQUENCE, eventMoved); an edit of the text is an update', async () => {
    const { id, participant } = await eventWithPeople()
    const current = (await api.get(`/event/${id}`, { token: owner.token })).body
    const fields = {
      title: current.title,
      description: current.description,
      accessType: current.accessType,
      startDate: current.startDate,
      endDate: current.endDate ?? undefined,
      address: current.address,
      coordinates: current.coordinates,
      categories: current.categories,
      maxParticipants: 1,
    }
    const before = await sequenceOf(id)
    expect((await send(api, 'PUT', `/event/${id}`, { token: owner.token, json: { ...fields, title: 'Renamed' } })).status).toBe(200)
    expect(await sequenceOf(id)).toBe(before)
    expect(await typesOf(participant.id, id)).toContain('updatePost')
    const moved = await send(api, 'PUT', `/event/${id}`, { token: owner.token, json: { ...fields, startDate: future(20), endDate: future(20, 22) } })
    expect(moved.status).toBe(200)
    expect(moved.body.previousStartDate).toBe(current.startDate)
    expect(await sequenceOf(id)).toBe(before + 1)
    expect(await typesOf(participant.id, id)).toContain('eventMoved')
  })
})
