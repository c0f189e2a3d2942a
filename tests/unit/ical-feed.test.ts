import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readICalendar } from '../../api/modules/sources/ical-feed'
import { FeedError } from '../../api/modules/sources/feed'

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/calendars', name), 'utf8')
const options = { now: new Date('2026-03-20T12:00:00Z'), timeZone: 'Europe/Belgrade', maxEvents: 10_000 }

describe('an iCalendar feed (Google Calendar export)', () => {
  const feed = readICalendar(fixture('google.ics'), options)
  const byKey = new Map(feed.items.map((item) => [item.key, item]))
  const jam = feed.items.filter((item) => item.uid.startsWith('7kukuqrfedlm2f9t1ohu0ba3b4'))

  it('expands a weekly rule in its zone across the change to summer time, without the EXDATE', () => {
    const starts = jam.map((item) => item.startDate)
    expect(starts.slice(0, 4)).toEqual([
      '2026-03-26T18:00:00.000Z', // 19:00 CET
      '2026-04-02T17:00:00.000Z', // 19:00 CEST
      // 9 April is excluded
      '2026-04-16T18:00:00.000Z', // the override: 20:00 CEST
      '2026-04-23T17:00:00.000Z',
    ])
    // 19 March ended before "now"; the window is 56 days.
    expect(Math.max(...starts.map(Date.parse))).toBeLessThanOrEqual(Date.parse('2026-05-15T12:00:00Z'))
  })

  it('keys each date by its UID and original start, so an override replaces its date', () => {
    const override = byKey.get('7kukuqrfedlm2f9t1ohu0ba3b4@google.com#2026-04-16T17:00:00.000Z')
    expect(override).toMatchObject({ title: 'Jam session (late start)', description: 'Open stage, an hour later this week.', endDate: '2026-04-16T21:00:00.000Z' })
    expect(jam.map((item) => item.key).length).toBe(new Set(jam.map((item) => item.key)).size)
  })

  it('reads an all-day event over three days with its place, categories, image and link', () => {
    expect(byKey.get('3o1bq0ccm8f1d2c5ktpcmsl8q3@google.com')).toMatchObject({
      title: 'Spring festival',
      allDay: true,
      startDate: '2026-04-09T22:00:00.000Z', // 10 April 00:00 in Belgrade
      endDate: '2026-04-12T21:59:00.000Z', // the end of 12 April
      address: 'Kalemegdan Park, Belgrade',
      coordinates: [20.4569, 44.8176],
      categories: ['Concerts', 'Festival'],
      images: ['https://example.org/festival.jpg'],
      url: 'https://example.org/festival',
    })
  })

  it('marks a cancelled event, skips an untitled one with its reason, and leaves out what has ended', () => {
    expect(byKey.get('cancelled-talk@google.com')?.cancelled).toBe(true)
    expect(feed.skipped).toEqual([{ ref: 'untitled@google.com', reason: 'importNoTitle' }])
    expect(byKey.has('long-past@google.com')).toBe(false)
  })
})

describe('refusals and broken feeds', () => {
  it('refuses a text that is no calendar, and a feed with more events than allowed', () => {
    expect(() => readICalendar('<html>hello</html>', options)).toThrow(FeedError)
    expect(() => readICalendar(fixture('google.ics'), { ...options, maxEvents: 3 })).toThrow('importTooManyEvents')
  })

  it('reads the valid events of a feed with a broken one', () => {
    const broken = fixture('google.ics').replace('DTSTART:20260325T180000Z', 'DTSTART:2026-03-25 six pm').replace('BEGIN:VEVENT\r\nDTSTART:20260327', 'BEGIN:VEVENT\r\nthis line is no property\r\nDTSTART:20260327')
    const feed = readICalendar(broken, options)
    expect(feed.items.some((item) => item.title === 'Spring festival')).toBe(true)
    expect(feed.items.filter((item) => item.title.startsWith('Jam session')).length).toBeGreaterThan(3)
    expect(feed.skipped.map((s) => s.reason)).toContain('importUnreadable')
  })
})

