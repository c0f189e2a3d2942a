// The personal calendar feed (decision 029): GET /calendar/me's secret address, the events it holds (joined and
// organized, private ones too, nothing else), its language, stable UIDs and bytes, SEQUENCE and STATUS:CANCELLED
// after a change, deleted and rejected events dropping out, the time window and the bound of 300, reset killing
// the old address, 404 for unknown tokens. Parsed by ical.js. SQLite, and PostgreSQL with TEST_DATABASE=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarFeedUrlSchema } from '#contract'
import { startTestApi, type TestApi } from './helpers'
import { makeUser, postRow, send } from './events-fixtures'
import { calendarFixtures, day, iso, parseIcs, pathOf, uid, uids } from './calendar-fixtures'

let api: TestApi

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const { insertPost, join, myFeed } = calendarFixtures(() => api)

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
