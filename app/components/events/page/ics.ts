// "Add to calendar": one event as an RFC 5545 iCalendar object (VCALENDAR with one VEVENT).
// Times are written in UTC (…Z), TEXT values escaped (§3.3.11), content lines folded at 75 octets (§3.1)
// without splitting a UTF-8 character, lines ended by CRLF.
import { EVENT_LIMITS, type Event } from '#contract'

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8'

/** §3.3.11 TEXT: backslash, semicolon, comma and line breaks are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** §3.3.5 DATE-TIME in UTC: 20261205T180000Z. */
export function formatUtc(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
}

const encoder = new TextEncoder()

/** §3.1: lines longer than 75 octets are split; each continuation starts with one space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line
  const parts: string[] = []
  let current = ''
  let currentBytes = 0
  let limit = 75
  for (const char of line) {
    const bytes = encoder.encode(char).length
    if (currentBytes + bytes > limit) {
      parts.push(current)
      current = ''
      currentBytes = 0
      // The leading space of a continuation line counts towards its 75 octets.
      limit = 74
    }
    current += char
    currentBytes += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** A safe file name for Content-Disposition: ASCII letters, digits and dashes. */
export function icsFileName(event: Pick<Event, '_id' | 'title'>): string {
  const slug = event.title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
  return `${slug || 'event'}-${event._id.slice(0, 8)}.ics`
}

export type IcsEvent = Pick<
  Event,
  '_id' | 'title' | 'description' | 'startDate' | 'endDate' | 'address' | 'coordinates' | 'categories' | 'updatedAt'
> & { postedBy?: Pick<Event['postedBy'], 'name' | 'lastname'> }

export type IcsOptions = {
  /** The event page's absolute URL. */
  url: string
  /** The host that makes UIDs globally unique (e.g. nearby.app). */
  host: string
  now?: Date
}

/** The end of an event without an end date: start + the API's default duration (same as "ended"). */
export function defaultEnd(startIso: string): string {
  return new Date(Date.parse(startIso) + EVENT_LIMITS.defaultDurationMs).toISOString()
}

/** The calendar of one event; null when it has no start date (places, undated events). */
export function buildIcs(event: IcsEvent, options: IcsOptions): string | null {
  if (!event.startDate || Number.isNaN(Date.parse(event.startDate))) return null
  const end =
    event.endDate && Date.parse(event.endDate) >= Date.parse(event.startDate) ? event.endDate : defaultEnd(event.startDate)
  const description = [event.description?.trim(), options.url].filter(Boolean).join('\n\n')
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nearby//Event page//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event._id}@${options.host}`,
    `DTSTAMP:${formatUtc(options.now ?? new Date())}`,
    `DTSTART:${formatUtc(event.startDate)}`,
    `DTEND:${formatUtc(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
  ]
  if (event.address) lines.push(`LOCATION:${escapeText(event.address)}`)
  if (event.coordinates) {
    const [lon, lat] = event.coordinates
    // §3.8.1.6: latitude;longitude as FLOAT.
    lines.push(`GEO:${lat};${lon}`)
  }
  if (event.categories.length) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`)
  lines.push(`URL:${options.url}`)
  if (event.updatedAt && !Number.isNaN(Date.parse(event.updatedAt)))
    lines.push(`LAST-MODIFIED:${formatUtc(event.updatedAt)}`)
  lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
