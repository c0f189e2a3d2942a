// A calendar as a venue's or a city's Google Calendar publishes it, generated at any size for the import's proofs
// and benchmark (tests/api/sources-crash.test.ts, scripts/bench-import.ts): VTIMEZONE Europe/Belgrade and TZID
// times, single events, all-day and multi-day ones, weekly rules with an EXDATE, an override moved an hour later and
// one cancelled, a few cancelled events; every event with GEO (so no address is looked up), LOCATION, folded
// DESCRIPTION, CATEGORIES and URL. Seeded: the same options give the same text.
import { seededRandom } from './scale-data'

export interface GeneratedCalendarOptions {
  /** Dates are laid out from this day on (the events start 1–50 days after it). */
  from: Date
  /** Timed events of one date. */
  singles: number
  /** All-day events (a fifth of them over two or three days). */
  allDay?: number
  /** Weekly rules (with an EXDATE, an override an hour later and a cancelled override each). */
  weekly?: number
  seed?: number
  name?: string
}

const DAY_MS = 86_400_000

const BELGRADE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Belgrade',
  'X-LIC-LOCATION:Europe/Belgrade',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
]

const VENUES = [
  { name: 'Dom omladine, Makedonska 22, Beograd', lat: 44.8155, lon: 20.4637 },
  { name: 'Kulturni centar Beograda, Knez Mihailova 6', lat: 44.8168, lon: 20.4573 },
  { name: 'Bitef teatar, Skver Mire Trailović 1', lat: 44.8191, lon: 20.4712 },
  { name: 'Kalemegdan, Beograd', lat: 44.8233, lon: 20.4502 },
  { name: 'Ada Ciganlija, Beograd', lat: 44.7857, lon: 20.4106 },
  { name: 'Dorćol Platz, Dobračina 59b', lat: 44.8239, lon: 20.4661 },
  { name: 'Srpsko narodno pozorište, Novi Sad', lat: 45.2551, lon: 19.8452 },
  { name: 'Petrovaradinska tvrđava, Novi Sad', lat: 45.2525, lon: 19.8625 },
]
const KINDS = [
  { title: 'Jazz night', categories: 'Concerts,Music' },
  { title: 'Open mic', categories: 'Concerts' },
  { title: 'Film club', categories: 'Cinema' },
  { title: 'Board games evening', categories: 'Games' },
  { title: 'Morning run', categories: 'Sport' },
  { title: 'Reading group', categories: 'Education,Books' },
  { title: 'Kids’ workshop', categories: 'Children' },
  { title: 'Talk on city gardens', categories: 'Education' },
]

/** iCalendar TEXT: backslash, semicolon, comma and newline escaped. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')

/** A content line folded at 75 octets (RFC 5545 §3.1), continuation lines starting with a space. */
function fold(line: string): string[] {
  const bytes = Buffer.from(line)
  if (bytes.length <= 75) return [line]
  const out: string[] = []
  let start = 0
  let limit = 75
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length)
    // Never split a UTF-8 sequence.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--
    out.push((out.length ? ' ' : '') + bytes.subarray(start, end).toString())
    start = end
    limit = 74
  }
  return out
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
/** The wall-clock date of `day` (days after the epoch), as DATE. */
const dateOf = (day: number) => {
  const d = new Date(day * DAY_MS)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
}
/** A Belgrade wall-clock time on `day` at `hour:minute`, as DATE-TIME without a zone. */
const localOf = (day: number, hour: number, minute = 0) => `${dateOf(day)}T${pad(hour)}${pad(minute)}00`

