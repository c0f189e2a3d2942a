// Calendar sources (issue 42) through the real API on SQLite or PostgreSQL, against feeds served on loopback by
// a calendar publisher that honours conditional GET: the first import, a second sync that changes nothing, moves,
// cancellations and removals, places found by the geocoder or the source's default, refusals, and who may see,
// change, trust, pause and sync a source.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'
import { startFakeNominatim, type FakeNominatim } from '../support/nominatim'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { createSourcesService } from '../../api/modules/sources/service'

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/calendars', name), 'utf8')
const clock = { now: new Date('2026-03-20T12:00:00Z') }
let api: TestApi
let feeds: CalendarServer
let geo: FakeNominatim
let owner: TestUser
let moderator: TestUser

beforeAll(async () => {
  feeds = await startCalendarServer()
  geo = await startFakeNominatim()
  api = await startTestApi(
    { TIME_ZONE: 'Europe/Belgrade', ALLOW_PRIVATE_ADDRESSES: 'true', GEOCODER_URL: geo.url, GEOCODER_MIN_INTERVAL_MS: '0' },
    undefined,
    { clock: () => clock.now },
  )
  owner = await makeUser(api)
  moderator = await makeUser(api, { role: 'admin' })
})
afterAll(async () => {
  await api?.close()
  await feeds?.close()
  await geo?.close()
})
beforeEach(() => {
  clock.now = new Date('2026-03-20T12:00:00Z')
})

let feedSeq = 0
/** A fresh feed path with this body. */
function serve(body: string, options: { contentType?: string; unconditional?: boolean } = {}): string {
  const feedPath = `/calendar-${++feedSeq}.ics`
  feeds.feeds.set(feedPath, { body, ...options })
  return feeds.url + feedPath
}

async function importedEvents(sourceId: string) {
  return api.app.ctx.db
    .selectFrom('posts')
    .select(['id', 'title', 'start_date', 'end_date', 'cancelled_at', 'post_status', 'previous_start_date', 'moderation_status', 'source_key', 'address', 'lat', 'lon'])
    .where('source_id', '=', sourceId)
    .orderBy('start_date')
    .execute()
}

