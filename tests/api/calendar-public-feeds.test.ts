// Public calendar feeds (decision 029): an organizer's, a place's and a city's .ics feed (RFC 5545, parsed by
// ical.js) and the city's Atom feed (fast-xml-parser) hold only what a visitor may read — COMMON events, within
// 150 m of a place or 50 km of the city, by category, cancellations marked — with stable ids, and 404 for an
// unknown organizer, place or city. SQLite, and PostgreSQL with TEST_DATABASE=postgres.
import { randomUUID } from 'node:crypto'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { makeUser } from './events-fixtures'
import { calendarFixtures, day, iso, NOVI_SAD, parseIcs, uid, uids } from './calendar-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { insertPost } = calendarFixtures(() => api)

describe('public feeds', () => {
  it("an organizer's feed holds their COMMON events only", async () => {
    const organizer = await makeUser(api)
    const common = await insertPost(organizer, { title: 'Open air' })
    const priv = await insertPost(organizer, { access_type: 'PRIVATE' })
    const subs = await insertPost(organizer, { access_type: 'SUBSCRIBERS' })
    const rejected = await insertPost(organizer, { moderation_status: 'REJECTED' })
    const deleted = await insertPost(organizer, { post_status: 'DELETED' })
    const res = await api.get(`/calendar/organizer/${organizer.id}.ics`)
    const feed = parseIcs(res)
    expect(uids(feed)).toEqual([uid(common)])
    for (const id of [priv, subs, rejected, deleted]) expect(uids(feed)).not.toContain(uid(id))
    expect(feed.name).toMatch(/^Nearby: events by Eve Tester\d+$/)
    expect(feed.refresh).toBe('PT60M')
    expect(res.headers.get('cache-control')).toBe('public, max-age=900')
    // Signed in or not, the same bytes (a signed-in organizer gets no private events here).
    expect((await api.get(`/calendar/organizer/${organizer.id}.ics`, { token: organizer.token })).text).toBe(res.text)
  })

  it("an unknown or deactivated organizer's feed is 404", async () => {
    expect((await api.get(`/calendar/organizer/${randomUUID()}.ics`)).status).toBe(404)
    const organizer = await makeUser(api)
    await insertPost(organizer)
    await api.app.ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', organizer.id).execute()
    expect((await api.get(`/calendar/organizer/${organizer.id}.ics`)).status).toBe(404)
  })

  it("a place's feed holds the public events within 150 m of it", async () => {
    const organizer = await makeUser(api)
    const spot = { lat: 44.7, lon: 20.3 }
    const place = await insertPost(organizer, { event_type: 'PLACE', start_date: null, title: 'Riverside Café', ...spot })
    const at = await insertPost(organizer, { lat: spot.lat + 0.001, lon: spot.lon }) // ~111 m
    const away = await insertPost(organizer, { lat: spot.lat + 0.01, lon: spot.lon }) // ~1.1 km
    const priv = await insertPost(organizer, { access_type: 'PRIVATE', ...spot })
    const feed = parseIcs(await api.get(`/calendar/place/${place}.ics`))
    expect(feed.name).toBe('Nearby: events at Riverside Café')
    expect(uids(feed)).toEqual([uid(at)])
    for (const id of [away, priv, place]) expect(uids(feed)).not.toContain(uid(id))
    // Not a place, or a removed place: 404.
    expect((await api.get(`/calendar/place/${at}.ics`)).status).toBe(404)
    expect((await api.get(`/calendar/place/${randomUUID()}.ics`)).status).toBe(404)
    await api.app.ctx.db.updateTable('posts').set({ post_status: 'DELETED' }).where('id', '=', place).execute()
    expect((await api.get(`/calendar/place/${place}.ics`)).status).toBe(404)
  })

  it("a city's feed: the list's city and 50 km, categories, cancellations, visitors' view only", async () => {
    const organizer = await makeUser(api)
    const concert = await insertPost(organizer, { categories: ['concerts'] })
    const kids = await insertPost(organizer, { categories: ['kids'] })
    const priv = await insertPost(organizer, { access_type: 'PRIVATE', categories: ['concerts'] })
    const noviSad = await insertPost(organizer, { ...NOVI_SAD, categories: ['concerts'] })
    const cancelled = await insertPost(organizer, { cancelled_at: new Date().toISOString(), sequence: 1 })

    const belgrade = parseIcs(await api.get('/calendar/city.ics'))
    expect(belgrade.name).toBe('Nearby: events in Belgrade')
    expect(uids(belgrade)).toEqual(expect.arrayContaining([uid(concert), uid(kids), uid(cancelled)]))
    for (const id of [priv, noviSad]) expect(uids(belgrade)).not.toContain(uid(id))
    expect(belgrade.events.find((e) => e.uid === uid(cancelled))).toMatchObject({ status: 'CANCELLED', sequence: 1 })
    expect((await api.get('/calendar/city.ics?city=Belgrade&country=RS')).text).toBe((await api.get('/calendar/city.ics')).text)

    const concerts = parseIcs(await api.get('/calendar/city.ics?city=belgrade&categories=concerts'))
    expect(concerts.name).toBe('Nearby: events in Belgrade (concerts)')
    expect(uids(concerts)).toContain(uid(concert))
    for (const id of [kids, priv, noviSad]) expect(uids(concerts)).not.toContain(uid(id))
    const both = parseIcs(await api.get('/calendar/city.ics?categories=concerts&categories=kids'))
    expect(uids(both)).toEqual(expect.arrayContaining([uid(concert), uid(kids)]))

    const ns = parseIcs(await api.get(`/calendar/city.ics?city=${encodeURIComponent('Нови Сад')}`, { lang: 'ru' }))
    expect(uids(ns)).toContain(uid(noviSad))
    expect(uids(ns)).not.toContain(uid(concert))
    expect(ns.name).toMatch(/^Nearby: события в городе /)
  })

  it('an unknown city is 404 cityNotFound and a bad category 400', async () => {
    const unknown = await api.get('/calendar/city.ics?city=Qwxzzyqv')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'cityNotFound', errors: { city: [expect.any(String)] } })
    const bad = await api.get('/calendar/city.ics?categories=concerts,nonsense')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)[0]).toMatch(/categories/)
    expect((await api.get('/calendar/city.atom?city=Qwxzzyqv')).status).toBe(404)
  })
})

