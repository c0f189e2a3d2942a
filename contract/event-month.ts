// A city's month at a glance (issue 43): GET /event/month answers, for each day of a month in the site's zone,
// the first events running on it (an event that lasts days is on each of them) and how many more there are: one
// call for the web's /calendar/YYYY-MM and the mobile app.
import { z } from 'zod'
import { eventListQuerySchema } from './event-calls'
import { geoFilterSchema } from './event-answers'

export const MONTH_LIMITS = {
  /** Events shown in a day's cell; the rest are "+N more", which leads to that day's list. */
  perDay: 3,
  /** Events of a month read at most (a day's list has them all). */
  maxEvents: 5_000,
} as const

/** YYYY-MM, a month of the years the lists know. */
export const monthField = z.string({ error: 'invalidValue' }).regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, 'invalidValue')

/** GET /event/month: the month (default: this one, in the site's zone), and the lists' city, categories, online and
 * accessibility features. */
export const eventMonthQuerySchema = eventListQuerySchema.pick({ city: true, country: true, lat: true, lon: true, categories: true, online: true, accessibility: true }).extend({
  month: monthField.optional(),
})
export type EventMonthQuery = z.infer<typeof eventMonthQuerySchema>

export const monthEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  cancelledAt: z.string().nullable(),
})
export type MonthEvent = z.infer<typeof monthEventSchema>

export const eventMonthSchema = z.object({
  month: z.string(),
  previous: z.string(),
  next: z.string(),
  /** The zone the days are in (the site's TIME_ZONE). */
  timeZone: z.string(),
  geo: geoFilterSchema,
  days: z.array(
    z.object({
      /** YYYY-MM-DD */
      date: z.string(),
      /** The first MONTH_LIMITS.perDay events running that day, by start. */
      events: z.array(monthEventSchema),
      /** How many more run that day. */
      more: z.number().int(),
    }),
  ),
})
export type EventMonth = z.infer<typeof eventMonthSchema>

/** The month before or after YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (m - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The days of YYYY-MM as YYYY-MM-DD. */
export function daysOfMonth(month: string): string[] {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate()
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
}
