// Events and places (SPEC §3 post, §5 event/place form, §7 Events). One field schema serves the API
// (POST /event, PUT /event/{id}) and the web form; messages are codes (contract/messages.ts).
import { z } from 'zod'
import {
  ACCESS_TYPES,
  CATEGORIES,
  CURRENCIES,
  EVENT_FILTERS,
  EVENT_LIMITS,
  EVENT_TYPES,
  INVITATION_STATUSES,
  JOIN_DECISIONS,
  JOIN_REQUEST_STATUSES,
  LIMITS,
  MODERATION_STATUSES,
  POST_STATUSES,
  PRICE_RANGES,
  WEEK_DAYS,
} from './constants'
import { avatarFileSchema, requiredString } from './common'
import { fediversePresenceSchema, remoteOriginSchema } from './federation'
import { eventSeriesSchema } from './series'
import type { MessageCode } from './messages'

export type WeekDay = (typeof WEEK_DAYS)[number]

export type EventFilter = (typeof EVENT_FILTERS)[number]

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/

/** Parses a value that may be a JSON string (multipart fields) into a value; leaves it alone otherwise. */
export function parseJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const v = value.trim()
  if (v === '') return undefined
  try {
    return JSON.parse(v)
  } catch {
    return value
  }
}

/** The fields of POST /event sent as JSON strings in multipart (SPEC §7). */
export const EVENT_JSON_FIELDS = ['coordinates', 'maxParticipants', 'price', 'categories', 'hours', 'repeat'] as const

// --- field schemas ----------------------------------------------------------------------------

/** [lon, lat] (canonical, as stored in location.coordinates) or {lat, lon} / {latitude, longitude}. */
export const coordinatesField = z.unknown().transform((value, ctx): [number, number] => {
  let lon: unknown
  let lat: unknown
  if (Array.isArray(value) && value.length === 2) [lon, lat] = value
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    lat = o.lat ?? o.latitude
    lon = o.lon ?? o.lng ?? o.longitude
  }
  if (value === undefined || value === null || value === '') {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'choosePosition' })
    return z.NEVER
  }
  const x = typeof lon === 'string' ? Number(lon) : lon
  const y = typeof lat === 'string' ? Number(lat) : lat
  if (
    typeof x !== 'number' ||
    typeof y !== 'number' ||
    !Number.isFinite(x) ||
    !Number.isFinite(y) ||
    x < -180 ||
    x > 180 ||
    y < -90 ||
    y > 90
  ) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'choosePosition' })
    return z.NEVER
  }
  return [x, y]
})

export const priceSchema = z
  .object({
    donation: z.boolean({ invalid_type_error: 'invalidValue' }).optional().default(false),
    amount: z.coerce
      .number({ invalid_type_error: 'invalidValue' })
      .min(0, 'amountMin')
      .max(1e9, 'tooLong')
      .nullable()
      .optional(),
    currency: z
      .enum(CURRENCIES, { errorMap: () => ({ message: 'invalidValue' }) })
      .nullable()
      .optional(),
    range: z
      .enum(PRICE_RANGES, { errorMap: () => ({ message: 'invalidValue' }) })
      .nullable()
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.donation) return
    if (p.amount === undefined || p.amount === null)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['amount'], message: 'required' })
    if (!p.currency) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['currency'], message: 'required' })
  })
  .transform((p) =>
    p.donation
      ? { donation: true, amount: null, currency: null, range: null }
      : { donation: false, amount: p.amount ?? 0, currency: p.currency ?? null, range: p.range ?? null },
  )
export type Price = {
  donation: boolean
  amount: number | null
  currency: string | null
  range: string | null
}

export const hoursItemSchema = z
  .object({
    day: z.enum(WEEK_DAYS, { errorMap: () => ({ message: 'invalidValue' }) }),
    open: z.string({ required_error: 'required' }).regex(HHMM, 'invalidHours'),
    close: z.string({ required_error: 'required' }).regex(HHMM, 'invalidHours'),
  })
  // close < open is an overnight interval (e.g. 20:00–02:00); equal times are refused.
  .refine((h) => h.open !== h.close, { message: 'invalidHours', path: ['close'] })

