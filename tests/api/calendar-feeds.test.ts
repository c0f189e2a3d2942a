// Calendar feeds (decision 029): the personal feed (secret address, reset), the organizer, place and city
// feeds (RFC 5545) and the city's Atom feed. Every feed is parsed by real parsers (ical.js, fast-xml-parser).
// Rules: what each feed holds (joined and organized events; public feeds only what a visitor may read),
// stable UIDs, SEQUENCE and STATUS:CANCELLED, deleted and rejected events dropping out, the time window and
// the bound, reset killing the old address, 304 on If-None-Match and If-Modified-Since, and 4xx (never 500)
// for bad ids and queries. Runs on SQLite, and on PostgreSQL with TEST_DATABASE=postgres.
import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarFeedUrlSchema } from '#contract'
import type { NewPost } from '../../api/db/schema'
import { startTestApi, type TestApi, type TestResponse } from './helpers'
import { insertPostRow, makeUser, postRow, send, type TestUser } from './events-fixtures'

let api: TestApi

const BELGRADE = { lat: 44.80401, lon: 20.46513 }
const NOVI_SAD = { lat: 45.25167, lon: 19.83694 } // ~70 km from Belgrade
const day = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const HOST = 'web.test' // WEB_URL of the test API: UIDs are <postId>@<web host>

async function insertPost(owner: TestUser, p: Partial<NewPost> & { categories?: string[] } = {}): Promise<string> {
  const id = randomUUID()
  return insertPostRow(api, owner.id, {
    id,
    title: `Event ${id.slice(0, 6)}`,
    description: 'Live music; bring friends, and snacks',
    start_date: iso(Date.now() + 2 * day),
    address: 'Knez Mihailova 1, Belgrade',
    lat: BELGRADE.lat,
    lon: BELGRADE.lon,
    ...p,
  })
}

async function join(user: TestUser, postId: string) {
  await api.app.ctx.db.insertInto('post_participants').values({ post_id: postId, user_id: user.id, created_at: new Date().toISOString() }).execute()
}

/** The path (and query) of a feed URL the API answered. */
const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

async function myFeed(user: TestUser): Promise<string> {
  const res = await api.get('/calendar/me', { token: user.token })
  expect(res.status).toBe(200)
  return pathOf(res.body.url)
}

interface ParsedEvent {
  uid: string
  summary: string
  sequence: number
  status: string
  description: string
  start: string
}

/** Parses with ical.js (throws on anything it cannot read) and checks what calendar apps need. */
function parseIcs(res: TestResponse): { name: string; events: ParsedEvent[]; refresh: string | null } {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  // §3.1: CRLF line ends, no line over 75 octets.
  expect(res.text.endsWith('\r\n')).toBe(true)
  expect(res.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  for (const line of res.text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
  const calendar = new ICAL.Component(ICAL.parse(res.text))
  expect(calendar.name).toBe('vcalendar')
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy()
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    for (const required of ['uid', 'dtstamp', 'dtstart', 'dtend']) expect(vevent.hasProperty(required)).toBe(true)
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
    }
  })
  const refresh = calendar.getFirstPropertyValue('refresh-interval')
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events, refresh: refresh ? String(refresh) : null }
}

const uids = (feed: { events: ParsedEvent[] }) => feed.events.map((e) => e.uid)
const uid = (id: string) => `${id}@${HOST}`

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

