// Curated collections (issue 43): moderators name a collection of events — a festival's programme, "free for kids",
// a venue's season — by rules (categories, organizers, places, words, dates: an event matching every rule given is
// in it) and hand-picked events. One schema per payload, for the API and the console's form.
import { z } from 'zod'
import { CATEGORIES } from './constants'
import { requiredString, typeErrors } from './common'
import { dateField, emptyToUndefined } from './event-fields'
import { eventSchema } from './event-answers'
import { fediversePresenceSchema } from './federation'

export const COLLECTION_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  slugMax: 60,
  /** Organizers, places (each rule's list) at most. */
  ruleItemsMax: 20,
  wordsMax: 200,
  /** Hand-picked events at most. */
  pickedMax: 200,
  /** Events on a collection's page. */
  pageSize: 12,
} as const

const idField = z.string({ error: 'invalidValue' }).trim().min(1, 'invalidValue').max(100, 'invalidValue')
const idsField = (max: number) => z.array(idField, { error: 'invalidValue' }).max(max, 'invalidValue')

/** Lowercase letters, digits and inner hyphens: /collections/{slug}. */
export const collectionSlugField = z
  .string(typeErrors('required', 'invalidValue'))
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${COLLECTION_LIMITS.slugMax - 2}}[a-z0-9])?$`), 'collectionSlugInvalid')

const collectionFields = {
  slug: collectionSlugField,
  name: requiredString().max(COLLECTION_LIMITS.nameMax, 'tooLong'),
  description: z.string({ error: 'invalidValue' }).trim().max(COLLECTION_LIMITS.descriptionMax, 'tooLong').optional(),
  categories: z.array(z.enum(CATEGORIES, { error: 'invalidValue' }), { error: 'invalidValue' }).max(CATEGORIES.length, 'invalidValue').optional(),
  /** Organizers, by user id or username: their events (kept as ids). */
  organizers: idsField(COLLECTION_LIMITS.ruleItemsMax).optional(),
  /** Places' ids: the events within 150 m of one of them. */
  places: idsField(COLLECTION_LIMITS.ruleItemsMax).optional(),
  /** Words every event's title holds. */
  words: z.string({ error: 'invalidValue' }).trim().max(COLLECTION_LIMITS.wordsMax, 'tooLong').optional(),
  startsFrom: z.preprocess(emptyToUndefined, dateField.nullable().optional()),
  startsUntil: z.preprocess(emptyToUndefined, dateField.nullable().optional()),
  /** Hand-picked events' ids (in it whatever the rules say). */
  events: idsField(COLLECTION_LIMITS.pickedMax).optional(),
}

/** POST /collections */
export const createCollectionBodySchema = z.object(collectionFields).strict()
export type CreateCollectionBody = z.input<typeof createCollectionBodySchema>

/** PATCH /collections/{slug}: any of the fields; lists replace the old ones. */
export const updateCollectionBodySchema = z.object(collectionFields).partial().strict()
export type UpdateCollectionBody = z.input<typeof updateCollectionBodySchema>

export const collectionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  rules: z.object({
    categories: z.array(z.string()),
    organizers: z.array(z.string()),
    places: z.array(z.string()),
    words: z.string().nullable(),
    startsFrom: z.string().nullable(),
    startsUntil: z.string().nullable(),
  }),
  /** Hand-picked events' ids. */
  events: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Collection = z.infer<typeof collectionSchema>

export const collectionListSchema = z.object({ items: z.array(collectionSchema) })

export const collectionSlugParamsSchema = z.object({ slug: z.string().min(1).max(100) })

/** GET /collections/{slug}?page=N: the collection and a page of its events that have not ended, soonest first. */
export const collectionPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(10_000, 'invalidValue').default(1),
})
export const collectionPageSchema = z.object({
  collection: collectionSchema,
  events: z.array(eventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** Its fediverse actor (a Group that followers get its events from), when federation is on. */
  fediverse: fediversePresenceSchema.optional(),
})
export type CollectionPage = z.infer<typeof collectionPageSchema>

/** A line of the console form's lists as the API takes it: the id in a page's link (…/event/{id}, …/profile/{id}),
 * else what was typed (an id, or a username with or without @). */
export function refOfLine(line: string): string {
  const text = line.trim()
  if (!/^https?:\/\//i.test(text)) return text.replace(/^@/, '')
  try {
    const parts = new URL(text).pathname.split('/').filter(Boolean).map(decodeURIComponent)
    const at = parts.findIndex((part) => part === 'event' || part === 'profile')
    return (at >= 0 ? parts[at + 1] : parts.at(-1)) ?? text
  } catch {
    return text
  }
}

/** A textarea of links, ids or usernames, one a line (commas and spaces separate too). */
const refsField = (max: number, tooMany: string) =>
  z.preprocess(
    (v) => {
      // conform may hand a textarea's one value over as an array of it
      const text = Array.isArray(v) && v.every((line) => typeof line === 'string') ? v.join('\n') : v
      return typeof text === 'string' ? text.split(/[\s,]+/).filter(Boolean).map(refOfLine).filter(Boolean) : text
    },
    z.array(idField, { error: 'invalidValue' }).max(max, tooMany).optional(),
  )

/** A date input's YYYY-MM-DD: the web turns it into the start (from) or end (until) of that day in its zone. */
const dayField = z.preprocess(emptyToUndefined, z.string({ error: 'invalidDate' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate').optional())

/** The console's collection form (/moderation/collections): POST or PATCH /collections with every field. */
export const collectionFormSchema = z
  .object({
    slug: collectionSlugField,
    name: collectionFields.name,
    description: collectionFields.description,
    categories: collectionFields.categories,
    organizers: refsField(COLLECTION_LIMITS.ruleItemsMax, 'collectionTooManyRules'),
    places: refsField(COLLECTION_LIMITS.ruleItemsMax, 'collectionTooManyRules'),
    words: collectionFields.words,
    startsFrom: dayField,
    startsUntil: dayField,
    events: refsField(COLLECTION_LIMITS.pickedMax, 'collectionTooManyPicks'),
  })
  .refine((v) => !v.startsFrom || !v.startsUntil || v.startsUntil >= v.startsFrom, { message: 'endBeforeStart', path: ['startsUntil'] })
export type CollectionForm = z.output<typeof collectionFormSchema>