const dateField = z
  .union([z.string(), z.date()], { invalid_type_error: 'invalidValue' })
  .transform((v, ctx) => {
    const d = v instanceof Date ? v : new Date(v)
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'invalidDate' })
      return z.NEVER
    }
    return d.toISOString()
  })

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** A yes/no field as JSON (true/false) or as multipart text ('true'/'false', a checkbox's 'on', '1'/'0'). */
const booleanField = z.preprocess((v) => {
  if (typeof v !== 'string') return emptyToUndefined(v)
  const s = v.trim().toLowerCase()
  if (s === '') return undefined
  if (s === 'true' || s === 'on' || s === '1') return true
  if (s === 'false' || s === 'off' || s === '0') return false
  return v
}, z.boolean({ invalid_type_error: 'invalidValue' }).optional())

/** The fields of the event/place form (SPEC §5) before the rules that need the caller's role. */
export const eventFieldsObject = z.object({
  title: requiredString().max(EVENT_LIMITS.titleMax, 'tooLong'),
  description: requiredString().max(EVENT_LIMITS.descriptionMax, 'tooLong'),
  eventType: z.enum(EVENT_TYPES, { errorMap: () => ({ message: 'invalidValue' }) }).default('EVENT'),
  accessType: z.enum(ACCESS_TYPES, { errorMap: () => ({ message: 'invalidValue' }) }),
  /** "Open, with approval" (decision 042): people ask to join and the organizer decides. Set when created. */
  joinApproval: booleanField.transform((v) => v ?? false),
  startDate: z.preprocess(emptyToUndefined, dateField.optional()),
  endDate: z.preprocess(emptyToUndefined, dateField.optional()),
  address: requiredString().max(EVENT_LIMITS.addressMax, 'tooLong'),
  coordinates: coordinatesField,
  maxParticipants: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ invalid_type_error: 'invalidValue' })
      .int('invalidValue')
      .min(LIMITS.minParticipants, 'minParticipants')
      .max(EVENT_LIMITS.maxParticipantsMax, 'tooLong')
      .optional(),
  ),
  price: z.preprocess(emptyToUndefined, priceSchema.optional()),
  categories: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : emptyToUndefined(v),
    z
      .array(z.enum(CATEGORIES, { errorMap: () => ({ message: 'invalidValue' }) }))
      .max(CATEGORIES.length, 'invalidValue')
      .optional()
      .transform((list) => [...new Set(list ?? [])]),
  ),
  channelLink: z.preprocess(
    emptyToUndefined,
    z
      .string({ invalid_type_error: 'invalidValue' })
      .trim()
      .max(EVENT_LIMITS.channelLinkMax, 'tooLong')
      .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), 'invalidUrl')
      .optional(),
  ),
  hours: z.preprocess(
    emptyToUndefined,
    z.array(hoursItemSchema).max(EVENT_LIMITS.hoursMax, 'tooLong').optional(),
  ),
})
export type EventFieldsInput = z.input<typeof eventFieldsObject>

export interface EventRuleOptions {
  /** can(role, 'eventAdminFields'): may leave startDate empty and set an event's channel link. */
  isAdmin: boolean
  /**
   * can(role, 'createPlace'), as the API passes it. The web's forms leave it out (isAdmin stands in): their
   * place page is guarded by requirePermission('createPlace') already.
   */
  mayCreatePlace?: boolean
  now?: Date
  /** On edit: a start date equal to this one may lie in the past (an event that already began). */
  existingStartDate?: string | null
  existingEndDate?: string | null
}

/**
 * The cross-field rules of SPEC §5 (places for admins, channel link of places, start date, past dates,
 * end ≥ start). Works on raw input too, so a form with other errors still shows these at once.
 */