describe('importing an iCalendar feed', () => {
  it('POST /sources imports its events as the owner’s, and says what it skipped', async () => {
    const url = serve(fixture('google.ics'))
    const res = await send(api, 'POST', '/sources', { token: owner.token, json: { url, categories: ['concerts'] } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ url, name: 'Jazz club', lastOutcome: 'OK', lastError: null, owner: { _id: owner.id }, categories: ['concerts'] })
    const events = await importedEvents(res.body.id)
    // 8 weekly dates in the window (9 April excluded), the festival, the cancelled talk.
    expect(res.body.counts).toEqual({ new: events.length, changed: 0, cancelled: 0, removed: 0 })
    expect(events.filter((e) => e.title.startsWith('Jam session')).length).toBeGreaterThanOrEqual(7)
    expect(res.body.skipped).toEqual([{ ref: 'untitled@google.com', reason: 'Skipped: it has no title.' }])
    expect(res.body.eventCount).toBe(events.length)
    // The owner's own events, in the review queue like any new event.
    const mine = await send(api, 'GET', '/event/my?limit=50', { token: owner.token })
    expect(mine.status).toBe(200)
    const titles = mine.body.events.map((e: { title: string }) => e.title)
    expect(titles).toContain('Spring festival')
    expect(events.every((e) => e.moderation_status === 'PENDING')).toBe(true)
    const festival = events.find((e) => e.title === 'Spring festival')!
    expect([festival.lon, festival.lat]).toEqual([20.4569, 44.8176])
    expect(events.find((e) => e.title === 'Talk on city gardens')?.cancelled_at).not.toBeNull()
  })

  it('a second sync asks with the ETag and changes nothing; without ETags the same feed changes nothing either', async () => {
    const url = serve(fixture('google.ics'))
    const created = await send(api, 'POST', '/sources', { token: owner.token, json: { url } })
    const before = await importedEvents(created.body.id)
    const again = await send(api, 'POST', `/sources/${created.body.id}/sync`, { token: owner.token })
    expect(again.status).toBe(200)
    expect(again.body.lastOutcome).toBe('NOT_MODIFIED')
    const feedPath = new URL(url).pathname
    expect(feeds.requests.filter((r) => r.path === feedPath).map((r) => r.status)).toEqual([200, 304])
    expect(feeds.requests.at(-1)?.ifNoneMatch).toMatch(/^"/)

    const plain = serve(fixture('google.ics'), { unconditional: true })
    const other = await send(api, 'POST', '/sources', { token: owner.token, json: { url: plain } })
    const resynced = await send(api, 'POST', `/sources/${other.body.id}/sync`, { token: owner.token })
    expect(resynced.body).toMatchObject({ lastOutcome: 'OK', counts: { new: 0, changed: 0, cancelled: 0, removed: 0 } })
    expect(await importedEvents(created.body.id)).toEqual(before)
  })
})

describe('photos', () => {
  it('stores an event’s ATTACH images as its photos through the image pipeline; one that is no image is left out', async () => {
    feeds.feeds.set('/poster.jpg', { body: await jpeg(), contentType: 'image/jpeg' })
    feeds.feeds.set('/not-a-photo.jpg', { body: 'hello', contentType: 'image/jpeg' })
    const body = [
      'BEGIN:VCALENDAR', 'VERSION:2.0',
      'BEGIN:VEVENT', 'UID:poster', 'DTSTAMP:20260301T120000Z', 'DTSTART:20260402T170000Z', 'SUMMARY:With a poster', 'GEO:44.8;20.4',
      `ATTACH;FMTTYPE=image/jpeg:${feeds.url}/poster.jpg`, `ATTACH;FMTTYPE=image/jpeg:${feeds.url}/not-a-photo.jpg`, 'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n')
    const res = await send(api, 'POST', '/sources', { token: owner.token, json: { url: serve(body) } })
    const [event] = await importedEvents(res.body.id)
    const page = await send(api, 'GET', `/event/${event!.id}`, { token: owner.token })
    expect(page.body.images).toHaveLength(1)
    const photo = await fetch(api.url + new URL(page.body.images[0].url).pathname)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toMatch(/^image\//)
  })
})

describe('a web page', () => {
  it('imports the schema.org Events of an event page, named by its title', async () => {
    const url = serve(fixture('event-page-jsonld.html'), { contentType: 'text/html; charset=utf-8' })
    const res = await send(api, 'POST', '/sources', { token: owner.token, json: { url } })
    expect(res.body).toMatchObject({ lastOutcome: 'OK', name: 'Summer Jazz Festival – Belgrade Jazz Society', counts: { new: 2 } })
    const events = await importedEvents(res.body.id)
    expect(events.map((e) => [e.title, e.cancelled_at !== null])).toEqual([
      ['Summer Jazz Festival', false],
      ['Workshop for kids', true],
    ])
  })
})

describe('another Nearby', () => {
  it('imports an organizer’s public feed from another Nearby with its place and categories', async () => {
    const other = await startTestApi()
    try {
      const organizer = await makeUser(other)
      const event = await createEvent(other, organizer.token, { title: 'Jazz on the other site' })
      const url = `${other.url}/calendar/organizer/${organizer.id}.ics`
      const res = await send(api, 'POST', '/sources', { token: owner.token, json: { url } })
      expect(res.body).toMatchObject({ lastOutcome: 'OK', counts: { new: 1 }, skipped: [] })
      const [imported] = await importedEvents(res.body.id)
      expect(imported).toMatchObject({ title: 'Jazz on the other site', start_date: event.startDate, end_date: event.endDate })
      const page = await send(api, 'GET', `/event/${imported!.id}`, { token: owner.token })
      expect(page.body.categories).toEqual(['concerts'])
      expect(page.body.location.coordinates).toEqual([20.46, 44.81])
    } finally {
      await other.close()
    }
  })
})

describe('keeping in sync', () => {
  it('moves a changed event (participants told), cancels one marked cancelled, and takes out what left the feed', async () => {
    const text = fixture('google.ics')
    const url = serve(text)
    const created = await send(api, 'POST', '/sources', { token: owner.token, json: { url } })
    const events = await importedEvents(created.body.id)
    const festival = events.find((e) => e.title === 'Spring festival')!
    const firstJam = events.find((e) => e.title === 'Jam session')!
    // Someone plans to go to the festival and to the first jam session (stored as joining stores it: the API's
    // join checks the wall clock, which is past these March dates).
    const guest = await makeUser(api)
    await api.app.ctx.db
      .insertInto('post_participants')
      .values([festival.id, firstJam.id].map((id) => ({ post_id: id, user_id: guest.id, created_at: clock.now.toISOString() })))
      .execute()
    const changed = text
      // The festival moves a day later.
      .replace('DTSTART;VALUE=DATE:20260410', 'DTSTART;VALUE=DATE:20260411')
      .replace('DTEND;VALUE=DATE:20260413', 'DTEND;VALUE=DATE:20260414')
      // The weekly rule starts after the first date: it leaves the feed (a participant: cancelled).
      .replace('EXDATE;TZID=Europe/Belgrade:20260409T190000', 'EXDATE;TZID=Europe/Belgrade:20260409T190000\r\nEXDATE;TZID=Europe/Belgrade:20260326T190000')
    feeds.feeds.set(new URL(url).pathname, { body: changed })
    const synced = await send(api, 'POST', `/sources/${created.body.id}/sync`, { token: owner.token })
    expect(synced.body.counts).toEqual({ new: 0, changed: 1, cancelled: 1, removed: 0 })
    const after = await importedEvents(created.body.id)
    const moved = after.find((e) => e.id === festival.id)!
    expect(moved.start_date).toBe('2026-04-10T22:00:00.000Z')
    expect(moved.previous_start_date).toBe(festival.start_date)
    expect(after.find((e) => e.id === firstJam.id)?.cancelled_at).not.toBeNull()
    const told = await send(api, 'GET', '/notifications', { token: guest.token })
    const types = JSON.stringify(told.body)
    expect(types).toContain('eventMoved')
    expect(types).toContain('eventCancelled')

    // A date nobody joined leaves the feed: it is removed.
    const second = after.find((e) => e.title === 'Jam session' && e.id !== firstJam.id)!
    const [, day] = /T(\d\d)/.exec(second.start_date!) ?? []
    expect(day).toBeDefined()
    const local = new Date(second.start_date!).toLocaleString('sv-SE', { timeZone: 'Europe/Belgrade' }).replace(/[-:]/g, '').replace(' ', 'T')
    feeds.feeds.set(new URL(url).pathname, { body: changed.replace('EXDATE;TZID=Europe/Belgrade:20260326T190000', `EXDATE;TZID=Europe/Belgrade:20260326T190000\r\nEXDATE;TZID=Europe/Belgrade:${local}`) })
    const again = await send(api, 'POST', `/sources/${created.body.id}/sync`, { token: owner.token })
    expect(again.body.counts).toEqual({ new: 0, changed: 0, cancelled: 0, removed: 1 })
    expect((await importedEvents(created.body.id)).find((e) => e.id === second.id)?.post_status).toBe('DELETED')
  })
})

describe('places', () => {
  const event = (uid: string, extra: string[]) =>
    ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260301T120000Z', 'DTSTART:20260401T180000Z', 'DTEND:20260401T200000Z', `SUMMARY:Event ${uid}`, ...extra, 'END:VEVENT']
  const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Nextcloud calendar v1//EN', ...events.flat(), 'END:VCALENDAR'].join('\r\n')

  it('geocodes an address without coordinates, else uses the source’s place, else skips with the reason', async () => {
    geo.places.set('knez mihailova', [{ display_name: 'Knez Mihailova, Belgrade', lat: '44.817', lon: '20.457' }])
    geo.places.set('nowhere street', [])
    const body = calendar(event('a', ['LOCATION:Knez Mihailova 5']), event('b', ['LOCATION:Nowhere street 0']))
    const withoutPlace = await send(api, 'POST', '/sources', { token: owner.token, json: { url: serve(body) } })
    expect(withoutPlace.body.counts.new).toBe(1)
    expect(withoutPlace.body.skipped).toEqual([{ ref: 'Event b', reason: 'Skipped: it has no coordinates, its address was not found, and the calendar has no default place.' }])
    const placed = await importedEvents(withoutPlace.body.id)
    expect(placed[0]).toMatchObject({ address: 'Knez Mihailova 5', lat: 44.817, lon: 20.457 })

    const withPlace = await send(api, 'POST', '/sources', {
      token: owner.token,
      lang: 'ru',
      json: { url: serve(body), place: { address: 'Belgrade', coordinates: [20.46, 44.81] } },
    })
    expect(withPlace.body.counts.new).toBe(2)
    expect(withPlace.body.skipped).toEqual([])
    expect((await importedEvents(withPlace.body.id)).find((e) => e.title === 'Event b')).toMatchObject({ address: 'Nowhere street 0', lat: 44.81, lon: 20.46 })
  })

  it('an event online (CONFERENCE) is imported online at the calendar’s place, with its link for everyone; a changed link follows', async () => {
    const body = (link: string) => calendar(event('live', [`CONFERENCE;VALUE=URI;FEATURE=VIDEO:${link}`]), event('both', ['GEO:44.8;20.45', 'CONFERENCE;VALUE=URI:https://meet.example.org/both']))
    const url = serve(body('https://stream.example.org/one'))
    const made = await send(api, 'POST', '/sources', { token: owner.token, json: { url, place: { address: 'Belgrade', coordinates: [20.46, 44.81] } } })
    expect(made.body.counts.new, made.text).toBe(2)
    const idOf = async (title: string) =>
      (await api.app.ctx.db.selectFrom('posts').select('id').where('source_id', '=', made.body.id).where('title', '=', title).executeTakeFirstOrThrow()).id
    const [live, both] = [await idOf('Event live'), await idOf('Event both')]
    const liveEvent = (await send(api, 'GET', `/event/${live}`)).body
    expect(liveEvent).toMatchObject({ attendanceMode: 'ONLINE', onlineUrl: 'https://stream.example.org/one', onlineUrlPublic: true, address: 'Belgrade' })
    expect((await send(api, 'GET', `/event/${both}`)).body).toMatchObject({ attendanceMode: 'HYBRID', onlineUrl: 'https://meet.example.org/both' })
    // The calendar gives a new link: the next sync takes it.
    feeds.feeds.set(new URL(url).pathname, { body: body('https://stream.example.org/two') })
    expect((await send(api, 'POST', `/sources/${made.body.id}/sync`, { token: owner.token })).status).toBe(200)
    expect((await send(api, 'GET', `/event/${live}`)).body.onlineUrl).toBe('https://stream.example.org/two')
  })

  it('new default categories and place apply to the imported events at the next sync, though the calendar did not change', async () => {
    geo.places.set('knez mihailova', [{ display_name: 'Knez Mihailova, Belgrade', lat: '44.817', lon: '20.457' }])
    geo.places.set('nowhere street', [])
    const body = calendar(event('a', ['LOCATION:Knez Mihailova 5']), event('b', ['LOCATION:Nowhere street 0']))
    const created = await send(api, 'POST', '/sources', {
      token: owner.token,
      json: { url: serve(body), categories: ['concerts'], place: { address: 'Belgrade', coordinates: [20.46, 44.81] } },
    })
    expect(created.body.counts.new).toBe(2)
    const id = created.body.id as string
    const categoriesOf = async () =>
      (await api.app.ctx.db.selectFrom('post_categories as c').innerJoin('posts as p', 'p.id', 'c.post_id').select(['p.title', 'c.category']).where('p.source_id', '=', id).orderBy('p.title').orderBy('c.category').execute()).map(
        (row) => `${row.title}: ${row.category}`,
      )
    expect(await categoriesOf()).toEqual(['Event a: concerts', 'Event b: concerts'])

    const changed = await send(api, 'PATCH', `/sources/${id}`, { token: owner.token, json: { categories: ['exhibitions', 'kids'], place: { address: 'Novi Sad', coordinates: [19.84, 45.25] } } })
    expect(changed.body).toMatchObject({ categories: ['exhibitions', 'kids'], place: { address: 'Novi Sad', coordinates: [19.84, 45.25] } })
    // The feed answers 304 to its ETag: the changed defaults make the sync read it whole.
    const synced = await send(api, 'POST', `/sources/${id}/sync`, { token: owner.token })
    expect(synced.body).toMatchObject({ lastOutcome: 'OK', counts: { new: 0, changed: 2, cancelled: 0, removed: 0 } })
    expect(await categoriesOf()).toEqual(['Event a: exhibitions', 'Event a: kids', 'Event b: exhibitions', 'Event b: kids'])
    const events = await importedEvents(id)
    expect(events.find((e) => e.title === 'Event b')).toMatchObject({ lat: 45.25, lon: 19.84 })
    expect(events.find((e) => e.title === 'Event a')).toMatchObject({ lat: 44.817, lon: 20.457 })
    expect((await send(api, 'POST', `/sources/${id}/sync`, { token: owner.token })).body.lastOutcome).toBe('NOT_MODIFIED')

    // No default place any more: the event that had only it is skipped with the reason, not taken for gone.
    expect((await send(api, 'PATCH', `/sources/${id}`, { token: owner.token, json: { place: null } })).body.place).toBeNull()
    const unplaced = await send(api, 'POST', `/sources/${id}/sync`, { token: owner.token })
    expect(unplaced.body).toMatchObject({ lastOutcome: 'OK', counts: { new: 0, changed: 0, removed: 0 }, eventCount: 2 })
    expect(unplaced.body.skipped).toHaveLength(1)
  })
})

describe('a calendar of many new addresses', () => {
  const event = (n: number) => ['BEGIN:VEVENT', `UID:street-${n}`, 'DTSTAMP:20260301T120000Z', `DTSTART:202604${String(n % 28 + 1).padStart(2, '0')}T180000Z`, `SUMMARY:Street party ${n}`, `LOCATION:Ulica ${n}`, 'END:VEVENT']
  const body = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...Array.from({ length: 22 }, (_, n) => event(n)).flat(), 'END:VCALENDAR'].join('\r\n')

  it('looks up 20 addresses a sync; the rest wait for the next one, and nothing waiting is taken for gone', async () => {
    const url = serve(body, { unconditional: true })
    const first = await send(api, 'POST', '/sources', { token: owner.token, json: { url } })
    expect(first.body.counts.new).toBe(20)
    expect(first.body.skipped).toHaveLength(2)
    expect(first.body.skipped[0].reason).toBe('Waiting: its address is looked up at the next sync (20 new addresses are looked up per sync).')
    const second = await send(api, 'POST', `/sources/${first.body.id}/sync`, { token: owner.token })
    expect(second.body.counts).toEqual({ new: 2, changed: 0, cancelled: 0, removed: 0 })
    expect(second.body.skipped).toEqual([])
    expect((await importedEvents(first.body.id)).filter((e) => e.post_status === 'ACTIVE')).toHaveLength(22)
  })
})

describe('the hourly syncs', () => {
  it('sync due sources, but none of an account that asked to be deleted', async () => {
    const leaving = await makeUser(api)
    const created = await send(api, 'POST', '/sources', { token: leaving.token, json: { url: serve(fixture('google.ics')) } })
    const db = api.app.ctx.db
    await db.updateTable('calendar_sources').set({ next_sync_at: '2026-03-20T11:00:00.000Z' }).where('id', '=', created.body.id).execute()
    await db.updateTable('users').set({ deletion_requested_at: clock.now.toISOString() }).where('id', '=', leaving.id).execute()
    const sources = createSourcesService(api.app.ctx)
    try {
      expect((await sources.syncDue()).synced).toBe(0)
      await db.updateTable('users').set({ deletion_requested_at: null }).where('id', '=', leaving.id).execute()
      expect(await sources.syncDue()).toEqual({ synced: 1, outcomes: ['NOT_MODIFIED'] })
    } finally {
      await sources.close()
    }
  })
})

describe('refusals', () => {
  it('a page that is no calendar, a server that refuses, one that is down, and a feed over 10 MB say why', async () => {
    const notCalendar = await send(api, 'POST', '/sources', { token: owner.token, json: { url: serve('<html><body>hi</body></html>', { contentType: 'text/html' }) } })
    expect(notCalendar.status).toBe(201)
    expect(notCalendar.body).toMatchObject({ lastOutcome: 'ERROR', lastError: 'This address does not serve an iCalendar feed (.ics) or a page with an event.' })
    feeds.feeds.set('/private.ics', { body: '', status: 403 })
    const refused = await send(api, 'POST', '/sources', { token: owner.token, lang: 'ru', json: { url: `${feeds.url}/private.ics` } })
    expect(refused.body.lastError).toBe('Сервер календаря отказался его отдать. Проверьте, что адрес открыт для всех.')
    const down = await send(api, 'POST', '/sources', { token: owner.token, json: { url: 'http://127.0.0.1:9/down.ics' } })
    expect(down.body.lastError).toBe('The calendar’s server did not answer. Check the address and try again.')
    // Failing sources back off: the next try is further away with each failure (2 h, then 4 h…, at most a day).
    expect(Date.parse(down.body.nextSyncAt) - clock.now.getTime()).toBe(2 * 3_600_000)
    const retried = await send(api, 'POST', `/sources/${down.body.id}/sync`, { token: owner.token })
    expect(Date.parse(retried.body.nextSyncAt) - clock.now.getTime()).toBe(4 * 3_600_000)
    const huge = await send(api, 'POST', '/sources', { token: owner.token, json: { url: serve(`BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(1000, 'x')}\r\n`.repeat(11_000)) } })
    expect(huge.body.lastError).toBe('The calendar is larger than 10 MB: import a shorter one.')
  })

  it('refuses a bad address, the same address twice, and validates like every form', async () => {
    const bad = await send(api, 'POST', '/sources', { token: owner.token, json: { url: 'not a url' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.url).toEqual(['Enter a valid link (https://…)!'])
    const missing = await send(api, 'POST', '/sources', { token: owner.token, json: {} })
    expect(missing.body.errors.url).toEqual(['This field is required!'])
    const url = serve(fixture('google.ics'))
    expect((await send(api, 'POST', '/sources', { token: owner.token, json: { url } })).status).toBe(201)
    const twice = await send(api, 'POST', '/sources', { token: owner.token, json: { url } })
    expect(twice.status).toBe(400)
    expect(twice.body.errors.url).toEqual(['You already import this calendar.'])
    expect((await send(api, 'POST', '/sources', { json: { url } })).status).toBe(401)
  })
})

describe('who may do what', () => {
  it('only the owner and moderators see a source; a moderator trusts it (events approved) and pauses it', async () => {
    const stranger = await makeUser(api)
    const created = await send(api, 'POST', '/sources', { token: owner.token, json: { url: serve(fixture('google.ics')) } })
    const id = created.body.id
    for (const [method, suffix] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/sync']] as const) {
      const res = await send(api, method, `/sources/${id}${suffix}`, { token: stranger.token, json: method === 'PATCH' ? { categories: [] } : undefined })
      expect(res.status, `${method} ${suffix}`).toBe(404)
    }
    // An imported event says where it came from to its organizer and moderators only (the address may be private).
    const [first] = await importedEvents(id)
    const seen = async (token: string) => (await send(api, 'GET', `/event/${first!.id}`, { token })).body.importedFrom
    expect(await seen(owner.token)).toMatchObject({ sourceId: id, url: created.body.url, trusted: false, paused: false })
    expect(await seen(moderator.token)).toMatchObject({ sourceId: id })
    expect(await seen(stranger.token)).toBeUndefined()
    expect((await send(api, 'GET', '/sources?all=true', { token: owner.token })).status).toBe(403)
    const all = await send(api, 'GET', '/sources?all=true', { token: moderator.token })
    expect(all.body.items.map((s: { id: string }) => s.id)).toContain(id)
    expect((await send(api, 'PATCH', `/sources/${id}`, { token: owner.token, json: { trusted: true } })).status).toBe(403)
    expect((await send(api, 'PATCH', `/sources/${id}`, { token: moderator.token, json: { trusted: true } })).body.trusted).toBe(true)
    // A trusted source's new events skip the queue.
    const feedPath = new URL(created.body.url).pathname
    feeds.feeds.set(feedPath, { body: fixture('google.ics').replace('UID:cancelled-talk@google.com', 'UID:new-talk@google.com').replace('STATUS:CANCELLED', 'STATUS:CONFIRMED') })
    await send(api, 'POST', `/sources/${id}/sync`, { token: owner.token })
    expect((await importedEvents(id)).find((e) => e.source_key === 'new-talk@google.com')?.moderation_status).toBe('APPROVED')
    const paused = await send(api, 'PATCH', `/sources/${id}`, { token: moderator.token, json: { paused: true } })
    expect(paused.body.paused).toBe(true)
    const refused = await send(api, 'POST', `/sources/${id}/sync`, { token: owner.token })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('A moderator paused this calendar: it is not synced until they resume it.')
    // Removing the source keeps its events.
    const count = (await importedEvents(id)).length
    expect((await send(api, 'DELETE', `/sources/${id}`, { token: owner.token })).status).toBe(200)
    const kept = await api.app.ctx.db.selectFrom('posts').select('id').where('source_key', 'is not', null).where('source_id', 'is', null).execute()
    expect(kept.length).toBeGreaterThanOrEqual(count)
  })
})
