// An iCalendar feed (RFC 5545) read into the events a sync compares with what it imported before, with ical.js
// (Mozilla's parser, the one Thunderbird uses): VTIMEZONE and TZID, all-day and multi-day events, RRULE, RDATE and
// EXDATE expanded within the series window, RECURRENCE-ID overrides, STATUS:CANCELLED, GEO, LOCATION, URL, ATTACH,
// CATEGORIES and CONFERENCE (taking part online). A broken event is skipped with its reason; a feed broken as a whole
// is read event by event.
import ICAL from 'ical.js'
import { EVENT_LIMITS, isTimeZone, SERIES_LIMITS } from '#contract'
import { startAt } from '../series/recurrence'
import { addItem, clip, DAY_MS, type FeedItem, type ParsedFeed, FeedError, onlineLink, onlineOf, type SkipReason } from './feed'

export interface ReadOptions {
  now: Date
  /** Where floating times and all-day dates are read (the site's TIME_ZONE). */
  timeZone: string
  /** The most events a feed may hold (occurrences counted). */
  maxEvents: number
}

/** The most occurrences of one rule looked at (a rule that repeats every second would otherwise never end). */
const MAX_STEPS = 2_000


/** The wall-clock parts of a time, as our zone helpers take them. */
function plainParts(time: ICAL.Time): { date: string; time: string } {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return {
    date: `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`,
    time: `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`,
  }
}

/**
 * The instant of a time: UTC and zones the feed defines convert as they are; a floating time, or a TZID the feed
 * does not define (a feed may name an IANA zone without its VTIMEZONE), is read in that zone or the site's.
 */
function instantOf(time: ICAL.Time, tzid: string | null, siteZone: string): string {
  const zone = time.zone
  if (zone && zone.tzid !== 'floating' && zone !== ICAL.Timezone.localTimezone)
    return time.toJSDate().toISOString()
  const parts = plainParts(time)
  return startAt(parts.date, time.isDate ? '00:00' : parts.time, tzid && isTimeZone(tzid) ? tzid : siteZone)
}

function textOf(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name)
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/** What every occurrence of an event shares (an override has its own). */
type Details = Pick<FeedItem, 'cancelled' | 'address' | 'coordinates' | 'url' | 'categories' | 'images' | 'online'> & {
  title: string | null
  description: string | null
}

function detailsOf(component: ICAL.Component): Details {
  const geo = component.getFirstPropertyValue('geo') as unknown
  const [lat, lon] = Array.isArray(geo) ? geo.map(Number) : [NaN, NaN]
  const coordinates: [number, number] | null =
    Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat!) <= 90 && Math.abs(lon!) <= 180 && !(lat === 0 && lon === 0)
      ? [lon!, lat!]
      : null
  const categories = component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues().map(String))
    .map((value) => value.trim())
    .filter(Boolean)
  const images = component
    .getAllProperties('attach')
    .filter((property) => {
      const type = String(property.getParameter('fmttype') ?? '')
      return property.type === 'uri' && (type.startsWith('image/') || /\.(jpe?g|png|webp|gif|avif)(\?|$)/i.test(String(property.getFirstValue())))
    })
    .map((property) => String(property.getFirstValue()))
    .filter((url) => /^https?:\/\//i.test(url))
  const url = textOf(component, 'url')
  // Online: RFC 7986 CONFERENCE (Google's own X-GOOGLE-CONFERENCE as well), or a link given as the LOCATION (then it
  // is no address to look up).
  const location = textOf(component, 'location')
  const locationLink = onlineLink(location)
  const conference =
    ['conference', 'x-google-conference'].flatMap((name) => component.getAllProperties(name)).map((property) => onlineLink(property.getFirstValue())).find(Boolean) ??
    locationLink
  const address = locationLink ? null : location
  return {
    title: textOf(component, 'summary'),
    description: textOf(component, 'description'),
    cancelled: String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED',
    address,
    coordinates,
    online: onlineOf(conference ?? null, Boolean(address || coordinates)),
    url: url && /^https?:\/\//i.test(url) ? url : null,
    categories,
    images,
  }
}

function tzidOf(component: ICAL.Component, name: string): string | null {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : null
}

/** One dated item from an event's details and its times, or the reason it cannot be one. */
function itemOf(
  key: string,
  uid: string,
  details: Details,
  start: ICAL.Time,
  end: ICAL.Time | null,
  tzid: string | null,
  options: ReadOptions,
): FeedItem | SkipReason {
  if (!details.title) return 'importNoTitle'
  const startDate = instantOf(start, tzid, options.timeZone)
  let endDate: string | null = end ? instantOf(end, tzid, options.timeZone) : null
  if (start.isDate) {
    // An all-day event ends at the end of its last day (DTEND is the day after it; none means one day).
    const after = endDate && Date.parse(endDate) > Date.parse(startDate) ? Date.parse(endDate) : Date.parse(startDate) + DAY_MS
    endDate = new Date(after - 60_000).toISOString()
  } else if (endDate && Date.parse(endDate) <= Date.parse(startDate)) endDate = null
  return {
    key,
    uid,
    title: clip(details.title, EVENT_LIMITS.titleMax),
    description: clip(details.description ?? details.title, EVENT_LIMITS.descriptionMax),
    startDate,
    endDate,
    allDay: start.isDate,
    cancelled: details.cancelled,
    address: details.address ? clip(details.address, EVENT_LIMITS.addressMax) : null,
    coordinates: details.coordinates,
    url: details.url,
    categories: details.categories,
    images: details.images,
    online: details.online,
  }
}

