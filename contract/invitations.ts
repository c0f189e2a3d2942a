// Invitations (SPEC §3 Invitation, §4 states, §7 Invitations). An organizer invites followers to an event;
// each recipient answers ACCEPTED (joins within the participant limit) or DECLINED; the organizer sees a
// status per recipient and may revoke one. Messages are codes (contract/messages.ts).
import { z } from 'zod'
import { INVITATION_STATUSES } from './constants'
import { eventSchema, pageQueryField, userSummarySchema } from './events'
import { typeErrors } from './common'

export const INVITATION_RESPONSES = ['ACCEPTED', 'DECLINED'] as const
export type InvitationResponse = (typeof INVITATION_RESPONSES)[number]

export const INVITATION_LIMITS = {
  /** Recipients per POST /invitations. */
  maxRecipients: 50,
  /** GET /invitations/my */
  pageSize: 20,
} as const

const idField = z
  .string(typeErrors('required', 'invalidValue'))
  .trim()
  .min(1, 'required')
  .max(100, 'invalidValue')

/** POST /invitations */
export const createInvitationSchema = z.object({
  postId: idField,
  recipientIds: z
    .array(idField, typeErrors('required', 'invalidValue'))
    .min(1, 'required')
    .max(INVITATION_LIMITS.maxRecipients, 'tooManyRecipients'),
})
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>

/** POST /invitations/{id}/respond */
export const respondInvitationSchema = z.object({
  // A missing status answers 'required' (api/lib/errors.ts issueCode), a wrong one 'invalidValue'.
  status: z.enum(INVITATION_RESPONSES, { error: 'invalidValue' }),
})

/** DELETE /invitations/{id}/user */
export const revokeInvitationSchema = z.object({ userId: idField })

export const invitationIdParams = z.object({ id: z.string().min(1).max(100) })
export const myInvitationsQuerySchema = z.object({ page: pageQueryField })

// --- responses ----------------------------------------------------------------------------------

/** One recipient of an invitation, as the organizer sees it. */
export const invitationRecipientSchema = z.object({
  /** id of the recipient row */
  _id: z.string(),
  invitationId: z.string(),
  recipientId: z.string(),
  recipient: userSummarySchema,
  status: z.enum(INVITATION_STATUSES),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type InvitationRecipient = z.infer<typeof invitationRecipientSchema>

/**
 * Answer of POST /invitations (201): the new invitation with one line per requested recipient.
 * `result`: invited (new), alreadyInvited (an earlier invitation of this event; its status is shown),
 * alreadyParticipant (takes part already; not invited).
 */
export const createInvitationResponseSchema = z.object({
  _id: z.string(),
  id: z.string(),
  postId: z.string(),
  createdAt: z.string(),
  recipients: z.array(
    z.object({
      recipientId: z.string(),
      recipient: userSummarySchema,
      invitationId: z.string().nullable(),
      status: z.enum(INVITATION_STATUSES).nullable(),
      result: z.enum(['invited', 'alreadyInvited', 'alreadyParticipant']),
    }),
  ),
})
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>

/** GET /invitations/{id}/statuses: every recipient of the event's invitations (organizer only). */
export const invitationStatusesSchema = z.object({
  postId: z.string(),
  /** The invitation asked for, or null when {id} was the post id (all invitations of the event). */
  invitationId: z.string().nullable(),
  statuses: z.array(invitationRecipientSchema),
})

/** An invitation the caller received: the post (as the caller may see it) plus the invitation fields. */
export const myInvitationSchema = eventSchema.extend({
  postId: z.string(),
  invitationId: z.string(),
  status: z.enum(INVITATION_STATUSES),
  invitedAt: z.string(),
  invitedBy: userSummarySchema,
})
export type MyInvitation = z.infer<typeof myInvitationSchema>

export const myInvitationsResponseSchema = z.object({
  invitations: z.array(myInvitationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
})

/** POST /invitations/{id}/respond */
export const respondInvitationResponseSchema = z.object({
  invitationId: z.string(),
  postId: z.string(),
  status: z.enum(INVITATION_STATUSES),
  isParticipant: z.boolean(),
  participantsCount: z.number().int(),
  maxParticipants: z.number().int().nullable(),
})

/** DELETE /invitations/{id}/user */
export const revokeInvitationResponseSchema = z.object({
  postId: z.string(),
  userId: z.string(),
  revoked: z.literal(true),
  /** The revoked invitee had accepted and so lost the seat the invitation gave. */
  leftEvent: z.boolean(),
})