export function eventRuleIssues(
  v: { eventType?: unknown; startDate?: unknown; endDate?: unknown; channelLink?: unknown },
  options: EventRuleOptions,
): { path: string; message: MessageCode }[] {
  const issues: { path: string; message: MessageCode }[] = []
  const now = (options.now ?? new Date()).getTime() - EVENT_LIMITS.pastSlackMs
  const iso = (x: unknown): string | null => {
    if (typeof x !== 'string' && !(x instanceof Date)) return null
    const d = new Date(x)
    return Number.isNaN(d.getTime()) ? null : d.toISOString()
  }
  const filled = (x: unknown) => x !== undefined && x !== null && !(typeof x === 'string' && x.trim() === '')
  if (v.eventType === 'PLACE') {
    if (!(options.mayCreatePlace ?? options.isAdmin)) issues.push({ path: 'eventType', message: 'placesAdminOnly' })
    if (!filled(v.channelLink)) issues.push({ path: 'channelLink', message: 'required' })
    return issues
  }
  const start = iso(v.startDate)
  const end = iso(v.endDate)
  if (!filled(v.startDate) && !options.isAdmin) issues.push({ path: 'startDate', message: 'required' })
  if (start && start !== options.existingStartDate && Date.parse(start) < now)
    issues.push({ path: 'startDate', message: 'pastDate' })
  if (end) {
    if (start && Date.parse(end) < Date.parse(start))
      issues.push({ path: 'endDate', message: 'endBeforeStart' })
    else if (end !== options.existingEndDate && Date.parse(end) < now)
      issues.push({ path: 'endDate', message: 'pastDate' })
  }
  return issues
}

/** The full form schema of SPEC §5 (the API adds photo counts, which come as files). */
export function eventFormSchema(options: EventRuleOptions) {
  return eventFieldsObject.superRefine((v, ctx) => {
    for (const issue of eventRuleIssues(v, options))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.path], message: issue.message })
    // "Open, with approval" (decision 042): followers-only and private events have their own way in.
    if (v.joinApproval && (v.accessType !== 'COMMON' || v.eventType === 'PLACE'))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['joinApproval'], message: 'approvalOpenOnly' })
  })
}
export type EventFields = z.output<typeof eventFieldsObject>

// --- responses ----------------------------------------------------------------------------------

export const eventImageSchema = z.object({
  _id: z.string(),
  /** Stored file name (random); DELETE /event/{id}/upload accepts it as {name}. */
  name: z.string(),
  /** URL path under the API root, e.g. /uploads/posts/ab12….webp */
  path: z.string(),
  url: z.string(),
  thumbnailPath: z.string(),
  thumbnailUrl: z.string(),
})
export type EventImage = z.infer<typeof eventImageSchema>

export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  lastname: z.string(),
  username: z.string(),
  avatarFile: avatarFileSchema.nullable(),
})
export type UserSummary = z.infer<typeof userSummarySchema>

export const geoPointSchema = z.object({
  type: z.literal('Point'),
  /** [lon, lat] */
  coordinates: z.tuple([z.number(), z.number()]),
})

export const priceResponseSchema = z.object({
  donation: z.boolean(),
  amount: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  range: z.enum(PRICE_RANGES).nullable(),
})

export const hoursResponseSchema = z.object({ day: z.string(), open: z.string(), close: z.string() })

export const eventInvitationSchema = z.object({
  invitationId: z.string(),
  status: z.enum(INVITATION_STATUSES),
})
export type EventInvitation = z.infer<typeof eventInvitationSchema>

/**
 * A post. `restricted: true` is the card of a PRIVATE/SUBSCRIBERS event the viewer may not open:
 * description, address, location, coordinates, channelLink are null and participants/likes are empty
 * (counts stay).
 */
export const moderationReasonsSchema = z.object({
  info: z.string().nullable(),
  image: z.string().nullable(),
  removed: z.string().nullable(),
})
export type ModerationReasons = z.infer<typeof moderationReasonsSchema>

