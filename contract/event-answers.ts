// What the API answers about events and places (SPEC §3 post, §7 Events): an event as a viewer sees it, its
// photos, organizer, price and hours, and the pages of a list.
import { z } from 'zod'
import {
  ACCESS_TYPES,
  ACCESSIBILITY_FEATURES,
  ATTENDANCE_MODES,
  CURRENCIES,
  EVENT_TYPES,
  INVITATION_STATUSES,
  JOIN_REQUEST_STATUSES,
  MODERATION_STATUSES,
  POST_STATUSES,
  PRICE_RANGES,
} from './constants'
import { avatarFileSchema } from './common'
import { fediversePresenceSchema, remoteOriginSchema } from './federation'
import { eventSeriesSchema } from './series'

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
  /** In a place, online or both (issue 43). */
  attendanceMode: z.enum(ATTENDANCE_MODES),
  /** The link to take part online: for participants, the organizer and moderators, or everyone when onlineUrlPublic
   * on a public event; else null. */
  onlineUrl: z.string().nullable(),
  /** Whether the event has a link to take part online (shown or not). */
  hasOnlineUrl: z.boolean(),
  /** The organizer shows the link to everyone (public events only). */
  onlineUrlPublic: z.boolean(),
  /** Accessibility features (issue 43), in ACCESSIBILITY_FEATURES order, and the organizer's words for the rest. */
  accessibility: z.array(z.enum(ACCESSIBILITY_FEATURES)),
  accessibilityNote: z.string().nullable(),
  maxParticipants: z.number().int().nullable(),
  participants: z.array(z.string()),
  participantsCount: z.number().int(),
  likes: z.array(z.string()),
  likesCount: z.number().int(),
  views: z.number().int(),
  postedBy: userSummarySchema,
  createdBy: z.string(),
  /** The group it is posted as (issue 45): its owners, admins and editors organize it (isOwner for them). */
  group: z.object({ id: z.string(), handle: z.string(), name: z.string() }).nullable().optional(),
  moderationStatus: z.enum(MODERATION_STATUSES),
  moderationImageStatus: z.enum(MODERATION_STATUSES),
  postStatus: z.enum(POST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  isLiked: z.boolean(),
  isParticipant: z.boolean(),
  /** The viewer organizes it: its author, or (a group's event) an owner, admin or editor of the group. */
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
  /** The calendar an imported event came from (issue 42): for its organizer and moderators only. */
  importedFrom: z
    .object({ sourceId: z.string(), url: z.string(), name: z.string().nullable(), trusted: z.boolean(), paused: z.boolean() })
    .optional(),
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
