// GET /event/all (city, radius, dates, categories, eventType, tabs, paging, order), GET /event/my,
// GET /event/widget/*, GET /event/{userId}/events.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventListResponseSchema, lastReachablePage } from '#contract'
import type { NewPost } from '../../api/db/schema'
import { startTestApi, type TestApi } from './helpers'
import { insertPostRow, makeUser, send, type TestUser } from './events-fixtures'

let api: TestApi
let owner: TestUser
let other: TestUser
let admin: TestUser

const BELGRADE = { lat: 44.80401, lon: 20.46513 }
const NOVI_SAD = { lat: 45.25167, lon: 19.83694 } // ~70 km from Belgrade
const day = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** Inserts posts directly (fast; the list reads the table): APPROVED unless told otherwise. */
const insertPost = (p: Partial<NewPost> & { categories?: string[] }) =>
  insertPostRow(api, owner.id, { moderation_status: 'APPROVED', moderation_image_status: 'APPROVED', ...p })

const ids = (res: { body: { events: { _id: string }[] } }) => res.body.events.map((e) => e._id)
let ctr = 0

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, other, admin] = await Promise.all([makeUser(api), makeUser(api), makeUser(api, { role: 'admin' })])
})
afterAll(async () => {
  await api?.close()
})

describe('GET /event/all', () => {
  it('answers events near the default centre (Belgrade), soonest first, with geo', async () => {
    const later = await insertPost({ title: 'Later', start_date: iso(Date.now() + 5 * day) })
    const sooner = await insertPost({ title: 'Sooner', start_date: iso(Date.now() + 2 * day) })
    const res = await api.get('/event/all')
    expect(res.status).toBe(200)
    expect(eventListResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body.geo).toEqual({ city: 'Belgrade', country: 'Serbia', coordinates: [20.46513, 44.80401] })
    const order = ids(res)
    expect(order.indexOf(sooner)).toBeLessThan(order.indexOf(later))
    const ru = await api.get('/event/all', { lang: 'ru' })
    expect(ru.body.geo).toMatchObject({ city: 'Белград', country: 'Сербия' })
  })

  it('filters by city (radius 50 km) and resolves the city from the bundled data', async () => {
    const inNoviSad = await insertPost({ title: 'NS', lat: NOVI_SAD.lat + 0.01, lon: NOVI_SAD.lon })
    const edgeIn = await insertPost({ title: 'edge-in', lat: BELGRADE.lat - 0.4, lon: BELGRADE.lon }) // ~44 km south
    const edgeOut = await insertPost({ title: 'edge-out', lat: BELGRADE.lat + 0.3, lon: BELGRADE.lon + 0.6 }) // inside the box, ~57 km away
    const bg = ids(await api.get('/event/all'))
    expect(bg).toContain(edgeIn)
    expect(bg).not.toContain(edgeOut)
    expect(bg).not.toContain(inNoviSad)
    const ns = await api.get('/event/all?city=novi%20sad&country=RS')
    expect(ns.body.geo).toMatchObject({ city: 'Novi Sad', country: 'Serbia' })
    expect(ids(ns)).toContain(inNoviSad)
    expect(ids(ns)).not.toContain(edgeIn)
    const ru = await api.get(`/event/all?city=${encodeURIComponent('Нови-Сад')}`)
    expect(ids(ru)).toContain(inNoviSad)
  })

  it('filters by date range (whole days or instants), categories, event type and tabs', async () => {
    const base = Date.UTC(2031, 5, 10, 18)
    const a = await insertPost({ title: 'June 10', start_date: iso(base), end_date: iso(base + 3 * 3_600_000), categories: ['kids'] })
    const b = await insertPost({ title: 'June 12', start_date: iso(base + 2 * day), categories: ['movie', 'games'] })
    const multi = await insertPost({ title: 'June 8-11', start_date: iso(base - 2 * day), end_date: iso(base + day) })
    const june10 = ids(await api.get('/event/all?startDate=2031-06-10&endDate=2031-06-10'))
    expect(june10).toEqual(expect.arrayContaining([a, multi]))
    expect(june10).not.toContain(b)
    const instants = ids(await api.get(`/event/all?startDate=${iso(base + 1.5 * day)}&endDate=${iso(base + 2.5 * day)}`))
    expect(instants).toEqual([b])
    expect(ids(await api.get('/event/all?startDate=2031-06-01&endDate=2031-06-30&categories=movie,kids'))).toEqual([a, b])
    expect(ids(await api.get('/event/all?startDate=2031-06-01&endDate=2031-06-30&categories=games&categories=concerts'))).toEqual([b])
    const bad = await api.get('/event/all?startDate=someday&categories=cooking')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ 'categories.0': ['Invalid value'] })
    const badDate = await api.get('/event/all?startDate=someday')
    expect(badDate.body.errors).toEqual({ startDate: ['Enter a valid date!'] })

    const place = await insertPost({ title: 'A place', event_type: 'PLACE', start_date: null, channel_link: 'https://t.me/p' })
    expect(ids(await api.get('/event/all'))).not.toContain(place)
    expect(ids(await api.get('/event/all?eventType=PLACE'))).toEqual([place])

    const ended = await insertPost({ title: 'Ended', start_date: iso(Date.now() - 2 * day), end_date: iso(Date.now() - day) })
    const noEnd = await insertPost({ title: 'Started 7h ago', start_date: iso(Date.now() - 7 * 3_600_000) })
    const ongoing = await insertPost({ title: 'Ongoing', start_date: iso(Date.now() - day), end_date: iso(Date.now() + day) })
    const active = ids(await api.get('/event/all'))
    expect(active).toContain(ongoing)
    expect(active).not.toContain(ended)
    expect(active).not.toContain(noEnd)
    const completed = ids(await api.get('/event/all?filter=completed'))
    expect(completed).toEqual(expect.arrayContaining([ended, noEnd]))
    expect(completed).not.toContain(ongoing)
    expect(completed.indexOf(noEnd)).toBeLessThan(completed.indexOf(ended)) // latest first
  })

  it("shows only ACTIVE, not REJECTED posts; 'my' shows the signed-in user's own (REJECTED too, anywhere)", async () => {
    const rejected = await insertPost({ title: 'Rejected', moderation_status: 'REJECTED' })
    const deleted = await insertPost({ title: 'Deleted', post_status: 'DELETED' })
    const pending = await insertPost({ title: 'Pending', moderation_status: 'PENDING' })
    const far = await insertPost({ title: 'Far away', lat: 55.75, lon: 37.61 })
    const others = await insertPost({ title: 'Other user', posted_by: other.id, created_by: other.id })
    for (const token of [undefined, owner.token, admin.token]) {
      const list = ids(await api.get('/event/all', { token }))
      expect(list).toContain(pending)
      expect(list).not.toContain(rejected)
      expect(list).not.toContain(deleted)
    }
    expect((await api.get('/event/all?filter=my')).status).toBe(401)
    const my = []
    for (let page = 1; ; page++) {
      const res = await api.get(`/event/all?filter=my&page=${page}`, { token: other.token })
      my.push(...ids(res))
      if (!res.body.hasMore) break
    }
    expect(my).toEqual([others])
    const mine: string[] = []
    for (let page = 1; ; page++) {
      const res = await api.get(`/event/all?filter=my&page=${page}`, { token: owner.token })
      mine.push(...ids(res))
      if (!res.body.hasMore) break
    }
    expect(mine).toEqual(expect.arrayContaining([rejected, pending, far]))
    expect(mine).not.toContain(deleted)
    expect(mine).not.toContain(others)
  })

  it('pages by 12 with hasMore, in a stable order', async () => {
    const city = { lat: 43.32472, lon: 21.90333 } // Niš
    const made: string[] = []
    for (let i = 0; i < 27; i++) made.push(await insertPost({ title: `Nis ${ctr++}`, ...city, start_date: iso(Date.UTC(2032, 0, 1 + i)) }))
    const p1 = await api.get('/event/all?city=Nis')
    expect(p1.body.geo.city).toBe('Niš')
    expect(p1.body).toMatchObject({ page: 1, pageSize: 12, hasMore: true })
    const p2 = await api.get('/event/all?city=Nis&page=2')
    const p3 = await api.get('/event/all?city=Nis&page=3')
    expect(p3.body.hasMore).toBe(false)
    expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual(made)
    expect(ids(await api.get('/event/all?city=Nis&page=4'))).toEqual([])
  })
})