export const eventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  eventType: z.enum(EVENT_TYPES),
  accessType: z.enum(ACCESS_TYPES),
  /** People ask to join and the organizer accepts or declines each request (decision 042); invitees join directly. */
  joinApproval: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  address: z.string().nullable(),
  location: geoPointSchema.nullable(),
  /** [lon, lat], same as location.coordinates */
  coordinates: z.tuple([z.number(), z.number()]).nullable(),
  images: z.array(eventImageSchema),
  categories: z.array(z.string()),
  hours: z.array(hoursResponseSchema),
  price: priceResponseSchema.nullable(),
  channelLink: z.string().nullable(),
  maxParticipants: z.number().int().nullable(),
  participants: z.array(z.string()),
  participantsCount: z.number().int(),
  likes: z.array(z.string()),
  likesCount: z.number().int(),
  views: z.number().int(),
  postedBy: userSummarySchema,
  createdBy: z.string(),
  moderationStatus: z.enum(MODERATION_STATUSES),
  moderationImageStatus: z.enum(MODERATION_STATUSES),
  postStatus: z.enum(POST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  isLiked: z.boolean(),
  isParticipant: z.boolean(),
  isOwner: z.boolean(),
  /** The viewer may take moderation decisions on it: a moderator, and not its author (another moderator decides). */
  mayModerate: z.boolean(),
  /** The viewer may join now (signed in, allowed by the access type, seats left, not ended or cancelled, an EVENT). */
  canJoin: z.boolean(),
  /** The viewer may join the waiting list now: as canJoin, but every seat is taken. */
  canWait: z.boolean(),
  /** The viewer may ask to join now (an event with joinApproval they may not join directly); false once asked. */
  canAsk: z.boolean(),
  /** The viewer's request to join, or null: PENDING (they may withdraw it) or DECLINED (final for this event). */
  joinRequest: z.object({ status: z.enum(JOIN_REQUEST_STATUSES), createdAt: z.string() }).nullable(),
  /** For the organizer: how many requests wait for a decision (0 for everyone else). */
  joinRequestsPending: z.number().int(),
  /** How many people wait for a seat, and the viewer's place in that line (1 = next), or null. */
  waitlistCount: z.number().int(),
  waitlistPosition: z.number().int().nullable(),
  /** Set when the organizer cancelled the event: it stays visible and cannot be joined. */
  cancelledAt: z.string().nullable(),
  /** The organizer's word to participants on cancelling (null for restricted cards). */
  cancelMessage: z.string().nullable(),
  /** When the organizer last moved the event to new dates, and the start it had before its first move. */
  rescheduledAt: z.string().nullable(),
  previousStartDate: z.string().nullable(),
  restricted: z.boolean(),
  /** Ended (endDate, or startDate + 6 h without endDate, is past). Places never end. */
  isEnded: z.boolean(),
  /** The viewer's invitation to this event (any status), or null: recipients answer it on the event page. */
  invitation: eventInvitationSchema.nullable(),
  /**
   * For the owner and moderators only (else null): the reasons moderators gave while the information is
   * REJECTED, the photos are REJECTED, or the post is DELETED by a moderator.
   */
  moderationReasons: moderationReasonsSchema.nullable().optional(),
  /** A place's handle and fediverse followers (GET /event/{id} of a public place with federation on). */
  fediverse: fediversePresenceSchema.optional(),
  /** Likes and boosts from the fediverse, counted apart from likesCount (GET /event/{id} with federation on). */
  fediverseLikes: z.number().int().optional(),
  fediverseBoosts: z.number().int().optional(),
  /** An event from the fediverse (read-only here): its page and server, and its text as sanitised HTML. */
  remote: remoteOriginSchema.optional(),
  /** A date of a recurring event (GET /event/{id} only): its series and the series' other dates (decision 041). */
  series: eventSeriesSchema.optional(),
})
export type Event = z.infer<typeof eventSchema>

