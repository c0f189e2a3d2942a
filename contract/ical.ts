// RFC 5545 iCalendar objects: one event ("Add to calendar" on the event page) and the calendar feeds of the API
// (decision 029). One builder for both, so a post has the same UID (`<postId>@<web host>`) everywhere and a
// calendar that has it from both places keeps one copy. Times are written in UTC (…Z), TEXT values escaped
// (§3.3.11), content lines folded at 75 octets (§3.1) without splitting a UTF-8 character, lines ended by CRLF.
// Plain functions, no dependencies: the web's resource route and the API both import it.
import { EVENT_LIMITS } from './constants'

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8'

/** §3.3.11 TEXT: backslash, semicolon, comma and line breaks are escaped; other control characters dropped (§3.1). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex
}

/** §3.3.5 DATE-TIME in UTC: 20261205T180000Z. */
export function formatUtc(iso: string | Date): string {
  // YYYY-MM-DDTHH:MM:SS.sssZ → YYYYMMDDTHHMMSSZ by position (a feed formats thousands of these).
  const s = (typeof iso === 'string' ? new Date(iso) : iso).toISOString()
  return `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 13)}${s.slice(14, 16)}${s.slice(17, 19)}Z`
}

/** UTF-8 octets of one code point. */
const octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4)

/** §3.1: lines longer than 75 octets are split; each continuation starts with one space. */
export function foldLine(line: string): string {
  // A UTF-16 code unit is at most 3 octets (a surrogate pair, two units, is 4): a short line needs no count.
  if (line.length * 3 <= 75) return line
  const parts: string[] = []
  let start = 0
  let bytes = 0
  let limit = 75
  for (let i = 0; i < line.length; ) {
    const codePoint = line.codePointAt(i)!
    const size = octets(codePoint)
    if (bytes + size > limit) {
      parts.push(line.slice(start, i))
      start = i
      bytes = 0
      // The leading space of a continuation line counts towards its 75 octets.
      limit = 74
    }
    bytes += size
    i += codePoint > 0xffff ? 2 : 1
  }
  if (parts.length === 0) return line
  parts.push(line.slice(start))
  return parts.join('\r\n ')
}

/** The end of an event without an end date: start + the API's default duration (same as "ended"). */
export function defaultEnd(startIso: string): string {
  return new Date(Date.parse(startIso) + EVENT_LIMITS.defaultDurationMs).toISOString()
}

const validDate = (iso: string | null | undefined): iso is string => !!iso && !Number.isNaN(Date.parse(iso))

/** One post as a VEVENT. */
export interface IcalEvent {
  /** The post's id: the UID is `<id>@<host>`. */
  id: string
  title: string
  description?: string | null
  startDate: string | null
  endDate?: string | null
  address?: string | null
  /** [lon, lat] */
  coordinates?: readonly [number, number] | null
  categories?: readonly string[]
  /** The event page's absolute URL. */
  url: string
  updatedAt?: string | null
  /** §3.8.7.4 SEQUENCE: goes up with every change a calendar must re-read (new dates, a cancellation). */
  sequence?: number
  /** Set when the organizer cancelled it: STATUS:CANCELLED. */
  cancelledAt?: string | null
  cancelMessage?: string | null
  /** DTSTAMP; default the calendar's `now`. Feeds pass the post's last change, so the same data gives the same bytes. */
  dtstamp?: string | null
  /** Taking part online (issue 43): ONLINE (LOCATION is the label, no GEO) or HYBRID; the link only where the
   * reader may have it (CONFERENCE, RFC 7986, and a line of the description); `label` says it in words. */
  online?: { mode: 'ONLINE' | 'HYBRID'; label: string; url?: string | null } | null
}

export interface IcalOptions {
  /** The host that makes UIDs globally unique: the web's (e.g. nearby.app). */
  host: string
  /** X-WR-CALNAME and NAME (RFC 7986): the calendar's name in calendar apps. */
  name?: string
  /** X-WR-CALDESC and DESCRIPTION (RFC 7986). */
  description?: string
  /** REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL: how often a subscribed calendar should ask again. */
  refreshMinutes?: number
  /** Text before a cancelled event's message in its description, in the reader's language. */
  cancelledLabel?: string
  /** DTSTAMP of events without their own. */
  now?: Date
}

/** An event online in words, with its link when the reader may have it: "Online: https://…". */
export function onlineNote(online: { label: string; url?: string | null }): string {
  return online.url ? `${online.label}: ${online.url}` : online.label
}

/** The content lines of one VEVENT; null when it has no start date (places, undated events). */
export function eventLines(event: IcalEvent, options: IcalOptions): string[] | null {
  if (!validDate(event.startDate)) return null
  const end =
    validDate(event.endDate) && Date.parse(event.endDate) >= Date.parse(event.startDate)
      ? event.endDate
      : defaultEnd(event.startDate)
  const cancelled = validDate(event.cancelledAt)
  const cancelNote = cancelled
    ? [options.cancelledLabel ?? 'Cancelled', event.cancelMessage?.trim()].filter(Boolean).join(': ')
    : null
  const online = event.online ?? null
  const description = [cancelNote, online ? onlineNote(online) : null, event.description?.trim(), event.url].filter(Boolean).join('\n\n')
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.id}@${options.host}`,
    `DTSTAMP:${formatUtc(validDate(event.dtstamp) ? event.dtstamp : (options.now ?? new Date()))}`,
    `DTSTART:${formatUtc(event.startDate)}`,
    `DTEND:${formatUtc(end)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence ?? 0))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
  ]
  const inPlace = online?.mode !== 'ONLINE'
  if (!inPlace) lines.push(`LOCATION:${escapeText(online!.label)}`)
  else if (event.address) lines.push(`LOCATION:${escapeText(event.address)}`)
  if (online?.url) lines.push(`CONFERENCE;VALUE=URI;FEATURE=VIDEO:${online.url}`)
  if (event.coordinates && inPlace) {
    const [lon, lat] = event.coordinates
    // §3.8.1.6: latitude;longitude as FLOAT.
    if (Number.isFinite(lat) && Number.isFinite(lon)) lines.push(`GEO:${lat};${lon}`)
  }
  if (event.categories?.length) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`)
  lines.push(`URL:${event.url}`)
  if (validDate(event.updatedAt)) lines.push(`LAST-MODIFIED:${formatUtc(event.updatedAt)}`)
  lines.push(cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED', cancelled ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE', 'END:VEVENT')
  return lines
}

/** A VCALENDAR of the events that have a start date (the others are left out). */
export function buildCalendar(events: readonly IcalEvent[], options: IcalOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Nearby//Calendar//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']
  if (options.name) lines.push(`NAME:${escapeText(options.name)}`, `X-WR-CALNAME:${escapeText(options.name)}`)
  if (options.description)
    lines.push(`DESCRIPTION:${escapeText(options.description)}`, `X-WR-CALDESC:${escapeText(options.description)}`)
  if (options.refreshMinutes) {
    const duration = `PT${Math.max(1, Math.round(options.refreshMinutes))}M`
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${duration}`, `X-PUBLISHED-TTL:${duration}`)
  }
  for (const event of events) lines.push(...(eventLines(event, options) ?? []))
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