describe('GET /event/all: pages stop at MAX_LIST_DEPTH rows (decision 033)', () => {
  it('answers the last reachable page, refuses the next with pageTooDeep, for /event/all and a profile\'s posts', async () => {
    const last = lastReachablePage(12)
    expect((await api.get(`/event/all?page=${last}`)).status).toBe(200)
    const beyond = await api.get(`/event/all?page=${last + 1}`)
    expect(beyond.status).toBe(400)
    expect(beyond.body.errors.page).toEqual(['This page is too far down the list: narrow it with a search or filters.'])
    expect((await api.get(`/event/${owner.id}/events?page=${last + 1}`)).status).toBe(400)
    expect((await api.get(`/profile/?query=a&page=${last + 1}`)).status).toBe(400)
  })
})

describe('GET /event/all ordering', () => {
  it('upcoming: soonest first, undated events after every dated one; completed: latest first', async () => {
    // A spot of its own, far from the other tests' events.
    const spot = { lat: -33.45, lon: -70.66 }
    const at = `lat=${spot.lat}&lon=${spot.lon}`
    const undated = await insertPost({ title: 'Undated', ...spot, start_date: null })
    const later = await insertPost({ title: 'Later', ...spot, start_date: iso(Date.now() + 9 * day) })
    const soon = await insertPost({ title: 'Soon', ...spot, start_date: iso(Date.now() + day) })
    const older = await insertPost({ title: 'Older', ...spot, start_date: iso(Date.now() - 9 * day) })
    const recent = await insertPost({ title: 'Recent', ...spot, start_date: iso(Date.now() - 2 * day) })
    expect(ids(await api.get(`/event/all?${at}`))).toEqual([soon, later, undated])
    expect(ids(await api.get(`/event/all?${at}&filter=completed`))).toEqual([recent, older])
  })
})

