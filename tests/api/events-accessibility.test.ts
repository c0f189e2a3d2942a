// Accessibility details of places and events (issue 43) through the real API on SQLite or PostgreSQL: features and a
// note are kept and answered in a fixed order; unknown features and a too long note are refused; the lists keep the
// posts with every feature asked for; an edit without the fields (an older app) keeps them, an empty list clears them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseEvent, createEvent, eventForm, makeUser, placeFields, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let organizer: TestUser
let admin: TestUser

beforeAll(async () => {
  api = await startTestApi()
  ;[organizer, admin] = await Promise.all([makeUser(api), makeUser(api, { role: 'admin' })])
})
afterAll(async () => {
  await api?.close()
})

const ids = (res: { body: { events: { _id: string }[] } }) => res.body.events.map((e) => e._id)

describe('accessibility details', () => {
  it('keeps the features in their order and the note, on events and places', async () => {
    const event = await createEvent(api, organizer.token, { title: 'Step-free concert', accessibility: 'hearingLoop,stepFree,stepFree', accessibilityNote: 'Ramp at the side door.' })
    expect(event).toMatchObject({ accessibility: ['stepFree', 'hearingLoop'], accessibilityNote: 'Ramp at the side door.' })
    const place = await createEvent(api, admin.token, { ...placeFields({ title: 'Quiet library' }), accessibility: ['quietSpace', 'seating'] })
    expect(place).toMatchObject({ accessibility: ['quietSpace', 'seating'], accessibilityNote: null })
    const plain = await createEvent(api, organizer.token, { title: 'No details' })
    expect(plain).toMatchObject({ accessibility: [], accessibilityNote: null })
  })

  it('refuses an unknown feature and a note over 500 characters', async () => {
    const bad = await send(api, 'POST', '/event', { token: organizer.token, form: eventForm(baseEvent({ accessibility: 'stairsOnly', accessibilityNote: 'x'.repeat(501) })) })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['accessibility.0', 'accessibilityNote', 'files'])
    expect((await api.get('/event/all?accessibility=stairsOnly')).status).toBe(400)
  })

  it('the lists keep the posts with every feature asked for', async () => {
    const both = await createEvent(api, organizer.token, { title: 'Loop and ramp', accessibility: ['stepFree', 'hearingLoop'] })
    const one = await createEvent(api, organizer.token, { title: 'Ramp only', accessibility: ['stepFree'] })
    const stepFree = await api.get('/event/all?city=Belgrade&accessibility=stepFree')
    expect(ids(stepFree)).toEqual(expect.arrayContaining([both._id, one._id]))
    expect(stepFree.body.events.every((e: { accessibility: string[] }) => e.accessibility.includes('stepFree'))).toBe(true)
    const bothAsked = await api.get('/event/all?city=Belgrade&accessibility=stepFree&accessibility=hearingLoop')
    expect(ids(bothAsked)).toContain(both._id)
    expect(ids(bothAsked)).not.toContain(one._id)
    const places = await api.get('/event/all?city=Belgrade&eventType=PLACE&accessibility=quietSpace')
    expect(places.body.events.map((e: { title: string }) => e.title)).toContain('Quiet library')
  })

  it('an edit without the fields keeps them; an empty list clears them', async () => {
    const event = await createEvent(api, organizer.token, { title: 'Kept access', accessibility: ['signLanguage'], accessibilityNote: 'Interpreter on stage.' })
    const fields = baseEvent({ title: 'Kept access, renamed' })
    delete fields.accessType
    delete fields.eventType
    const kept = await send(api, 'PUT', `/event/${event._id}`, { token: organizer.token, form: eventForm(fields) })
    expect(kept.status, kept.text).toBe(200)
    expect(kept.body).toMatchObject({ accessibility: ['signLanguage'], accessibilityNote: 'Interpreter on stage.' })
    const cleared = await send(api, 'PUT', `/event/${event._id}`, { token: organizer.token, form: eventForm({ ...fields, accessibility: [], accessibilityNote: '' }) })
    expect(cleared.body).toMatchObject({ accessibility: [], accessibilityNote: null })
  })
})