export const geoFilterSchema = z.object({
  city: z.string(),
  country: z.string(),
  /** [lon, lat] */
  coordinates: z.tuple([z.number(), z.number()]),
  /** The city's handle and fediverse followers (a list of a city, with federation on). */
  fediverse: fediversePresenceSchema.optional(),
})
export type GeoFilter = z.infer<typeof geoFilterSchema>

export const eventPageSchema = z.object({
  events: z.array(eventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
})

export const eventListResponseSchema = eventPageSchema.extend({ geo: geoFilterSchema })
export type EventListResponse = z.infer<typeof eventListResponseSchema>

const csv = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined
  const list = Array.isArray(v) ? v : [v]
  return list
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean)
}

export const pageQueryField = z.coerce
  .number({ invalid_type_error: 'invalidValue' })
  .int('invalidValue')
  .min(1, 'invalidValue')
  .max(10_000, 'invalidValue')
  .default(1)

/** GET /event/all query. startDate/endDate: ISO instants, or YYYY-MM-DD for whole UTC days. */
export const eventListQuerySchema = z.object({
  page: pageQueryField,
  city: z.string().trim().max(200, 'tooLong').optional(),
  country: z.string().trim().max(100, 'tooLong').optional(),
  /** Optional explicit centre (overrides city). */
  lat: z.coerce.number().min(-90, 'invalidValue').max(90, 'invalidValue').optional(),
  lon: z.coerce.number().min(-180, 'invalidValue').max(180, 'invalidValue').optional(),
  startDate: z.string().trim().max(40, 'tooLong').optional(),
  endDate: z.string().trim().max(40, 'tooLong').optional(),
  eventType: z.enum(EVENT_TYPES, { errorMap: () => ({ message: 'invalidValue' }) }).default('EVENT'),
  categories: z.preprocess(
    csv,
    z.array(z.enum(CATEGORIES, { errorMap: () => ({ message: 'invalidValue' }) })).optional(),
  ),
  filter: z.enum(EVENT_FILTERS, { errorMap: () => ({ message: 'invalidValue' }) }).default('active'),
})
export type EventListQuery = z.infer<typeof eventListQuerySchema>

/** GET /event/my and GET /event/{userId}/events */
export const userEventsQuerySchema = z.object({
  page: pageQueryField,
  eventType: z.enum(EVENT_TYPES, { errorMap: () => ({ message: 'invalidValue' }) }).optional(),
  filter: z
    .enum(['active', 'completed', 'all'], { errorMap: () => ({ message: 'invalidValue' }) })
    .default('all'),
})

/** PUT /event/{id}/like and /participate: the state wanted; no body (or no field) toggles, as the mobile app does. */
export const likeBodySchema = z.object({ like: z.boolean().optional() }).strict()
export const participateBodySchema = z.object({ participate: z.boolean().optional() }).strict()

export const likeResponseSchema = z.object({
  postId: z.string(),
  likes: z.array(z.string()),
  likesCount: z.number().int(),
  isLiked: z.boolean(),
})
export const viewResponseSchema = z.object({ postId: z.string(), views: z.number().int() })
export const participateResponseSchema = z.object({
  postId: z.string(),
  participants: z.array(z.string()),
  participantsCount: z.number().int(),
  maxParticipants: z.number().int().nullable(),
  isParticipant: z.boolean(),
})
/** POST /event/{id}/cancel: the organizer's message to participants, people waiting and invitees. */
export const cancelEventBodySchema = z
  .object({
    message: z.preprocess(
      emptyToUndefined,
      z.string({ invalid_type_error: 'invalidValue' }).trim().max(EVENT_LIMITS.cancelMessageMax, 'tooLong').optional(),
    ),
    /** A date of a series: this date only (default), or the whole series — every date not ended, and no new ones. */
    scope: z.preprocess(emptyToUndefined, z.enum(['this', 'series'], { errorMap: () => ({ message: 'invalidValue' }) }).optional()),
  })
  .strict()
export type CancelEventBody = z.input<typeof cancelEventBodySchema>