describe('GET /event/all: running events of every length (the span classes of decision 033)', () => {
  // Far from every other test's events: the list holds only these.
  const here = { lat: 64.14, lon: -21.94 }
  const at = `lat=${here.lat}&lon=${here.lon}`
  const now = Date.now()
  const hour = 3_600_000
  /** [title, start offset, end offset (null: none)] from now; every span class, running or ended. */
  const rows: [string, number, number | null][] = [
    ['years-long, running', -400 * day, 200 * day],
    ['months-long, running', -100 * day, 100 * day],
    ['weeks-long, running', -20 * day, 30 * day],
    ['ten days, running', -3 * day, 7 * day],
    ['three days, running', -2 * day, day],
    ['three days, ended', -4 * day, -day],
    ['months-long, ended', -200 * day, -10 * day],
    ['no end, started 2 h ago', -2 * hour, null],
    ['no end, started 7 h ago (ended)', -7 * hour, null],
    ['tomorrow', day, day + 2 * hour],
    ['a year-long one from next week', 7 * day, 372 * day],
  ]
  let idOf: Map<string, string>

  beforeAll(async () => {
    idOf = new Map()
    for (const [title, start, end] of rows)
      idOf.set(title, await insertPost({ title, ...here, start_date: iso(now + start), end_date: end === null ? null : iso(now + end) }))
  })
  const titles = (res: { body: { events: { title: string }[] } }) => res.body.events.map((e) => e.title)

  it('the active tab holds every running event, however long ago it started, in start order', async () => {
    const res = await api.get(`/event/all?${at}`)
    expect(res.status).toBe(200)
    expect(titles(res)).toEqual([
      'years-long, running',
      'months-long, running',
      'weeks-long, running',
      'ten days, running',
      'three days, running',
      'no end, started 2 h ago',
      'tomorrow',
      'a year-long one from next week',
    ])
  })

  it('the completed tab holds the ended ones, latest start first', async () => {
    const res = await api.get(`/event/all?${at}&filter=completed`)
    expect(titles(res)).toEqual(['no end, started 7 h ago (ended)', 'three days, ended', 'months-long, ended'])
  })

  it('the now tab holds what runs at this moment, ending soonest first; not what is cancelled, ended or to come', async () => {
    const cancelled = await insertPost({ title: 'running, but cancelled', ...here, start_date: iso(now - hour), end_date: iso(now + hour), cancelled_at: iso(now - 2 * hour) })
    const res = await api.get(`/event/all?${at}&filter=now&startDate=2000-01-01`)
    expect(res.status).toBe(200)
    expect(titles(res)).toEqual([
      'no end, started 2 h ago',
      'three days, running',
      'ten days, running',
      'weeks-long, running',
      'months-long, running',
      'years-long, running',
    ])
    expect(res.body.hasMore).toBe(false)
    await api.app.ctx.db.deleteFrom('posts').where('id', '=', cancelled).execute()
  })

  it('a day in a month holds the events running on it, started long before or not', async () => {
    const dayIn = (offset: number) => new Date(now + offset * day).toISOString().slice(0, 10)
    const res = await api.get(`/event/all?${at}&startDate=${dayIn(40)}&endDate=${dayIn(40)}`)
    expect(titles(res)).toEqual(['years-long, running', 'months-long, running', 'a year-long one from next week'])
  })

  it('pages through the merge without losing or repeating an event', async () => {
    const many: string[] = []
    for (let i = 0; i < 14; i += 1) many.push(await insertPost({ title: `upcoming ${i}`, ...here, start_date: iso(now + (2 + i) * day) }))
    const first = await api.get(`/event/all?${at}`)
    const second = await api.get(`/event/all?${at}&page=2`)
    expect(first.body.hasMore).toBe(true)
    const all = [...ids(first), ...ids(second)]
    expect(new Set(all).size).toBe(all.length)
    expect(all).toHaveLength(8 + 14)
    expect(all.slice(0, 5)).toEqual(['years-long, running', 'months-long, running', 'weeks-long, running', 'ten days, running', 'three days, running'].map((t) => idOf.get(t)))
    await api.app.ctx.db.deleteFrom('posts').where('id', 'in', many).execute()
  })
})

