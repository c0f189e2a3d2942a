// The dates of a recurring event (decision 041): RFC 5545 rules expanded by rrule-temporal in the series' own
// time zone, so a 19:00 event stays at 19:00 local across daylight-saving changes. Pure functions: the rule
// text from the form's "Repeats", and the dates of a rule in a window.
import { Temporal } from '@js-temporal/polyfill'
import { type Repeat, type RruleWeekday, RRULE_WEEKDAYS, SERIES_LIMITS } from '#contract'
import { RRuleTemporal } from 'rrule-temporal'

export interface SeriesRule {
  rrule: string
  /** The first date's local wall time, e.g. 2027-03-02T19:00 (DTSTART with TZID). */
  dtstartLocal: string
  timeZone: string
  /** Local dates (YYYY-MM-DD) left out. */
  skip: readonly string[]
}

const compactUtc = (instant: Temporal.Instant) => instant.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '')

/** The rule's own start of the first date (DTSTART to the minute), ISO in UTC: the key of the first date's post. */
export function ruleStartOf(startIso: string, timeZone: string): string {
  return localStartOf(startIso, timeZone).toInstant().toString({ smallestUnit: 'millisecond' })
}

/** The first date as a wall time in the zone: what DTSTART says. */
export function localStartOf(startIso: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.from(startIso).toZonedDateTimeISO(timeZone).with({ second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 })
}

export type RuleProblem = 'startNotInRule' | 'seriesTooLong' | 'invalidDate' | 'monthDayMissing'

/**
 * The RRULE of the form's "Repeats" for a first date, or what is wrong with it. Weekly days default to the first
 * date's weekday, which must be one of them; monthly repeats on the first date's day or its weekday of the month;
 * UNTIL is the end of the chosen day in the zone, in UTC (RFC 5545 with a TZID'd DTSTART).
 */
export function ruleOf(repeat: Repeat, startIso: string, timeZone: string): { rule: SeriesRule } | { problem: RuleProblem } {
  const start = localStartOf(startIso, timeZone)
  const parts = [`FREQ=${repeat.freq}`]
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`)
  const startDay = RRULE_WEEKDAYS[start.dayOfWeek - 1] as RruleWeekday
  if (repeat.freq === 'WEEKLY') {
    const days = repeat.weekdays?.length ? [...new Set(repeat.weekdays)] : [startDay]
    if (!days.includes(startDay)) return { problem: 'startNotInRule' }
    days.sort((a, b) => RRULE_WEEKDAYS.indexOf(a) - RRULE_WEEKDAYS.indexOf(b))
    parts.push(`BYDAY=${days.join(',')}`)
  } else if (repeat.monthly === 'WEEKDAY') {
    // The second Tuesday; a fifth one is "the last", which every month has.
    const nth = Math.ceil(start.day / 7)
    parts.push(`BYDAY=${nth >= 5 ? -1 : nth}${startDay}`)
  } else {
    // Not every month has a 29th to 31st: RFC 5545 would skip those months without a word.
    if (start.day > 28) return { problem: 'monthDayMissing' }
    parts.push(`BYMONTHDAY=${start.day}`)
  }
  const latest = start.toPlainDate().add({ years: SERIES_LIMITS.maxYears })
  if (repeat.count) parts.push(`COUNT=${repeat.count}`)
  else {
    let until: Temporal.PlainDate
    try {
      until = repeat.until ? Temporal.PlainDate.from(repeat.until) : latest
    } catch {
      return { problem: 'invalidDate' }
    }
    if (Temporal.PlainDate.compare(until, latest) > 0) return { problem: 'seriesTooLong' }
    if (Temporal.PlainDate.compare(until, start.toPlainDate()) < 0) return { problem: 'invalidDate' }
    const endOfDay = until.toZonedDateTime({ timeZone, plainTime: '23:59:59' }).toInstant()
    parts.push(`UNTIL=${compactUtc(endOfDay)}`)
  }
  const dtstartLocal = start.toPlainDateTime().toString({ smallestUnit: 'minute' })
  const rule: SeriesRule = { rrule: parts.join(';'), dtstartLocal, timeZone, skip: [...new Set(repeat.skip)].sort() }
  // N dates must end within the two years too (skipped ones count, as in RFC 5545).
  if (repeat.count) {
    const end = latest.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant().toString()
    if (datesBetween({ ...rule, skip: [] }, start.toInstant().toString(), end, repeat.count).length < repeat.count)
      return { problem: 'seriesTooLong' }
  }
  return { rule }
}

function expander(rule: SeriesRule) {
  const dtstart = Temporal.PlainDateTime.from(rule.dtstartLocal).toZonedDateTime(rule.timeZone)
  return new RRuleTemporal({ rruleString: rule.rrule, dtstart, tzid: rule.timeZone, temporal: Temporal })
}

/** A date of a rule: its start as the rule makes it (the key of its post), and its local date. */
export interface RuleDate {
  /** The rule's start of this date, ISO in UTC. */
  ruleStart: string
  localDate: string
}

/**
 * The rule's dates from `fromIso` (included) to `toIso` (excluded), at most `limit`, skipped dates left out.
 * Local times that do not exist on a spring-forward day are no date (RFC 5545).
 */
export function datesBetween(rule: SeriesRule, fromIso: string, toIso: string, limit: number): RuleDate[] {
  const from = Temporal.Instant.from(fromIso).toZonedDateTimeISO(rule.timeZone)
  const to = Temporal.Instant.from(toIso).toZonedDateTimeISO(rule.timeZone)
  const skip = new Set(rule.skip)
  const out: RuleDate[] = []
  for (const date of expander(rule).between(from, to, true)) {
    if (Temporal.ZonedDateTime.compare(date, to) >= 0) continue
    const localDate = date.toPlainDate().toString()
    if (skip.has(localDate)) continue
    out.push({ ruleStart: date.toInstant().toString({ smallestUnit: 'millisecond' }), localDate })
    if (out.length >= limit) break
  }
  return out
}

/** The start of a date at the series' current local time (HH:MM) in its zone, ISO in UTC. */
export function startAt(localDate: string, localTime: string, timeZone: string): string {
  const zoned = Temporal.PlainDate.from(localDate).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(localTime) })
  return zoned.toInstant().toString({ smallestUnit: 'millisecond' })
}

/** The local date and time (HH:MM) of an instant in the zone. */
export function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const zoned = Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone)
  return { date: zoned.toPlainDate().toString(), time: zoned.toPlainTime().toString({ smallestUnit: 'minute' }) }
}
