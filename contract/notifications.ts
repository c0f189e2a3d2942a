// Notifications (SPEC §2 Notifications, §3 Notification, §7 Notifications), the realtime socket (§7, §9
// heartbeat) and web push (§7 POST /push/web). Who gets which notification: ARCHITECTURE "Rules the spec
// leaves open" and docs/decisions/007-notifications-realtime.md.
import { z } from 'zod'
import { EVENT_TYPES, MODERATION_FIELDS, MODERATION_TARGET_TYPES, NOTIFICATION_TYPES, REMINDER_KINDS } from './constants'
import { pageQueryField, userSummarySchema } from './events'
import { formSwitch, typeErrors } from './common'

export const NOTIFICATION_LIMITS = {
  /** GET /notifications */
  pageSize: 20,
  /** GET /notifications/latest → lastNotifications */
  latest: 10,
} as const

export const notificationIdParams = z.object({ id: z.string().min(1).max(100) })
export const notificationsQuerySchema = z.object({ page: pageQueryField })

/**
 * A notification of its recipient. entityId: the post id (newPost, updatePost, invite, newParticipate,
 * postLike) or the follower's user id (follow). userFrom: who caused it (null when that account is gone).
 * post: a short summary of the post for post notifications (null for follow, or when the post is gone).
 */
export const notificationSchema = z.object({
  _id: z.string(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  userFrom: userSummarySchema.nullable(),
  entityId: z.string().nullable(),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  isOpened: z.boolean(),
  post: z.object({ _id: z.string(), title: z.string(), eventType: z.enum(EVENT_TYPES) }).nullable(),
  /** A `moderation` notification's decision: what was decided on which target, and the moderator's reason. */
  moderation: z
    .object({
      targetType: z.enum(MODERATION_TARGET_TYPES),
      field: z.enum(MODERATION_FIELDS),
      to: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** A `report` notification's report: closed as RESOLVED or DISMISSED, about what (no details of any action). */
  report: z
    .object({
      status: z.enum(['RESOLVED', 'DISMISSED']),
      targetType: z.enum(MODERATION_TARGET_TYPES),
      targetId: z.string(),
      targetLabel: z.string().nullable(),
      /** A group's handle, when the report was about a group (its page is /groups/{handle}). */
      targetHandle: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** A `groupInvite` notification's group (null when it is gone). */
  group: z.object({ handle: z.string(), name: z.string() }).nullable().optional(),
  /** An `eventReminder` notification's reminder: which one, and the event's start (as it is now). */
  reminder: z
    .object({
      kind: z.enum(REMINDER_KINDS),
      startDate: z.string().nullable(),
      /** The link to take part online (an event online), for the participant reminded. */
      onlineUrl: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** An `eventMessage` notification's message: the organizer's words, as they wrote them. */
  message: z.object({ _id: z.string(), body: z.string() }).nullable().optional(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
})

/** GET /notifications/latest: the latest few (opened or not) and the number of unopened ones. */
export const latestNotificationsSchema = z.object({
  lastNotifications: z.array(notificationSchema),
  count: z.number().int(),
})
export type LatestNotifications = z.infer<typeof latestNotificationsSchema>

/** PUT /notifications/markAsOpened */
export const markAllOpenedResponseSchema = z.object({ updated: z.number().int(), count: z.number().int() })
/** DELETE /notifications/{id} */
export const deleteNotificationResponseSchema = z.object({ _id: z.string(), deleted: z.literal(true) })

// --- realtime socket (socket.io; its constants are REALTIME in constants.ts) ----------------------------

/** POST /realtime/ticket: pass `ticket` as socket.io `auth: { ticket }`; it is valid for `expiresIn` seconds. */
export const realtimeTicketResponseSchema = z.object({ ticket: z.string(), expiresIn: z.number().int() })

// --- web push -----------------------------------------------------------------------------------------

/** Decoded byte length of a base64url (or base64, padded or not) string, or -1 when it is not one. */
export function base64UrlByteLength(value: string): number {
  if (!/^[A-Za-z0-9_\-+/]+={0,2}$/.test(value)) return -1
  const n = value.replace(/=+$/, '').length
  if (n % 4 === 1) return -1
  return Math.floor((n * 6) / 8)
}

/** A browser PushSubscription as JSON (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string(typeErrors('required', 'invalidValue'))
    .trim()
    .min(1, 'required')
    .max(2048, 'tooLong')
    .url('pushSubscriptionInvalid')
    .refine((v) => /^https?:\/\//i.test(v), 'pushSubscriptionInvalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** the browser's P-256 public key, uncompressed (65 bytes) */
      p256dh: z
        .string(typeErrors('required', 'invalidValue'))
        .trim()
        .min(1, 'required')
        .refine((v) => base64UrlByteLength(v) === 65, 'pushSubscriptionInvalid'),
      /** the 16-byte authentication secret */
      auth: z
        .string(typeErrors('required', 'invalidValue'))
        .trim()
        .min(1, 'required')
        .refine((v) => base64UrlByteLength(v) === 16, 'pushSubscriptionInvalid'),
    },
    typeErrors('required', 'invalidValue'),
  ),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

/** POST /push/web. userId is optional; when sent it must be the caller's id (the bearer token decides). */
export const pushWebBodySchema = z.object({
  subscription: pushSubscriptionSchema,
  userId: z.string().max(100, 'invalidValue').optional(),
})

/** DELETE /push/web */
export const pushUnsubscribeBodySchema = z.object({
  endpoint: z
    .string(typeErrors('required', 'invalidValue'))
    .trim()
    .min(1, 'required')
    .max(2048, 'tooLong'),
})

export const pushWebResponseSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  userId: z.string(),
  createdAt: z.string(),
})

/** GET /push/vapidPublicKey: the applicationServerKey for pushManager.subscribe (null when web push is off). */
export const vapidPublicKeyResponseSchema = z.object({
  publicKey: z.string().nullable(),
  enabled: z.boolean(),
})

/** What a push message carries (JSON, encrypted aes128gcm); the service worker shows title/body and opens url. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  notificationId: z.string(),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>

// --- reminder settings (Settings → Notifications; docs/decisions/030-event-reminders.md) -----------------

const settingSwitch = z.boolean(typeErrors('required', 'invalidValue'))

/**
 * GET and PUT /profile/notificationSettings. remind24h / remind1h: whether the reminder a day before and an
 * hour before an event one takes part in is sent at all (as a notification, and by push on the devices that
 * turned push on); remindByMail: whether a reminder that is sent also comes by email.
 */
export const notificationSettingsSchema = z.object({
  remind24h: settingSwitch,
  remind1h: settingSwitch,
  remindByMail: settingSwitch,
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

/** The reminder switches as the settings form posts them → the body of PUT /profile/notificationSettings. */
export const notificationSettingsFormSchema = z.object({
  remind24h: formSwitch,
  remind1h: formSwitch,
  remindByMail: formSwitch,
})