describe("a city's Atom feed", () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'category'].includes(name) })
  type Entry = { id: string; title: string; updated: string; link: { '@href': string }[]; category?: { '@term': string }[]; summary: { '#text': string } }

  async function atom(query = '') {
    const res = await api.get(`/calendar/city.atom${query}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(XMLValidator.validate(res.text)).toBe(true)
    const doc = parser.parse(res.text) as { feed: { '@xmlns': string; id: string; title: string; updated: string; link: { '@rel': string; '@href': string }[]; entry?: Entry[] } }
    expect(doc.feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    for (const field of ['id', 'title', 'updated'] as const) expect(doc.feed[field]).toBeTruthy()
    return { res, feed: doc.feed, entries: doc.feed.entry ?? [] }
  }

  it("lists the city's upcoming public events with stable ids, soonest first", async () => {
    const organizer = await makeUser(api)
    const soon = await insertPost(organizer, { title: 'Tom & Jerry <live>', start_date: iso(Date.now() + day), categories: ['concerts'] })
    const later = await insertPost(organizer, { start_date: iso(Date.now() + 3 * day) })
    const past = await insertPost(organizer, { start_date: iso(Date.now() - 2 * day) })
    const priv = await insertPost(organizer, { access_type: 'PRIVATE' })
    const cancelled = await insertPost(organizer, { cancelled_at: new Date().toISOString(), cancel_message: 'Rain' })
    const { feed, entries } = await atom()
    const ids = entries.map((e) => e.id)
    const url = (id: string) => `http://web.test/event/${id}`
    expect(ids).toEqual(expect.arrayContaining([url(soon), url(later), url(cancelled)]))
    expect(ids.indexOf(url(soon))).toBeLessThan(ids.indexOf(url(later)))
    for (const id of [past, priv]) expect(ids).not.toContain(url(id))
    const entry = entries.find((e) => e.id === url(soon))!
    expect(entry.title).toBe('Tom & Jerry <live>')
    expect(entry.link[0]!['@href']).toBe(url(soon))
    expect(entry.category?.map((c) => c['@term'])).toEqual(['concerts'])
    expect(entries.find((e) => e.id === url(cancelled))!.title).toMatch(/^Cancelled: /)
    expect(feed.title).toBe('Nearby: events in Belgrade')
    expect(feed.link.find((l) => l['@rel'] === 'self')!['@href']).toBe(`${api.config.publicUrl}/calendar/city.atom`)
    // Stable across requests.
    expect((await atom()).entries.map((e) => e.id)).toEqual(ids)
  })

  it('takes the same categories and city as the .ics feed', async () => {
    const organizer = await makeUser(api)
    const kids = await insertPost(organizer, { categories: ['kids'] })
    const other = await insertPost(organizer, { categories: ['sport'] })
    const { entries, feed } = await atom('?city=Belgrade&categories=kids&lang=ru')
    const ids = entries.map((e) => e.id)
    expect(ids).toContain(`http://web.test/event/${kids}`)
    expect(ids).not.toContain(`http://web.test/event/${other}`)
    expect(feed.title).toBe('Nearby: события в городе Белград (kids)')
  })
})
