// Events online and hybrid (issue 43) through the real API on SQLite or PostgreSQL: the link to take part is for
// participants, the organizer and moderators (everyone only when the organizer shows it on a public event); places
// are always in person; an edit from a client that does not know the fields keeps them; the list's Online filter;
// the feeds say "Online" and carry the link only to whom it belongs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarFixtures, parseIcs } from './calendar-fixtures'
import { baseEvent, createEvent, eventForm, makeUser, placeFields, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let organizer: TestUser
let participant: TestUser
let stranger: TestUser
let moderator: TestUser
const LINK = 'https://meet.example.org/river-talk'
const { myFeed } = calendarFixtures(() => api)

beforeAll(async () => {
  api = await startTestApi()
  ;[organizer, participant, stranger, moderator] = await Promise.all([makeUser(api), makeUser(api), makeUser(api), makeUser(api, { role: 'admin' })])
})
afterAll(async () => {
  await api?.close()
})

const read = async (id: string, user?: TestUser) => (await api.get(`/event/${id}`, user ? { token: user.token } : {})).body

describe('events online', () => {
  it('shows the link to participants, the organizer and moderators only; everyone else learns there is one', async () => {
    const event = await createEvent(api, organizer.token, { title: 'River talk online', attendanceMode: 'ONLINE', onlineUrl: LINK })
    expect(event).toMatchObject({ attendanceMode: 'ONLINE', onlineUrl: LINK, hasOnlineUrl: true, onlineUrlPublic: false })
    for (const viewer of [stranger, undefined]) expect(await read(event._id, viewer)).toMatchObject({ onlineUrl: null, hasOnlineUrl: true })
    expect((await read(event._id, moderator)).onlineUrl).toBe(LINK)
    expect((await send(api, 'PUT', `/event/${event._id}/participate`, { token: participant.token, json: { participate: true } })).status).toBe(200)
    expect((await read(event._id, participant)).onlineUrl).toBe(LINK)
    // Lists are read by everyone: no link on a card for a stranger.
    const list = await api.get('/event/all?city=Belgrade&online=true', { token: stranger.token })
    const card = list.body.events.find((e: { _id: string }) => e._id === event._id)
    expect(card).toMatchObject({ attendanceMode: 'ONLINE', onlineUrl: null })
  })

  it('shows the link to everyone when the organizer asks, on a public event only', async () => {
    const open = await createEvent(api, organizer.token, { title: 'Open stream', attendanceMode: 'HYBRID', onlineUrl: LINK, onlineUrlPublic: true })
    expect(await read(open._id)).toMatchObject({ attendanceMode: 'HYBRID', onlineUrl: LINK, onlineUrlPublic: true })
    const closed = await createEvent(api, organizer.token, { title: 'Closed stream', accessType: 'PRIVATE', attendanceMode: 'ONLINE', onlineUrl: LINK, onlineUrlPublic: true })
    expect(closed.onlineUrlPublic).toBe(false)
    const refused = await api.get(`/event/${closed._id}`, { token: stranger.token })
    expect(refused.status).toBe(403)
    expect(refused.text).not.toContain(LINK)
  })

  it('keeps places in person, drops a link of an event in person, and refuses bad values', async () => {
    const place = await createEvent(api, moderator.token, { ...placeFields({ title: 'Hall online?' }), attendanceMode: 'ONLINE', onlineUrl: LINK })
    expect(place).toMatchObject({ attendanceMode: 'IN_PERSON', onlineUrl: null, hasOnlineUrl: false })
    const inPerson = await createEvent(api, organizer.token, { title: 'Just there', onlineUrl: LINK })
    expect(inPerson).toMatchObject({ attendanceMode: 'IN_PERSON', onlineUrl: null, hasOnlineUrl: false })
    const bad = await send(api, 'POST', '/event', { token: organizer.token, form: eventForm(baseEvent({ attendanceMode: 'SOMETIMES', onlineUrl: 'not a link' })) })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['attendanceMode', 'onlineUrl']))
    expect(bad.body.errors.onlineUrl).toEqual([expect.stringMatching(/link|URL/i)])
    expect((await api.get('/event/all?online=maybe')).status).toBe(400)
  })

  it('an edit without the fields (an older app) keeps them; the web form’s edit changes them', async () => {
    const event = await createEvent(api, organizer.token, { title: 'Kept online', attendanceMode: 'HYBRID', onlineUrl: LINK })
    const fields = baseEvent({ title: 'Kept online, renamed' })
    delete fields.accessType
    delete fields.eventType
    const kept = await send(api, 'PUT', `/event/${event._id}`, { token: organizer.token, form: eventForm(fields) })
    expect(kept.status, kept.text).toBe(200)
    expect(kept.body).toMatchObject({ title: 'Kept online, renamed', attendanceMode: 'HYBRID', onlineUrl: LINK })
    const changed = await send(api, 'PUT', `/event/${event._id}`, { token: organizer.token, form: eventForm({ ...fields, attendanceMode: 'IN_PERSON', onlineUrl: '' }) })
    expect(changed.body).toMatchObject({ attendanceMode: 'IN_PERSON', onlineUrl: null, hasOnlineUrl: false })
  })

  it('the Online filter lists events people can take part in online', async () => {
    const list = await api.get('/event/all?city=Belgrade&online=1')
    expect(list.status).toBe(200)
    const modes = new Set(list.body.events.map((e: { attendanceMode: string }) => e.attendanceMode))
    expect([...modes].sort()).toEqual(['HYBRID', 'ONLINE'])
    const all = await api.get('/event/all?city=Belgrade')
    expect(all.body.events.some((e: { attendanceMode: string }) => e.attendanceMode === 'IN_PERSON')).toBe(true)
  })

  it('public feeds say it is online without the link; the participant’s own feed has it', async () => {
    const event = await createEvent(api, organizer.token, { title: 'Feed talk', attendanceMode: 'ONLINE', onlineUrl: LINK, categories: ['education'] })
    const city = await api.get('/calendar/city.ics?categories=education')
    expect(city.text).not.toContain(LINK)
    const publicEvent = parseIcs(city).events.find((e) => e.summary === 'Feed talk')!
    expect(publicEvent.description).toContain('Online')
    expect(city.text).toMatch(/LOCATION:Online\r\n/)
    const atom = await api.get('/calendar/city.atom?categories=education')
    expect(atom.text).toContain('Online')
    expect(atom.text).not.toContain(LINK)
    expect((await send(api, 'PUT', `/event/${event._id}/participate`, { token: participant.token, json: { participate: true } })).status).toBe(200)
    const mine = await api.get(await myFeed(participant))
    expect(mine.text.replace(/\r\n /g, '')).toContain(`CONFERENCE;VALUE=URI;FEATURE=VIDEO:${LINK}`)
    expect(parseIcs(mine).events.find((e) => e.summary === 'Feed talk')!.description).toContain(`Online: ${LINK}`)
  })
})