/** Reads the events of a parsed VCALENDAR into `out` (occurrences within the window; past ones left out). */
function readCalendar(calendar: ICAL.Component, options: ReadOptions, out: ParsedFeed) {
  const now = options.now.getTime()
  const windowEnd = now + SERIES_LIMITS.windowDays * DAY_MS
  const byUid = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>()
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const uid = textOf(component, 'uid')
    const title = textOf(component, 'summary')
    if (!uid) {
      out.skipped.push({ ref: title ?? '', reason: 'importNoUid' })
      continue
    }
    const group = byUid.get(uid) ?? { overrides: [] }
    if (component.hasProperty('recurrence-id')) group.overrides.push(component)
    else group.master = component
    byUid.set(uid, group)
  }
  const push = (item: FeedItem | SkipReason, ref: string) =>
    typeof item === 'string' ? void out.skipped.push({ ref, reason: item }) : addItem(out, item, options)
  for (const [uid, group] of byUid) {
    try {
      if (!group.master) {
        // Overrides of a rule the feed does not hold: each is an event of its own.
        for (const component of group.overrides) {
          const event = new ICAL.Event(component)
          push(
            itemOf(`${uid}#${instantOf(event.recurrenceId, tzidOf(component, 'recurrence-id'), options.timeZone)}`, uid, detailsOf(component), event.startDate, event.endDate, tzidOf(component, 'dtstart'), options),
            uid,
          )
        }
        continue
      }
      const master = new ICAL.Event(group.master, { strictExceptions: true, exceptions: group.overrides })
      const masterDetails = detailsOf(group.master)
      const tzid = tzidOf(group.master, 'dtstart')
      if (!master.startDate) {
        out.skipped.push({ ref: masterDetails.title ?? uid, reason: 'importNoStart' })
        continue
      }
      if (!master.isRecurring()) {
        push(itemOf(uid, uid, masterDetails, master.startDate, master.endDate, tzid, options), masterDetails.title ?? uid)
        continue
      }
      const iterator = master.iterator()
      let upcoming = 0
      for (let step = 0, next = iterator.next(); next && step < MAX_STEPS; step++, next = iterator.next()) {
        const occurrence = master.getOccurrenceDetails(next)
        const originalStart = Date.parse(instantOf(next, tzid, options.timeZone))
        if (originalStart > windowEnd) break
        const item = occurrence.item
        const details = item === master ? masterDetails : detailsOf(item.component)
        const itemTzid = item === master ? tzid : tzidOf(item.component, 'dtstart')
        const built = itemOf(`${uid}#${new Date(originalStart).toISOString()}`, uid, details, occurrence.startDate, occurrence.endDate, itemTzid, options)
        if (typeof built !== 'string' && Date.parse(built.startDate) > now && ++upcoming > SERIES_LIMITS.windowCount) break
        push(built, details.title ?? uid)
      }
    } catch (error) {
      if (error instanceof FeedError) throw error
      out.skipped.push({ ref: uid, reason: 'importUnreadable' })
    }
  }
}

/** The feed's events; a text that is no iCalendar at all is refused with FeedError. */
export function readICalendar(text: string, options: ReadOptions): ParsedFeed {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new FeedError('importNotCalendar')
  const out: ParsedFeed = { items: [], skipped: [] }
  let calendar: ICAL.Component
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[])
  } catch {
    return readBrokenCalendar(text, options, out)
  }
  readCalendar(calendar, options, out)
  return out
}

/**
 * A feed ical.js cannot read whole (a stray line, a half-written property): its time zones and each of its events
 * are read on their own, so one broken event costs only itself.
 */
function readBrokenCalendar(text: string, options: ReadOptions, out: ParsedFeed): ParsedFeed {
  const unfolded = text.replace(/\r?\n[ \t]/g, '')
  const blocks = (name: string) => unfolded.match(new RegExp(`BEGIN:${name}\\r?\\n[\\s\\S]*?END:${name}`, 'gi')) ?? []
  const zones = blocks('VTIMEZONE').filter((zone) => {
    try {
      ICAL.parse(`BEGIN:VCALENDAR\r\n${zone}\r\nEND:VCALENDAR`)
      return true
    } catch {
      return false
    }
  })
  // An event's master and its overrides share a UID: they are read together.
  const byUid = new Map<string, string[]>()
  for (const event of blocks('VEVENT')) {
    const uid = /^UID:(.*)$/im.exec(event)?.[1]?.trim() ?? ''
    byUid.set(uid, [...(byUid.get(uid) ?? []), event])
  }
  for (const [uid, events] of byUid) {
    let calendar: ICAL.Component
    try {
      calendar = new ICAL.Component(
        ICAL.parse(['BEGIN:VCALENDAR', 'VERSION:2.0', ...zones, ...events, 'END:VCALENDAR'].join('\r\n')) as unknown[],
      )
    } catch {
      const title = /^SUMMARY[^:]*:(.*)$/im.exec(events[0] ?? '')?.[1]?.trim()
      out.skipped.push({ ref: title || uid, reason: 'importUnreadable' })
      continue
    }
    readCalendar(calendar, options, out)
  }
  return out
}
