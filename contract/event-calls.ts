// The calls about events besides the form (SPEC §7 Events): list queries, like and participate, cancel and
// reschedule, the waiting list and requests to join, with their answers.
import { z } from 'zod'
import {
  ACCESSIBILITY_FEATURES,
  CATEGORIES,
  EVENT_FILTERS,
  EVENT_LIMITS,
  EVENT_TYPES,
  JOIN_DECISIONS,
  JOIN_REQUEST_STATUSES,
} from './constants'
import { dateField, emptyToUndefined, eventRuleIssues, type EventRuleOptions } from './event-fields'
import { eventImageSchema, userSummarySchema } from './event-answers'

const csv = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined
  const list = Array.isArray(v) ? v : [v]
  return list
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean)
}

export const pageQueryField = z.coerce
  .number({ error: 'invalidValue' })
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
  eventType: z.enum(EVENT_TYPES, { error: 'invalidValue' }).default('EVENT'),
  categories: z.preprocess(
    csv,
    z.array(z.enum(CATEGORIES, { error: 'invalidValue' })).optional(),
  ),
  filter: z.enum(EVENT_FILTERS, { error: 'invalidValue' }).default('active'),
  /** Only posts with every one of these accessibility features (comma-separated or repeated). */
  accessibility: z.preprocess((v) => {
    const list = csv(v)
    return Array.isArray(list) ? [...new Set(list)] : list
  }, z.array(z.enum(ACCESSIBILITY_FEATURES, { error: 'invalidValue' })).optional()),
  /** Only events people can take part in online (ONLINE or HYBRID): true/1. */
  online: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean({ error: 'invalidValue' }).optional(),
  ),
})
export type EventListQuery = z.infer<typeof eventListQuerySchema>

/** GET /event/my and GET /event/{userId}/events */
export const userEventsQuerySchema = z.object({
  page: pageQueryField,
  eventType: z.enum(EVENT_TYPES, { error: 'invalidValue' }).optional(),
  filter: z
    .enum(['active', 'completed', 'all'], { error: 'invalidValue' })
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
      z.string({ error: 'invalidValue' }).trim().max(EVENT_LIMITS.cancelMessageMax, 'tooLong').optional(),
    ),
    /** A date of a series: this date only (default), or the whole series — every date not ended, and no new ones. */
    scope: z.preprocess(emptyToUndefined, z.enum(['this', 'series'], { error: 'invalidValue' }).optional()),
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
  .object({ decision: z.enum(JOIN_DECISIONS, { error: 'invalidValue' }) })
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