describe('other exporters', () => {
  it('Outlook: a Windows time zone name defined by its VTIMEZONE, a monthly first-Friday rule, an all-day day', () => {
    const feed = readICalendar(fixture('outlook.ics'), options)
    const films = feed.items.filter((item) => item.title === 'Film night')
    // First Fridays at 20:00 in Belgrade within the 56 days: 3 April (CEST, 18:00Z) and 1 May.
    expect(films.map((item) => item.startDate)).toEqual(['2026-04-03T18:00:00.000Z', '2026-05-01T18:00:00.000Z'])
    expect(films[0]).toMatchObject({ description: 'Monthly film night. \n\nFree entry.', address: 'Kulturni centar, Kolarčeva 6, Beograd', endDate: '2026-04-03T20:30:00.000Z' })
    expect(feed.items.find((item) => item.title === 'Open doors day')).toMatchObject({ allDay: true, startDate: '2026-04-24T22:00:00.000Z', endDate: '2026-04-25T21:59:00.000Z' })
    expect(feed.skipped).toEqual([])
  })

  it('Gancio (ical-generator): UTC times, a link, categories, an event without an end, an image', () => {
    const feed = readICalendar(fixture('gancio.ics'), options)
    expect(feed.items).toHaveLength(2)
    expect(feed.items[0]).toMatchObject({ key: '42', title: 'Critical mass', url: 'https://gancio.example/event/critical-mass', categories: ['bike', 'outdoor'], coordinates: null })
    expect(feed.items[1]).toMatchObject({ key: '43', endDate: null, coordinates: [20.4745, 44.8179], categories: ['kids', 'theaters'], images: ['https://gancio.example/media/pinocchio.jpg'] })
  })
})

describe('Nextcloud (SabreDAV)', () => {
  it('a fortnightly rule with COUNT in local time across the change to summer time, its alarm ignored', () => {
    const feed = readICalendar(fixture('nextcloud.ics'), options)
    expect(feed.items.map((item) => [item.title, item.startDate, item.endDate])).toEqual([
      ['Planting day', '2026-03-21T09:00:00.000Z', '2026-03-21T12:00:00.000Z'], // 10:00 CET
      ['Planting day', '2026-04-04T08:00:00.000Z', '2026-04-04T11:00:00.000Z'], // 10:00 CEST
      ['Planting day', '2026-04-18T08:00:00.000Z', '2026-04-18T11:00:00.000Z'],
    ])
    expect(feed.items[0]).toMatchObject({ address: 'Bašta, Bulevar despota Stefana 1, Beograd', description: 'Bring gloves.' })
  })
})

describe('events online in a calendar (RFC 7986 CONFERENCE, a link as the LOCATION)', () => {
  const vevent = (uid: string, lines: string[]) =>
    ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260301T000000Z', 'DTSTART:20260410T170000Z', 'DTEND:20260410T180000Z', `SUMMARY:${uid}`, ...lines, 'END:VEVENT']
  const feed = readICalendar(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      ...vevent('hybrid', ['LOCATION:Dom omladine\\, Belgrade', 'CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.example.org/abc']),
      ...vevent('online', ['CONFERENCE;VALUE=URI:https://stream.example.org/live']),
      ...vevent('link-as-place', ['LOCATION:https://zoom.example.com/j/123']),
      ...vevent('google', ['X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij', 'GEO:44.8;20.46']),
      ...vevent('not-a-link', ['LOCATION:Kalemegdan', 'CONFERENCE;VALUE=URI:tel:+381111234567']),
      'END:VCALENDAR',
    ].join('\r\n'),
    options,
  )
  const item = (uid: string) => feed.items.find((i) => i.uid === uid)

  it('a link and a place: in person and online; a link alone: online, with no address to look up', () => {
    expect(item('hybrid')).toMatchObject({ address: 'Dom omladine, Belgrade', online: { mode: 'HYBRID', url: 'https://meet.example.org/abc' } })
    expect(item('online')).toMatchObject({ address: null, coordinates: null, online: { mode: 'ONLINE', url: 'https://stream.example.org/live' } })
    expect(item('link-as-place')).toMatchObject({ address: null, online: { mode: 'ONLINE', url: 'https://zoom.example.com/j/123' } })
    expect(item('google')).toMatchObject({ coordinates: [20.46, 44.8], online: { mode: 'HYBRID', url: 'https://meet.google.com/abc-defg-hij' } })
  })

  it('a conference that is no web link (a phone number) leaves the event in person', () => {
    expect(item('not-a-link')).toMatchObject({ address: 'Kalemegdan', online: null })
  })
})
