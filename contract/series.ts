// Recurring events (issue 27, decision 041): the "Repeats" part of the event form and the series an event
// belongs to. A series makes each of its dates an event of its own, ahead of time, for a rolling window.
import { z } from 'zod'

export const SERIES_LIMITS = {
  /** Occurrences are made this far ahead… */
  windowDays: 56,
  /** …and at most this many that have not started yet. */
  windowCount: 10,
  maxInterval: 12,
  maxCount: 100,
  maxSkips: 50,
  /** UNTIL at most this far after the first date. */
  maxYears: 2,
} as const

export const REPEAT_FREQUENCIES = ['WEEKLY', 'MONTHLY'] as const
export const RRULE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type RruleWeekday = (typeof RRULE_WEEKDAYS)[number]
/** Monthly on the first date's day of the month (the 14th), or on its weekday of the month (the second Tuesday). */
export const MONTHLY_MODES = ['DAY', 'WEEKDAY'] as const

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/**
 * POST /event's `repeat` (a JSON field in multipart): how the first date repeats. Until a date (inclusive, in the
 * site's time zone) or for N dates in all (the first included); neither: it goes on, made 8 weeks ahead.
 */
export const repeatSchema = z
  .object({
    freq: z.enum(REPEAT_FREQUENCIES, { error: 'invalidValue' }),
    interval: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(SERIES_LIMITS.maxInterval, 'invalidValue').default(1),
    ),
    /** WEEKLY: the days of the week (default: the first date's). */
    weekdays: z.array(z.enum(RRULE_WEEKDAYS, { error: 'invalidValue' })).max(7, 'invalidValue').optional(),
    monthly: z.enum(MONTHLY_MODES, { error: 'invalidValue' }).default('DAY'),
    until: z.preprocess(emptyToUndefined, localDate.optional()),
    count: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(2, 'invalidValue').max(SERIES_LIMITS.maxCount, 'invalidValue').optional(),
    ),
    /** Dates to leave out (in the site's time zone). */
    skip: z.array(localDate).max(SERIES_LIMITS.maxSkips, 'tooLong').default([]),
  })
  .strict()
  .refine((r) => !(r.until && r.count), { message: 'untilOrCount', path: ['count'] })
export type Repeat = z.infer<typeof repeatSchema>

/** An event's series on GET /event/{id}: the rule in words' parts and every date made so far. */
export const eventSeriesSchema = z.object({
  _id: z.string(),
  /** The RRULE (RFC 5545) of the series, e.g. FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270601T215959Z. */
  rrule: z.string(),
  timeZone: z.string(),
  cancelledAt: z.string().nullable(),
  /** The dates made so far, in order: each its own event (this one included). */
  dates: z.array(z.object({ _id: z.string(), startDate: z.string(), cancelled: z.boolean() })),
})
export type EventSeries = z.infer<typeof eventSeriesSchema>

/** PUT /event/{id} with `scope=following`: the edit applies to this date and every later one of its series. */
export const EDIT_SCOPES = ['this', 'following'] as const
export type EditScope = (typeof EDIT_SCOPES)[number]