describe("a user's events", () => {
  it('GET /event/my, /event/{userId}/events, /event/widget/my and /event/widget/{userId}', async () => {
    const u = await makeUser(api)
    const soon = await insertPost({ title: 'Soon', posted_by: u.id, created_by: u.id, start_date: iso(Date.now() + day) })
    const later = await insertPost({ title: 'Later', posted_by: u.id, created_by: u.id, start_date: iso(Date.now() + 9 * day) })
    const mid = await insertPost({ title: 'Mid', posted_by: u.id, created_by: u.id, start_date: iso(Date.now() + 4 * day) })
    const last = await insertPost({ title: 'Last', posted_by: u.id, created_by: u.id, start_date: iso(Date.now() + 20 * day) })
    const rejected = await insertPost({ title: 'Rejected', posted_by: u.id, created_by: u.id, moderation_status: 'REJECTED', start_date: iso(Date.now() + 2 * day) })
    const past = await insertPost({ title: 'Past', posted_by: u.id, created_by: u.id, start_date: iso(Date.now() - 3 * day) })

    expect((await api.get('/event/my')).status).toBe(401)
    const my = await api.get('/event/my', { token: u.token })
    expect(my.status).toBe(200)
    expect(ids(my)).toEqual(expect.arrayContaining([soon, later, mid, last, rejected, past]))
    const completed = await api.get('/event/my?filter=completed', { token: u.token })
    expect(ids(completed)).toEqual([past])

    const publicList = await api.get(`/event/${u.id}/events`)
    expect(publicList.status).toBe(200)
    expect(ids(publicList)).not.toContain(rejected)
    expect(ids(publicList)).toHaveLength(5)
    expect((await api.get(`/event/${randomUUID()}/events`)).status).toBe(404)

    const widget = await api.get(`/event/widget/${u.id}`)
    expect(ids(widget)).toEqual([soon, mid, later])
    const widgetMy = await api.get('/event/widget/my', { token: u.token })
    expect(widgetMy.status).toBe(200)
    expect(ids(widgetMy)).toEqual([soon, rejected, mid]) // the owner sees their REJECTED event (with the overlay)
  })

  it('does not take /event/all, /event/my or /event/widget/my for ids', async () => {
    expect((await api.get('/event/all')).body).toHaveProperty('geo')
    expect((await api.get('/event/my')).status).toBe(401)
    expect((await api.get('/event/widget/my')).status).toBe(401)
    const res = await send(api, 'GET', '/event/all?eventType=SHOW')
    expect(res.status).toBe(400)
  })
})
