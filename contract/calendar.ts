// Calendar feeds (decision 029): the API's iCalendar feeds (personal, organizer, place, city, collection) and the
// city's and collection's Atom feeds. Path and query schemas of the feed routes, and the personal feed's address for Settings.
import { z } from 'zod'
import { CATEGORIES, LANGUAGES } from './constants'

const list = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined
  return (Array.isArray(v) ? v : [v])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean)
}

/** `?lang=` names the calendar in that language; without it, the Accept-Language. */
const langField = z.enum(LANGUAGES, { error: 'invalidValue' }).optional()

/** GET /calendar/feed/{token}.ics: an unknown token is 404, not 400. */
export const calendarTokenParamsSchema = z.object({ token: z.string().max(100, 'tooLong') })
/** GET /calendar/organizer/{userId}.ics */
export const calendarOrganizerParamsSchema = z.object({ userId: z.string().min(1).max(100) })
/** GET /calendar/place/{placeId}.ics */
export const calendarPlaceParamsSchema = z.object({ placeId: z.string().min(1).max(100) })
/** GET /calendar/collection/{slug}.ics and .atom */
export const calendarCollectionParamsSchema = z.object({ slug: z.string().min(1).max(100) })
/** GET /calendar/group/{handle}.ics and .atom (issue 45). */
export const calendarGroupParamsSchema = z.object({ handle: z.string().min(1).max(100) })
/** Query of the personal, organizer, place and collection feeds. */
export const calendarFeedQuerySchema = z.object({ lang: langField })

/** GET /calendar/city.ics and /calendar/city.atom: the list's city lookup (50 km), optional categories. */
export const calendarCityQuerySchema = z.object({
  city: z.string().trim().max(200, 'tooLong').optional(),
  country: z.string().trim().max(100, 'tooLong').optional(),
  categories: z.preprocess(
    list,
    z.array(z.enum(CATEGORIES, { error: 'invalidValue' })).max(CATEGORIES.length).optional(),
  ),
  lang: langField,
})
export type CalendarCityQuery = z.infer<typeof calendarCityQuerySchema>

/** GET /calendar/me and POST /calendar/me/reset: the signed-in user's personal feed. */
export const calendarFeedUrlSchema = z.object({
  /** https://…/calendar/feed/{token}.ics */
  url: z.string(),
  /** The same address as webcal://, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
})
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>
