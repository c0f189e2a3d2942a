// How every calendar feed answers a request (decision 029): 304 without a body on If-None-Match and
// If-Modified-Since until a change (an edit or a deletion) ends them, and 4xx, never 500, for bad ids and
// queries. SQLite, and PostgreSQL with TEST_DATABASE=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './helpers'
import { makeUser } from './events-fixtures'
import { calendarFixtures, parseIcs } from './calendar-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { insertPost, myFeed } = calendarFixtures(() => api)

// The city's concerts feed below must hold an event, as an empty feed has no Last-Modified to answer 304 to (in
// the one file these tests came from, the public feeds' tests had made one before them).
beforeAll(async () => {
  await insertPost(await makeUser(api), { categories: ['concerts'] })
})

describe('conditional requests', () => {
  const feeds = async () => {
    const organizer = await makeUser(api)
    const place = await insertPost(organizer, { event_type: 'PLACE', start_date: null })
    await insertPost(organizer)
    const moderator = await makeUser(api, { role: 'admin' })
    const collection = await api.post('/collections', { slug: `c${Math.random().toString(36).slice(2, 10)}`, name: 'Theirs', organizers: [organizer.id] }, { token: moderator.token })
    const slug = collection.body.slug as string
    return [
      await myFeed(organizer),
      `/calendar/organizer/${organizer.id}.ics`,
      `/calendar/place/${place}.ics`,
      '/calendar/city.ics?categories=concerts',
      '/calendar/city.atom',
      `/calendar/collection/${slug}.ics`,
      `/calendar/collection/${slug}.atom`,
    ]
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
      ['/calendar/collection/no-such-one.ics', 404],
      ['/calendar/collection/no-such-one.atom?lang=ru', 404],
      [`/calendar/collection/${long}.atom`, 400],
      ['/calendar/collection/%00.ics', 400],
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