/** POST /event/{id}/reschedule's body as sent (its rules need the event: rescheduleBodySchema checks them). */
export const rescheduleFieldsSchema = z
  .object({ startDate: z.string().max(40).optional(), endDate: z.string().max(40).nullable().optional() })
  .strict()

/**
 * POST /event/{id}/reschedule: new dates under the form's rules (a start is required and not in the past,
 * the end not before it); an unchanged date of an event that already began still passes.
 */
export function rescheduleBodySchema(options: Omit<EventRuleOptions, 'isAdmin'>) {
  return z
    .object({
      startDate: z.preprocess(emptyToUndefined, dateField.optional()),
      endDate: z.preprocess(emptyToUndefined, dateField.optional()),
    })
    .strict()
    .superRefine((v, ctx) => {
      for (const issue of eventRuleIssues({ eventType: 'EVENT', ...v }, { ...options, isAdmin: false }))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.path], message: issue.message })
    })
}
export type RescheduleBody = z.input<ReturnType<typeof rescheduleBodySchema>>

/** PUT/DELETE /event/{id}/waitlist and DELETE /event/{id}/waitlist/{userId}: the seat and the line after the call. */
export const waitlistResponseSchema = z.object({
  postId: z.string(),
  isParticipant: z.boolean(),
  /** The caller's place in line (1 = next), null when not waiting; for the organizer's removal, null. */
  waitlistPosition: z.number().int().nullable(),
  waitlistCount: z.number().int(),
  participantsCount: z.number().int(),
  maxParticipants: z.number().int().nullable(),
})
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>

/** GET /event/{id}/waitlist: the organizer's (and moderators') view of the line, first first. */
export const waitlistListSchema = z.object({
  postId: z.string(),
  waiting: z.array(z.object({ user: userSummarySchema, position: z.number().int(), since: z.string() })),
})
export type WaitlistList = z.infer<typeof waitlistListSchema>

/** PUT/DELETE /event/{id}/join-request: the caller's request and seat after the call. */
export const joinRequestStateSchema = z.object({
  postId: z.string(),
  joinRequest: z.object({ status: z.enum(JOIN_REQUEST_STATUSES), createdAt: z.string() }).nullable(),
  isParticipant: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
})
export type JoinRequestState = z.infer<typeof joinRequestStateSchema>

/** GET /event/{id}/join-requests: the requests waiting for the organizer, oldest first. */
export const joinRequestListSchema = z.object({
  postId: z.string(),
  requests: z.array(z.object({ user: userSummarySchema, since: z.string() })),
  declinedCount: z.number().int(),
})
export type JoinRequestList = z.infer<typeof joinRequestListSchema>

/** PUT /event/{id}/join-requests/{userId} (one request) and PUT /event/{id}/join-requests (every pending one). */
export const joinDecisionBodySchema = z
  .object({ decision: z.enum(JOIN_DECISIONS, { errorMap: () => ({ message: 'invalidValue' }) }) })
  .strict()
export type JoinDecisionBody = z.infer<typeof joinDecisionBodySchema>

/** What a decision did: who took a seat, who went to the waiting list (a full event), who was declined. */
export const joinDecisionResultSchema = z.object({
  postId: z.string(),
  seated: z.array(z.string()),
  waitlisted: z.array(z.string()),
  declined: z.array(z.string()),
  participantsCount: z.number().int(),
  maxParticipants: z.number().int().nullable(),
  pending: z.number().int(),
})
export type JoinDecisionResult = z.infer<typeof joinDecisionResultSchema>

export const participantsResponseSchema = z.object({
  participants: z.array(userSummarySchema),
  postedBy: userSummarySchema,
  maxParticipants: z.number().int().nullable(),
})
export const deleteImageSchema = z
  .object({ name: z.string().trim().max(200).optional(), imageId: z.string().trim().max(100).optional() })
  .refine((b) => b.name || b.imageId, { message: 'required', path: ['name'] })
export const imagesResponseSchema = z.object({ postId: z.string(), images: z.array(eventImageSchema) })
