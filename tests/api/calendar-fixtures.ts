// Fixtures of the calendar feed tests: events inserted directly around Belgrade, joins, the personal feed's
// address, and the .ics parser that checks what calendar apps need (ical.js throws on anything it cannot read).
import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { expect } from 'vitest'
import type { NewPost } from '../../api/db/schema'
import type { TestApi, TestResponse } from './helpers'
import { insertPostRow, type TestUser } from './events-fixtures'

export const BELGRADE = { lat: 44.80401, lon: 20.46513 }
export const NOVI_SAD = { lat: 45.25167, lon: 19.83694 } // ~70 km from Belgrade
export const day = 86_400_000
export const iso = (ms: number) => new Date(ms).toISOString()
export const HOST = 'web.test' // WEB_URL of the test API: UIDs are <postId>@<web host>

/** The path (and query) of a feed URL the API answered. */
export const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

/** Events, joins and the personal feed's address on the API the test file starts (read once its beforeAll ran). */
export function calendarFixtures(getApi: () => TestApi) {
  async function insertPost(owner: TestUser, p: Partial<NewPost> & { categories?: string[] } = {}): Promise<string> {
    const id = randomUUID()
    return insertPostRow(getApi(), owner.id, {
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
    await getApi().app.ctx.db.insertInto('post_participants').values({ post_id: postId, user_id: user.id, created_at: new Date().toISOString() }).execute()
  }

  async function myFeed(user: TestUser): Promise<string> {
    const res = await getApi().get('/calendar/me', { token: user.token })
    expect(res.status).toBe(200)
    return pathOf(res.body.url)
  }

  return { insertPost, join, myFeed }
}

export interface ParsedEvent {
  uid: string
  summary: string
  sequence: number
  status: string
  description: string
  start: string
}

/** Parses with ical.js (throws on anything it cannot read) and checks what calendar apps need. */

export function parseIcs(res: TestResponse): { name: string; events: ParsedEvent[]; refresh: string | null } {
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

export const uids = (feed: { events: ParsedEvent[] }) => feed.events.map((e) => e.uid)
export const uid = (id: string) => `${id}@${HOST}`
