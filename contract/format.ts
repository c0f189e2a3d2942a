// Date texts that the web and the API (reminder mails and push messages) print alike, and the zone they are in.
import { DATE_LOCALES, languageOr } from './language'

/** A day as the site writes it (SPEC §9): 2026-11-24 → 24-11-2026. */
export const displayDate = (iso: string) => iso.split('-').reverse().join('-')

/** The zone event times are shown, entered and mailed in when TIME_ZONE is not set (decision 005). */
export const DEFAULT_TIME_ZONE = 'Europe/Belgrade'

/** Whether this is an IANA zone Intl knows: the check of TIME_ZONE in the web's and the API's settings. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
const formats = new Map<string, Intl.DateTimeFormat>()
function cachedFormat(key: string, make: () => Intl.DateTimeFormat) {
  let format = formats.get(key)
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** Dates a server prints again and again (the same events on every page), by language, zone and instant. */
const formattedDates = new Map<string, string>()
const FORMATTED_DATES_MAX = 20_000

/** "05 Dec 2026, 19:00" / "05 дек. 2026 г., 19:00" in the given zone (docs/decisions/005-time-zone.md). */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone: string): string {
  if (!iso) return ''
  const id = `${language}|${timeZone}|${iso}`
  const known = formattedDates.get(id)
  if (known !== undefined) return known
  const text = formatDateTimeOnce(iso, language, timeZone)
  if (formattedDates.size >= FORMATTED_DATES_MAX) formattedDates.clear()
  formattedDates.set(id, text)
  return text
}

function formatDateTimeOnce(iso: string, language: string, timeZone: string): string {
  const format = cachedFormat(`${language}|${timeZone}`, () =>
    new Intl.DateTimeFormat(DATE_LOCALES[languageOr(language)], {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }),
  )
  return format.format(new Date(iso))
}

function partsFormat(timeZone: string) {
  return cachedFormat(`parts|${timeZone}`, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  )
}

/** The wall-clock parts of an instant in a zone, as Intl gives them. */
function intlZonedParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(date).map((part) => [part.type, part.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

const QUARTER_HOUR_MS = 15 * 60 * 1000
/** Since 1970 every zone's offset is a whole number of quarter hours, so it changes only on a quarter hour of UTC. */
const OFFSETS_MAX = 50_000
const offsets = new Map<string, number>()

const pad2 = (n: number) => String(n).padStart(2, '0')

/** The time of day of an instant in a zone, 24-hour ("19:02"): the door's and the list's check-in times. */
export function formatTimeOfDay(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone)
  return `${pad2(p.hour)}:${pad2(p.minute)}`
}

/** An instant as spreadsheets read it, in a zone: "2026-12-05 19:02" (the participants' CSV). */
export function formatSpreadsheetTime(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone)
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${formatTimeOfDay(iso, timeZone)}`
}

/** How far the zone's wall clock is ahead of UTC during the quarter hour of UTC that holds `ms`. */
function quarterHourOffsetMs(ms: number, timeZone: string): number {
  const start = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS
  const key = `${timeZone}|${start}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    const p = intlZonedParts(new Date(start), timeZone)
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start
    if (offsets.size >= OFFSETS_MAX) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}

/**
 * The wall-clock parts of an instant in a zone. A page formats dozens of dates: Intl's formatToParts is asked
 * once per zone and quarter hour (decision 054), the rest is arithmetic. Before 1970 (local mean times with
 * odd seconds) and for invalid dates, Intl answers every call.
 */
export function zonedParts(date: Date, timeZone: string) {
  const ms = date.getTime()
  if (!(ms >= 0)) return intlZonedParts(date, timeZone)
  const wall = new Date(ms + quarterHourOffsetMs(ms, timeZone))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(date.getTime() / 1000) * 1000
}


/** A wall-clock time in a zone → the instant (ISO). Null for anything that is not a valid date. */
export function zonedToIso(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; ms?: number },
  timeZone: string,
): string | null {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0, wall.ms ?? 0)
  if (Number.isNaN(guess)) return null
  const check = new Date(guess)
  if (check.getUTCFullYear() !== wall.year || check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day)
    return null
  // Two passes settle daylight-saving edges (the offset at the guess may differ from the offset at the answer).
  let instant = guess - zoneOffsetMs(new Date(guess), timeZone)
  instant = guess - zoneOffsetMs(new Date(instant), timeZone)
  return new Date(instant).toISOString()
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Today in a zone as YYYY-MM-DD (the `min` of date pickers: past dates disabled). */
export function todayInZone(timeZone: string, now = new Date()): string {
  const p = zonedParts(now, timeZone)
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`
}

/** The day an instant falls on in a zone, as YYYY-MM-DD. */
export function dayInZone(iso: string, timeZone: string): string {
  return todayInZone(timeZone, new Date(iso))
}

/** The days an event spans when it ends on a later day than it starts, in the zone: "12–16 Dec 2026", "28 Nov – 3 Dec
 * 2026" / "12–16 дек. 2026 г."; null for an event of one day (or without an end). Put together from single dates
 * rather than Intl's formatRange, whose spacing differs between Node's ICU and the browser's (the page would not
 * hydrate). */
export function formatDaySpan(startIso: string | null | undefined, endIso: string | null | undefined, language: string, timeZone: string): string | null {
  if (!startIso || !endIso || dayInZone(startIso, timeZone) === dayInZone(endIso, timeZone)) return null
  const locale = DATE_LOCALES[languageOr(language)]
  const format = (parts: Intl.DateTimeFormatOptions, iso: string) =>
    cachedFormat(`span|${locale}|${timeZone}|${Object.keys(parts).join()}`, () => new Intl.DateTimeFormat(locale, { ...parts, timeZone })).format(new Date(iso))
  const [startDay, endDay] = [dayInZone(startIso, timeZone), dayInZone(endIso, timeZone)]
  const whole = format({ day: 'numeric', month: 'short', year: 'numeric' }, endIso)
  if (startDay.slice(0, 7) === endDay.slice(0, 7)) return `${format({ day: 'numeric' }, startIso)}–${whole}`
  if (startDay.slice(0, 4) === endDay.slice(0, 4)) return `${format({ day: 'numeric', month: 'short' }, startIso)} – ${whole}`
  return `${format({ day: 'numeric', month: 'short', year: 'numeric' }, startIso)} – ${whole}`
}
