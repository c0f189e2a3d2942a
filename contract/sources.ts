// Calendar sources (issue 42): calendars an organizer already keeps (iCalendar feeds, or a page with a schema.org
// Event or an h-event), imported as their events and kept in sync. One schema per payload, for the API and the
// web's Settings → Calendars form.
import { z } from 'zod'
import { CATEGORIES, EVENT_LIMITS } from './constants'
import { httpUrlField, requiredString } from './common'
import { coordinatesField } from './event-fields'
import { userSummarySchema } from './event-answers'

export const SOURCE_LIMITS = {
  /** A feed larger than this is refused. */
  maxBytes: 10 * 1024 * 1024,
  /** A feed with more events (dates of recurring ones counted) is refused. */
  maxEvents: 10_000,
  /** Sources one person may have. */
  perOwner: 20,
  urlMax: 2000,
  /** How long after a sync the next one is due, and the most a failing source waits (the back-off doubles). */
  intervalMinutes: 60,
  maxBackoffMinutes: 24 * 60,
  /** Skipped events listed with the last sync. */
  skippedShown: 50,
} as const

export const SOURCE_OUTCOMES = ['OK', 'NOT_MODIFIED', 'ERROR'] as const

const sourceUrlField = httpUrlField(SOURCE_LIMITS.urlMax)

const categoriesField = z.array(z.enum(CATEGORIES, { error: 'invalidValue' })).max(CATEGORIES.length, 'invalidValue')

/** Where an event without coordinates (or a found address) is put. */
export const sourcePlaceSchema = z.object({
  address: requiredString().max(EVENT_LIMITS.addressMax, 'tooLong'),
  coordinates: coordinatesField,
})

/** POST /sources */
export const createSourceBodySchema = z.object({
  url: sourceUrlField,
  categories: categoriesField.optional(),
  place: sourcePlaceSchema.nullable().optional(),
})
export type CreateSourceBody = z.input<typeof createSourceBodySchema>

/** PATCH /sources/{id}: the owner's defaults; `trusted` and `paused` are a moderator's. */
export const updateSourceBodySchema = z.object({
  categories: categoriesField.optional(),
  place: sourcePlaceSchema.nullable().optional(),
  trusted: z.boolean({ error: 'invalidValue' }).optional(),
  paused: z.boolean({ error: 'invalidValue' }).optional(),
})
export type UpdateSourceBody = z.input<typeof updateSourceBodySchema>

export const sourceCountsSchema = z.object({
  new: z.number().int(),
  changed: z.number().int(),
  cancelled: z.number().int(),
  removed: z.number().int(),
})
export type SourceCounts = z.infer<typeof sourceCountsSchema>

export const sourceSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The calendar's own name, once read. */
  name: z.string().nullable(),
  owner: userSummarySchema,
  categories: z.array(z.string()),
  place: z.object({ address: z.string(), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  trusted: z.boolean(),
  paused: z.boolean(),
  lastSyncAt: z.string().nullable(),
  lastOutcome: z.enum(SOURCE_OUTCOMES).nullable(),
  /** Why the last sync failed, in the caller's language. */
  lastError: z.string().nullable(),
  /** What the last sync that read the feed did. */
  counts: sourceCountsSchema,
  /** Events the last sync skipped, with the reason in the caller's language. */
  skipped: z.array(z.object({ ref: z.string(), reason: z.string() })),
  /** Events imported from it that are still listed. */
  eventCount: z.number().int(),
  nextSyncAt: z.string(),
  createdAt: z.string(),
})
export type Source = z.infer<typeof sourceSchema>

export const sourceListSchema = z.object({ items: z.array(sourceSchema) })

/** GET /sources: one's own; a moderator may ask for everyone's. */
export const sourceListQuerySchema = z.object({
  all: z.enum(['true', 'false'], { error: 'invalidValue' }).optional(),
})

export const sourceIdParamsSchema = z.object({ id: z.string().min(1).max(100) })

/** Settings → Import calendars: the default place typed as an address, which the web looks up (empty: none). */
const placeAddressField = z.string().trim().max(EVENT_LIMITS.addressMax, 'tooLong').optional()

/** Settings → Import calendars, the add form: POST /sources with the place looked up. */
export const sourceFormSchema = z.object({
  url: sourceUrlField,
  categories: categoriesField.optional(),
  placeAddress: placeAddressField,
})

/** Settings → Import calendars, a calendar's Change form: PATCH /sources/{id} with its categories and place. */
export const sourceEditFormSchema = z.object({
  intent: z.literal('update', { error: 'invalidValue' }),
  sourceId: requiredString().max(100, 'invalidValue'),
  categories: categoriesField.optional(),
  placeAddress: placeAddressField,
})

/** Settings → Import calendars: a source's buttons (Sync now, Remove) post its id with the intent. */
export const sourceIntentSchema = z.object({
  intent: z.enum(['sync', 'remove'], { error: 'invalidValue' }),
  sourceId: requiredString().max(100, 'invalidValue'),
})