export function generateCalendar(options: GeneratedCalendarOptions): string {
  const next = seededRandom(options.seed ?? 7)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const firstDay = Math.floor(options.from.getTime() / DAY_MS)
  const stamp = `${dateOf(firstDay - 30)}T090000Z`
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(options.name ?? 'Generated city calendar')}`,
    'X-WR-TIMEZONE:Europe/Belgrade',
    ...BELGRADE,
  ]
  let uid = 0
  const event = (body: string[]) => {
    lines.push('BEGIN:VEVENT', `DTSTAMP:${stamp}`, ...body, 'END:VEVENT')
  }
  const details = (title: string, kind: (typeof KINDS)[number], venue: (typeof VENUES)[number], n: number) => [
    `SUMMARY:${text(title)}`,
    `DESCRIPTION:${text(`${kind.title} at ${venue.name}.\nEntry is free; doors open half an hour before. Bring friends, and see the programme on the website.\nEvent ${n}.`)}`,
    `LOCATION:${text(venue.name)}`,
    // Each event a few metres apart, as a city's venues and streets are.
    `GEO:${(venue.lat + (next() - 0.5) * 0.01).toFixed(6)};${(venue.lon + (next() - 0.5) * 0.01).toFixed(6)}`,
    `CATEGORIES:${kind.categories}`,
    `URL:https://calendar.example.org/events/${n}`,
    'TRANSP:OPAQUE',
  ]

  for (let i = 0; i < options.singles; i++) {
    const n = ++uid
    const kind = pick(KINDS)
    const venue = pick(VENUES)
    const day = firstDay + 1 + Math.floor(next() * 50)
    const hour = 10 + Math.floor(next() * 11)
    const minutes = pick([0, 0, 30])
    const hours = 1 + Math.floor(next() * 3)
    event([
      `UID:single-${n}-${options.seed ?? 7}@generated.example.org`,
      `DTSTART;TZID=Europe/Belgrade:${localOf(day, hour, minutes)}`,
      `DTEND;TZID=Europe/Belgrade:${localOf(day, Math.min(23, hour + hours), minutes)}`,
      `CREATED:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      'SEQUENCE:0',
      // One in forty called off: imported as cancelled.
      `STATUS:${next() < 0.025 ? 'CANCELLED' : 'CONFIRMED'}`,
      ...details(`${kind.title} #${n}`, kind, venue, n),
    ])
  }

  for (let i = 0; i < (options.allDay ?? 0); i++) {
    const n = ++uid
    const kind = pick(KINDS)
    const venue = pick(VENUES)
    const day = firstDay + 1 + Math.floor(next() * 50)
    const days = next() < 0.2 ? 2 + Math.floor(next() * 2) : 1
    event([
      `UID:allday-${n}-${options.seed ?? 7}@generated.example.org`,
      `DTSTART;VALUE=DATE:${dateOf(day)}`,
      `DTEND;VALUE=DATE:${dateOf(day + days)}`,
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      ...details(`${days > 1 ? 'Festival' : 'Fair'}: ${kind.title} #${n}`, kind, venue, n),
    ])
  }

  for (let i = 0; i < (options.weekly ?? 0); i++) {
    const n = ++uid
    const kind = pick(KINDS)
    const venue = pick(VENUES)
    // Started a few weeks ago, weekly on its day: the window holds its next eight dates.
    const first = firstDay - 14 - Math.floor(next() * 7)
    const hour = 17 + Math.floor(next() * 4)
    const id = `weekly-${n}-${options.seed ?? 7}@generated.example.org`
    const title = `Weekly ${kind.title.toLowerCase()} #${n}`
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(first * DAY_MS).getUTCDay()]
    event([
      `UID:${id}`,
      `DTSTART;TZID=Europe/Belgrade:${localOf(first, hour)}`,
      `DTEND;TZID=Europe/Belgrade:${localOf(first, hour + 2)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${weekday}`,
      // No meeting in the fifth week from now.
      `EXDATE;TZID=Europe/Belgrade:${localOf(first + 7 * 7, hour)}`,
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      ...details(title, kind, venue, n),
    ])
    // The third week's meeting an hour later, and the fourth's called off.
    const moved = first + 7 * 5
    event([
      `UID:${id}`,
      `RECURRENCE-ID;TZID=Europe/Belgrade:${localOf(moved, hour)}`,
      `DTSTART;TZID=Europe/Belgrade:${localOf(moved, hour + 1)}`,
      `DTEND;TZID=Europe/Belgrade:${localOf(moved, hour + 3)}`,
      'SEQUENCE:1',
      'STATUS:CONFIRMED',
      ...details(`${title} (an hour later)`, kind, venue, n),
    ])
    const cancelled = first + 7 * 6
    event([
      `UID:${id}`,
      `RECURRENCE-ID;TZID=Europe/Belgrade:${localOf(cancelled, hour)}`,
      `DTSTART;TZID=Europe/Belgrade:${localOf(cancelled, hour)}`,
      `DTEND;TZID=Europe/Belgrade:${localOf(cancelled, hour + 2)}`,
      'SEQUENCE:1',
      'STATUS:CANCELLED',
      ...details(title, kind, venue, n),
    ])
  }
  lines.push('END:VCALENDAR')
  return `${lines.flatMap(fold).join('\r\n')}\r\n`
}