describe('the personal feed', () => {
  it('GET /calendar/me needs a token and answers the same secret address until it is reset', async () => {
    expect((await api.get('/calendar/me')).status).toBe(401)
    const user = await makeUser(api)
    const first = await api.get('/calendar/me', { token: user.token })
    expect(first.status).toBe(200)
    expect(calendarFeedUrlSchema.safeParse(first.body).success).toBe(true)
    expect(first.body.url).toMatch(new RegExp(`^${api.config.publicUrl}/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`))
    expect(first.body.webcalUrl).toBe(first.body.url.replace(/^http:\/\//, 'webcal://'))
    expect((await api.get('/calendar/me', { token: user.token })).body.url).toBe(first.body.url)
    // Each user has an address of their own.
    const other = await makeUser(api)
    expect((await api.get('/calendar/me', { token: other.token })).body.url).not.toBe(first.body.url)
  })

  it('lists the events the owner joined or organizes, private ones included, and nothing else', async () => {
    const [me, organizer] = [await makeUser(api), await makeUser(api)]
    const joinedCommon = await insertPost(organizer, { title: 'Jazz, wine; and "friends"' })
    const joinedPrivate = await insertPost(organizer, { access_type: 'PRIVATE', title: 'Private dinner' })
    const organized = await insertPost(me, { access_type: 'SUBSCRIBERS', title: 'My own meetup' })
    const notJoined = await insertPost(organizer, { title: 'Not mine' })
    const place = await insertPost(organizer, { event_type: 'PLACE', start_date: null, title: 'A café' })
    await join(me, joinedPrivate)
    // Joining through the API, as the web and the app do.
    expect((await send(api, 'PUT', `/event/${joinedCommon}/participate`, { token: me.token, json: { participate: true } })).status).toBe(200)
    await join(me, place).catch(() => undefined)

    const feed = parseIcs(await api.get(await myFeed(me)))
    expect(feed.name).toBe('Nearby: my events')
    expect(feed.refresh).toBe('PT30M')
    expect(uids(feed).sort()).toEqual([uid(joinedCommon), uid(joinedPrivate), uid(organized)].sort())
    expect(uids(feed)).not.toContain(uid(notJoined))
    const jazz = feed.events.find((e) => e.uid === uid(joinedCommon))!
    expect(jazz.summary).toBe('Jazz, wine; and "friends"')
    expect(jazz.description).toContain(`http://web.test/event/${joinedCommon}`)
    expect(jazz.status).toBe('CONFIRMED')
    expect(jazz.sequence).toBe(0)
    // Soonest first.
    expect(feed.events.map((e) => e.start)).toEqual([...feed.events.map((e) => e.start)].sort())
  })

  it('names itself in the language asked for', async () => {
    const me = await makeUser(api)
    const path = await myFeed(me)
    expect(parseIcs(await api.get(path, { lang: 'ru' })).name).toBe('Nearby: мои события')
    expect(parseIcs(await api.get(`${path}?lang=ru`)).name).toBe('Nearby: мои события')
    expect((await api.get(`${path}?lang=xx`)).status).toBe(400)
  })

  it('keeps UIDs and bytes stable across requests, and shows SEQUENCE and STATUS:CANCELLED after a change', async () => {
    const me = await makeUser(api)
    const id = await insertPost(me)
    const path = await myFeed(me)
    const first = await api.get(path)
    const second = await api.get(path)
    expect(second.text).toBe(first.text)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(uids(parseIcs(first))).toEqual([uid(id)])

    // Another part of the product cancels the event: sequence + 1, cancelled_at, a message, updated_at.
    const later = new Date(Date.now() + 5_000).toISOString()
    await api.app.ctx.db
      .updateTable('posts')
      .set({ sequence: 2, cancelled_at: later, cancel_message: 'The band is ill', updated_at: later })
      .where('id', '=', id)
      .execute()
    const third = await api.get(path)
    const event = parseIcs(third).events[0]!
    expect(event.uid).toBe(uid(id))
    expect(event.sequence).toBe(2)
    expect(event.status).toBe('CANCELLED')
    expect(event.description).toContain('Cancelled: The band is ill')
    expect(third.headers.get('etag')).not.toBe(first.headers.get('etag'))
    expect(Date.parse(third.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(first.headers.get('last-modified')!))

    // Moved: new dates and SEQUENCE 3.
    const newStart = iso(Date.now() + 9 * day)
    await api.app.ctx.db.updateTable('posts').set({ sequence: 3, cancelled_at: null, start_date: newStart, rescheduled_at: later }).where('id', '=', id).execute()
    const moved = parseIcs(await api.get(path)).events[0]!
    expect(moved).toMatchObject({ uid: uid(id), sequence: 3, status: 'CONFIRMED', start: newStart.replace(/\.\d{3}Z$/, '.000Z') })
  })

  it('drops deleted and rejected events and those of deactivated organizers', async () => {
    const [me, organizer, gone] = [await makeUser(api), await makeUser(api), await makeUser(api)]
    const deleted = await insertPost(organizer)
    const rejected = await insertPost(organizer)
    const ownRejected = await insertPost(me, { moderation_status: 'REJECTED' })
    const byGone = await insertPost(gone)
    const kept = await insertPost(organizer)
    for (const id of [deleted, rejected, byGone, kept]) await join(me, id)
    await api.app.ctx.db.updateTable('posts').set({ post_status: 'DELETED' }).where('id', '=', deleted).execute()
    await api.app.ctx.db.updateTable('posts').set({ moderation_status: 'REJECTED' }).where('id', '=', rejected).execute()
    await api.app.ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', gone.id).execute()
    const feed = parseIcs(await api.get(await myFeed(me)))
    expect(uids(feed)).toEqual([uid(kept)])
    expect(uids(feed)).not.toContain(uid(ownRejected))
  })

  it('holds events that ended up to 30 days ago, and at most 300 events, upcoming ones first', async () => {
    const me = await makeUser(api)
    const recent = await insertPost(me, { start_date: iso(Date.now() - 10 * day) })
    const old = await insertPost(me, { start_date: iso(Date.now() - 40 * day) })
    const longRunning = await insertPost(me, { start_date: iso(Date.now() - 60 * day), end_date: iso(Date.now() + day) })
    const undated = await insertPost(me, { start_date: null })
    let feed = parseIcs(await api.get(await myFeed(me)))
    expect(uids(feed).sort()).toEqual([uid(recent), uid(longRunning)].sort())
    expect(uids(feed)).not.toContain(uid(old))
    expect(uids(feed)).not.toContain(uid(undated))

    // 310 upcoming events: the feed keeps 300, the soonest, and the past one goes first.
    const rows = Array.from({ length: 310 }, (_, i) =>
      postRow(me.id, { title: `Bulk ${i}`, description: '', start_date: iso(Date.now() + (i + 1) * 3_600_000), lat: 0, lon: 0 }),
    )
    for (let i = 0; i < rows.length; i += 50) await api.app.ctx.db.insertInto('posts').values(rows.slice(i, i + 50)).execute()
    feed = parseIcs(await api.get(await myFeed(me)))
    expect(feed.events).toHaveLength(300)
    expect(uids(feed)).toContain(uid(longRunning))
    expect(uids(feed)).toContain(uid(rows[0]!.id))
    expect(uids(feed)).not.toContain(uid(rows[309]!.id))
    expect(uids(feed)).not.toContain(uid(recent))
  })

  it('reset gives a new address and the old one answers 404 at once', async () => {
    const me = await makeUser(api)
    const id = await insertPost(me)
    const oldPath = await myFeed(me)
    expect(uids(parseIcs(await api.get(oldPath)))).toEqual([uid(id)])
    expect((await api.post('/calendar/me/reset')).status).toBe(401)
    const reset = await api.post('/calendar/me/reset', undefined, { token: me.token })
    expect(reset.status).toBe(200)
    expect(calendarFeedUrlSchema.safeParse(reset.body).success).toBe(true)
    const newPath = pathOf(reset.body.url)
    expect(newPath).not.toBe(oldPath)
    const gone = await api.get(oldPath)
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ message: 'Not found.', errors: {} })
    expect(uids(parseIcs(await api.get(newPath)))).toEqual([uid(id)])
    expect(await myFeed(me)).toBe(newPath)
  })

  it('answers 404 for unknown tokens and for a deactivated owner', async () => {
    expect((await api.get(`/calendar/feed/${'A'.repeat(43)}.ics`)).status).toBe(404)
    expect((await api.get('/calendar/feed/.ics')).status).toBe(404)
    const me = await makeUser(api)
    const path = await myFeed(me)
    await api.app.ctx.db.updateTable('users').set({ deletion_requested_at: new Date().toISOString() }).where('id', '=', me.id).execute()
    expect((await api.get(path)).status).toBe(404)
  })

  it('is private to caches', async () => {
    const me = await makeUser(api)
    const res = await api.get(await myFeed(me))
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
  })
})

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

describe('conditional requests', () => {
  const feeds = async () => {
    const organizer = await makeUser(api)
    const place = await insertPost(organizer, { event_type: 'PLACE', start_date: null })
    await insertPost(organizer)
    return [await myFeed(organizer), `/calendar/organizer/${organizer.id}.ics`, `/calendar/place/${place}.ics`, '/calendar/city.ics?categories=concerts', '/calendar/city.atom']
  }

  it('answers 304 without a body to If-None-Match and If-Modified-Since', async () => {
    for (const path of await feeds()) {
      const first = await api.get(path)
      expect(first.status, path).toBe(200)
      const etag = first.headers.get('etag')!
      const lastModified = first.headers.get('last-modified')!
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/)
      expect(Number.isNaN(Date.parse(lastModified)), path).toBe(false)

      const byEtag = await api.get(path, { headers: { 'if-none-match': etag } })
      expect(byEtag.status, path).toBe(304)
      expect(byEtag.text).toBe('')
      expect(byEtag.headers.get('etag')).toBe(etag)
      expect((await api.get(path, { headers: { 'if-none-match': `"other", W/${etag}` } })).status, path).toBe(304)
      expect((await api.get(path, { headers: { 'if-none-match': '"other"' } })).status, path).toBe(200)

      const byDate = await api.get(path, { headers: { 'if-modified-since': lastModified } })
      expect(byDate.status, path).toBe(304)
      expect(byDate.text).toBe('')
      const older = new Date(Date.parse(lastModified) - 60_000).toUTCString()
      expect((await api.get(path, { headers: { 'if-modified-since': older } })).status, path).toBe(200)
      expect((await api.get(path, { headers: { 'if-modified-since': 'yesterday-ish' } })).status, path).toBe(200)
      // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
      expect((await api.get(path, { headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified } })).status, path).toBe(200)
    }
  })

  it('a change ends the 304s', async () => {
    const organizer = await makeUser(api)
    const id = await insertPost(organizer)
    const path = `/calendar/organizer/${organizer.id}.ics`
    const first = await api.get(path)
    const later = new Date(Date.now() + 2_000).toISOString()
    await api.app.ctx.db.updateTable('posts').set({ title: 'New title', sequence: 1, updated_at: later }).where('id', '=', id).execute()
    const etag = await api.get(path, { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(etag.status).toBe(200)
    expect(parseIcs(etag).events[0]).toMatchObject({ summary: 'New title', sequence: 1 })
    expect((await api.get(path, { headers: { 'if-modified-since': first.headers.get('last-modified')! } })).status).toBe(200)
    // A deletion moves Last-Modified as well (the feed considers removed posts too).
    const second = await api.get(path)
    const deletedAt = new Date(Date.now() + 4_000).toISOString()
    await api.app.ctx.db.updateTable('posts').set({ post_status: 'DELETED', updated_at: deletedAt }).where('id', '=', id).execute()
    const after = await api.get(path, { headers: { 'if-modified-since': second.headers.get('last-modified')! } })
    expect(after.status).toBe(200)
    expect(parseIcs(after).events).toHaveLength(0)
  })
})

describe('bad input', () => {
  it('answers 4xx, never 500, for bad ids and queries', async () => {
    const long = 'x'.repeat(150)
    // [path, status, answered by the router itself (Fastify's body, as on every route)]
    const cases: [string, number, 'router'?][] = [
      [`/calendar/organizer/${long}.ics`, 400],
      [`/calendar/place/${long}.ics`, 400],
      [`/calendar/feed/${long}.ics`, 400],
      // Longer than any route parameter may be.
      [`/calendar/feed/${'x'.repeat(5000)}.ics`, 414, 'router'],
      ['/calendar/organizer/%00.ics', 400],
      ['/calendar/place/%E0%A4%A.ics', 400, 'router'],
      ['/calendar/feed/%00abc.ics', 400],
      ['/calendar/organizer/nobody.ics', 404],
      ['/calendar/place/..%2F..%2Fetc.ics', 404],
      ['/calendar/feed/abc', 404],
      ['/calendar/city.ics?categories=', 200],
      [`/calendar/city.ics?city=${'a'.repeat(300)}`, 400],
      ['/calendar/city.ics?city=%00', 400],
      ['/calendar/city.ics?city=Belgrade&country=ZZ', 404],
      ['/calendar/city.ics?lang=de', 400],
      ['/calendar/city.atom?categories=a,b,c', 400],
      ['/calendar/city.atom?city=', 200],
      [`/calendar/city.atom?categories=${Array(40).fill('kids').join(',')}`, 400],
    ]
    for (const [path, status, router] of cases) {
      const res = await api.get(path)
      const label = path.slice(0, 80)
      expect(res.status, label).toBe(status)
      if (status >= 400 && !router) expect(res.body, label).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    }
    const post = await api.post('/calendar/me/reset', { anything: true }, { token: (await makeUser(api)).token })
    expect(post.status).toBeLessThan(500)
  })
})
