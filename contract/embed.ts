// The embeddable programme (issue 27, decision 043): an organizer's, a place's or a city's upcoming public
// events, as a framed page of the web (/embed/events) and as JSON for sites with their own markup
// (GET /embed/events of the API). One query schema serves both and the "Embed on your site" builder.
import { z } from 'zod'
import { CATEGORIES, LANGUAGES } from './constants'
import { EMBED_LIMITS, EMBED_THEMES } from './embed-options'

const list = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined
  return (Array.isArray(v) ? v : [v])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean)
}
const id = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(100, 'tooLong').optional())

/**
 * What a programme shows: one organizer, one group, one collection, one place, or a city (the list's city lookup,
 * 50 km) with optional categories. organizer wins over group, group over collection, collection over place, place
 * over city; none of them is the default city.
 */
export const embedQuerySchema = z.object({
  organizer: id,
  /** A group's handle (issue 45). */
  group: id,
  /** A collection's slug (issue 43). */
  collection: id,
  place: id,
  city: z.string().trim().max(200, 'tooLong').optional(),
  country: z.string().trim().max(100, 'tooLong').optional(),
  categories: z.preprocess(
    list,
    z.array(z.enum(CATEGORIES, { error: 'invalidValue' })).max(CATEGORIES.length).optional(),
  ),
  count: z.coerce
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(EMBED_LIMITS.maxCount, 'invalidValue')
    .default(EMBED_LIMITS.defaultCount),
  lang: z.enum(LANGUAGES, { error: 'invalidValue' }).optional(),
})
export type EmbedQuery = z.infer<typeof embedQuerySchema>

/** The framed page's own options on top of the query. */
export const embedPageQuerySchema = embedQuerySchema.extend({
  theme: z.enum(EMBED_THEMES, { error: 'invalidValue' }).default('light'),
})
export type EmbedPageQuery = z.infer<typeof embedPageQuerySchema>

export const embedEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  address: z.string(),
  categories: z.array(z.string()),
  /** The event's page on Nearby. */
  url: z.string(),
  /** A small photo (the first one's thumbnail), or null while the photos wait for moderation. */
  imageUrl: z.string().nullable(),
  cancelled: z.boolean(),
})
export type EmbedEvent = z.infer<typeof embedEventSchema>

/** GET /embed/events: the upcoming events, soonest first. */
export const embedListSchema = z.object({
  /** The programme's name in the asked language, e.g. "Nearby: Anna Petrova's events". */
  title: z.string(),
  /** The same programme's page on Nearby (the profile, the place, the city's list). */
  url: z.string(),
  events: z.array(embedEventSchema),
})
export type EmbedList = z.infer<typeof embedListSchema>
