// Outbound webhooks (issue 42): endpoints that hear of events as they change, signed as the Standard Webhooks
// specification says. One schema per payload, for the API and the web's Settings → Webhooks.
import { z } from 'zod'
import { httpUrlField, requiredString } from './common'

export const WEBHOOK_EVENTS = [
  'event.created',
  'event.updated',
  'event.cancelled',
  'event.deleted',
  'participant.joined',
  'participant.left',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** OWN: the caller's own events; SITE: every public event of the site (admins). */
export const WEBHOOK_SCOPES = ['OWN', 'SITE'] as const

export const WEBHOOK_LIMITS = {
  perOwner: 10,
  urlMax: 2000,
  descriptionMax: 200,
  /** The most of a receiver's answer kept in the log. */
  answerMax: 500,
  /** Deliveries shown in the log. */
  logSize: 50,
} as const

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const

const webhookUrlField = httpUrlField(WEBHOOK_LIMITS.urlMax)

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'invalidValue' }), { error: 'required' })
  .min(1, 'chooseWebhookEvents')

/** POST /webhooks */
export const createWebhookBodySchema = z.object({
  url: webhookUrlField,
  events: eventsField,
  scope: z.enum(WEBHOOK_SCOPES, { error: 'invalidValue' }).optional(),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMax, 'tooLong').optional(),
})

/** PATCH /webhooks/{id}: `enabled: true` turns a disabled webhook on again. */
export const updateWebhookBodySchema = z.object({
  url: webhookUrlField.optional(),
  events: eventsField.optional(),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMax, 'tooLong').optional(),
  enabled: z.boolean({ error: 'invalidValue' }).optional(),
})

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  scope: z.enum(WEBHOOK_SCOPES),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Why it was turned off (in the caller's language), or null. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Webhook = z.infer<typeof webhookSchema>

/** POST /webhooks answers the secret this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() })

export const webhookListSchema = z.object({ items: z.array(webhookSchema) })

export const webhookDeliverySchema = z.object({
  /** The webhook-id header of every attempt. */
  id: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, or null when it did not answer. */
  responseStatus: z.number().int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  responseMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) })

export const webhookIdParamsSchema = z.object({ id: z.string().min(1).max(100) })

/** Settings → Webhooks: a webhook's buttons post its id with the intent. */
export const webhookIntentSchema = z.object({
  intent: z.enum(['test', 'enable', 'disable', 'remove'], { error: 'invalidValue' }),
  webhookId: requiredString().max(100, 'invalidValue'),
})
