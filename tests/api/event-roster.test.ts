// The list for the day (issue 45), on SQLite and PostgreSQL: its organizers (a group's owners, admins and editors
// too) read the participants in the order they took their seats and the waiting list in line, as JSON and as CSV;
// emails only of people who let organizers see them; nobody else reads it; the CSV's header row is in the caller's
// language, its cells quoted by RFC 4180 and never run as formulas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let organizer: TestUser
let eventId = ''
let seated: TestUser[] = []
let waiting: TestUser
const join = (id: string, user: TestUser) => send(api, 'PUT', `/event/${id}/participate`, { token: user.token, json: { participate: true } })

beforeAll(async () => {
  api = await startTestApi()
  organizer = await makeUser(api)
  seated = await makeUsers(api, 2)
  waiting = await makeUser(api)
  eventId = (await createEvent(api, organizer.token, { title: 'Sunset choir', maxParticipants: 2 }))._id
  // The first agrees to show their email to organizers; the second does not. A name a spreadsheet would run.
  expect((await send(api, 'PATCH', '/profile/my', { token: seated[0]!.token, json: { shareEmailWithOrganizers: true } })).body.shareEmailWithOrganizers).toBe(true)
  await api.app.ctx.db.updateTable('users').set({ name: '=HYPERLINK("x")', lastname: 'Smith, Jr.' }).where('id', '=', seated[1]!.id).execute()
  for (const user of seated) expect((await join(eventId, user)).status).toBe(200)
  expect((await send(api, 'PUT', `/event/${eventId}/waitlist`, { token: waiting.token })).status).toBe(200)
})
afterAll(async () => {
  await api?.close()
})

const emailOf = async (user: TestUser) => (await api.app.ctx.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email

describe('the list for the day', () => {
  it('its organizer reads the participants in order and the line, with emails only where the person agreed', async () => {
    const res = await send(api, 'GET', `/event/${eventId}/roster`, { token: organizer.token })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ postId: eventId, title: 'Sunset choir' })
    expect(res.body.participants.map((p: { user: { _id: string } }) => p.user._id)).toEqual(seated.map((u) => u.id))
    expect(res.body.participants[0].email).toBe(await emailOf(seated[0]!))
    expect(res.body.participants[1].email).toBeNull()
    expect(res.body.participants[0].checkedInAt).toBeNull()
    expect(res.body.waiting).toEqual([expect.objectContaining({ user: expect.objectContaining({ _id: waiting.id }), position: 1, email: null })])
  })

  it('nobody else reads it: a participant, a stranger, a moderator (403), a visitor (401)', async () => {
    const moderator = await makeUser(api, { role: 'admin' })
    for (const user of [seated[0]!, await makeUser(api), moderator]) {
      for (const path of ['roster', 'participants.csv']) {
        const res = await send(api, 'GET', `/event/${eventId}/${path}`, { token: user.token })
        expect(res.status, path).toBe(403)
        expect(res.body.code).toBe('notOrganizer')
      }
    }
    expect((await send(api, 'GET', `/event/${eventId}/participants.csv`)).status).toBe(401)
    expect((await send(api, 'GET', `/event/no-such-event/roster`, { token: organizer.token })).status).toBe(404)
  })

  it('as CSV: UTF-8 with a BOM, a header row in the caller’s language, quoted cells, formulas defused', async () => {
    const res = await send(api, 'GET', `/event/${eventId}/participants.csv`, { token: organizer.token, lang: 'ru' })
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="participants-${eventId}.csv"`)
    const bytes = Buffer.from(await (await fetch(`${api.url}/event/${eventId}/participants.csv`, { headers: { authorization: `Bearer ${organizer.token}` } })).arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    // (fetch's text() drops the BOM the bytes above hold.)
    const lines = res.text.split('\r\n')
    expect(lines[0]).toBe('Список,№,Имя,Фамилия,Имя пользователя,Email,С какого времени,Отметка о приходе')
    expect(lines[1]).toMatch(new RegExp(`^Участник,1,[^,]*,[^,]*,${seated[0]!.username},${(await emailOf(seated[0]!))!.replace(/[.+]/g, '\\$&')},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,$`))
    expect(lines[2]).toBe(`Участник,2,"'=HYPERLINK(""x"")","Smith, Jr.",${seated[1]!.username},,${lines[2]!.split(',').at(-2)},`)
    expect(lines[3]).toMatch(new RegExp(`^Лист ожидания,1,[^,]*,[^,]*,${waiting.username},,`))
    expect(lines[4]).toBe('')
    const english = await send(api, 'GET', `/event/${eventId}/participants.csv`, { token: organizer.token, lang: 'en' })
    expect(english.text.split('\r\n')[0]).toBe('List,No.,First name,Last name,Username,Email,Since,Checked in')
  })

  it('a group’s owners, admins and editors read the list of its events; its members do not', async () => {
    const [owner, editor, member] = await makeUsers(api, 3)
    const handle = `choir_${Date.now().toString(36)}`
    expect((await send(api, 'POST', '/groups', { token: owner!.token, json: { handle, name: 'Choir' } })).status).toBe(201)
    for (const [user, role] of [[editor!, 'editor'], [member!, 'member']] as const) {
      const made = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner!.token, json: { who: user.username, role } })
      await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
    }
    const event = await createEvent(api, owner!.token, { title: 'Choir at dusk', group: handle })
    expect((await send(api, 'GET', `/event/${event._id}/roster`, { token: editor!.token })).status).toBe(200)
    expect((await send(api, 'GET', `/event/${event._id}/participants.csv`, { token: editor!.token })).status).toBe(200)
    expect((await send(api, 'GET', `/event/${event._id}/roster`, { token: member!.token })).status).toBe(403)
  })

  it('turning the consent off hides the email again', async () => {
    await send(api, 'PATCH', '/profile/my', { token: seated[0]!.token, json: { shareEmailWithOrganizers: false } })
    const res = await send(api, 'GET', `/event/${eventId}/roster`, { token: organizer.token })
    expect(res.body.participants[0].email).toBeNull()
    expect((await send(api, 'GET', '/profile/my', { token: seated[0]!.token })).body.shareEmailWithOrganizers).toBe(false)
  })
})
