// Check-in at the door (issue 45), on SQLite and PostgreSQL: each participant reads their own code (and the URL
// its QR code holds); the organizer checks people in by code (any case, spaces ignored) or by ticking the name;
// a code works once (a second use says when it was used) and only for its event; the list shows who came;
// a mistake is undone; nobody else checks anyone in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let organizer: TestUser
let people: TestUser[] = []
let eventId = ''
let otherEventId = ''

beforeAll(async () => {
  api = await startTestApi()
  organizer = await makeUser(api)
  people = await makeUsers(api, 3)
  eventId = (await createEvent(api, organizer.token, { title: 'Night market' }))._id
  otherEventId = (await createEvent(api, organizer.token, { title: 'Day market' }))._id
  for (const person of people) {
    for (const id of [eventId, otherEventId])
      expect((await send(api, 'PUT', `/event/${id}/participate`, { token: person.token, json: { participate: true } })).status).toBe(200)
  }
})
afterAll(async () => {
  await api?.close()
})

const codeOf = async (user: TestUser, id = eventId) => (await send(api, 'GET', `/event/${id}/checkin/my`, { token: user.token })).body
const checkIn = (body: unknown, token = organizer.token, id = eventId) => send(api, 'POST', `/event/${id}/checkin`, { token, json: body })

describe('check-in codes', () => {
  it('each participant has a six-character code of their own for each event, and the URL its QR code holds', async () => {
    const mine = await codeOf(people[0]!)
    expect(mine.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/)
    expect(mine.url).toBe(`${api.config.webUrl}/event/${eventId}/checkin?code=${mine.code}`)
    expect(mine.checkedInAt).toBeNull()
    const codes = await Promise.all(people.map((p) => codeOf(p)))
    expect(new Set(codes.map((c) => c.code)).size).toBe(people.length)
    // Not a participant: nothing to show.
    const stranger = await makeUser(api)
    expect((await send(api, 'GET', `/event/${eventId}/checkin/my`, { token: stranger.token })).status).toBe(404)
  })
})

describe('at the door', () => {
  it('the organizer checks someone in by code, in any case and with spaces; the code works once', async () => {
    const { code } = await codeOf(people[0]!)
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`
    const first = await checkIn({ code: typed })
    expect(first.status, first.text).toBe(200)
    expect(first.body).toMatchObject({ user: { _id: people[0]!.id }, already: false, came: 1, participants: 3 })
    const again = await checkIn({ code })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ already: true, checkedInAt: first.body.checkedInAt, came: 1 })
    expect((await codeOf(people[0]!)).checkedInAt).toBe(first.body.checkedInAt)
  })

  it('a code works only for its event, and a code nobody holds or a malformed one is refused', async () => {
    // A known code on the other event's seat (the random ones of this event hold it with a chance of 3 in 887 million).
    await api.app.ctx.db.updateTable('post_participants').set({ checkin_code: 'Q7Q7Q7' }).where('post_id', '=', otherEventId).where('user_id', '=', people[1]!.id).execute()
    const held = (await Promise.all(people.map((p) => codeOf(p)))).map((c) => c.code)
    expect(held).not.toContain('Q7Q7Q7')
    const elsewhere = await checkIn({ code: 'Q7Q7Q7' })
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.body.code).toBe('checkinUnknown')
    expect((await checkIn({ code: 'Q7Q7Q7' }, organizer.token, otherEventId)).body).toMatchObject({ user: { _id: people[1]!.id }, already: false })
    const malformed = await checkIn({ code: 'O0I1L' }, organizer.token)
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors.code).toEqual(['Type the six characters of the code (letters and digits).'])
    expect((await checkIn({})).status).toBe(400)
    expect((await checkIn({ code: held[1], userId: people[1]!.id })).status).toBe(400)
  })

  it('ticking a name checks them in too; the list shows who came; a mistake is undone', async () => {
    const ticked = await checkIn({ userId: people[2]!.id })
    expect(ticked.body).toMatchObject({ already: false, came: 2 })
    const roster = await send(api, 'GET', `/event/${eventId}/roster`, { token: organizer.token })
    const came = roster.body.participants.filter((p: { checkedInAt: string | null }) => p.checkedInAt).map((p: { user: { _id: string } }) => p.user._id)
    expect(came.sort()).toEqual([people[0]!.id, people[2]!.id].sort())
    const undone = await send(api, 'DELETE', `/event/${eventId}/checkin/${people[2]!.id}`, { token: organizer.token })
    expect(undone.body).toMatchObject({ user: { _id: people[2]!.id, username: people[2]!.username }, came: 1, participants: 3 })
    expect((await checkIn({ userId: people[2]!.id })).body.already).toBe(false)
    expect((await checkIn({ userId: organizer.id })).status).toBe(404)
  })

  it('nobody but its organizers checks anyone in or undoes it', async () => {
    const { code } = await codeOf(people[1]!)
    for (const user of [people[0]!, await makeUser(api, { role: 'admin' })]) {
      expect((await checkIn({ code }, user.token)).status).toBe(403)
      expect((await send(api, 'DELETE', `/event/${eventId}/checkin/${people[0]!.id}`, { token: user.token })).status).toBe(403)
    }
    expect((await send(api, 'POST', `/event/${eventId}/checkin`, { json: { code } })).status).toBe(401)
    expect((await codeOf(people[1]!)).checkedInAt).toBeNull()
  })
})
