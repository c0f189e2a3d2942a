// Organizer groups (issue 45): a club, a venue's team, a festival. Members have roles; what each role may do is
// one table, GROUP_PERMISSIONS, that the API enforces by name and the web reads to show or hide actions (as
// PERMISSIONS does for the site's roles). One schema per payload, for the API and the web's forms.
import { z } from 'zod'
import { emailField, requiredString, typeErrors } from './common'
import { userSummarySchema } from './event-answers'
import { fediversePresenceSchema } from './federation'
import { GROUP_INVITE_ROLES, GROUP_ROLES, GROUP_STATUSES } from './group-permissions'

export * from './group-permissions'

export const GROUP_LIMITS = {
  handleMin: 4,
  handleMax: 30,
  nameMin: 3,
  nameMax: 100,
  descriptionMax: 2000,
  /** Groups one person may make. */
  ownedMax: 10,
  /** Invitations waiting in one group at once. */
  pendingInvitationsMax: 100,
  /** An invitation not answered within this many days is gone (the inviter may send a new one). */
  invitationDays: 30,
  /** Groups and members on a page. */
  pageSize: 12,
  /** Events on a page of the group's events. */
  eventsPageSize: 12,
} as const

/** Words of the /groups paths (the API's and the web's), never a group's handle. */
const RESERVED_GROUP_HANDLES: readonly string[] = ['invitations', 'new', 'mine']

/**
 * Lowercase latin letters, digits and underscore: /groups/{handle} and @handle on the fediverse. A handle shares the
 * usernames' namespace (the API refuses one a person has, and a username a group has), so either names one actor.
 */
export const groupHandleField = z
  .string(typeErrors('required', 'invalidValue'))
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[a-z0-9_]{${GROUP_LIMITS.handleMin},${GROUP_LIMITS.handleMax}}$`), 'groupHandleInvalid')
  .refine((handle) => !RESERVED_GROUP_HANDLES.includes(handle), 'groupHandleTaken')

const groupFields = {
  name: requiredString().min(GROUP_LIMITS.nameMin, 'groupNameMin').max(GROUP_LIMITS.nameMax, 'tooLong'),
  description: z.string({ error: 'invalidValue' }).trim().max(GROUP_LIMITS.descriptionMax, 'tooLong').optional(),
}

/** POST /groups, and the web's new-group form. */
export const createGroupBodySchema = z.object({ handle: groupHandleField, ...groupFields }).strict()
export type CreateGroupBody = z.input<typeof createGroupBodySchema>

/** PATCH /groups/{handle}, and the web's group settings form: the handle stays (feeds and followers know it). */
export const updateGroupBodySchema = z.object(groupFields).partial().strict()
export type UpdateGroupBody = z.input<typeof updateGroupBodySchema>

export const groupHandleParamsSchema = z.object({ handle: z.string().min(1).max(100) })
export const groupMemberParamsSchema = groupHandleParamsSchema.extend({ userId: z.string().min(1).max(100) })
export const groupInvitationParamsSchema = groupHandleParamsSchema.extend({ id: z.string().min(1).max(100) })

const inviteRoleField = z.enum(GROUP_INVITE_ROLES, { error: 'invalidValue' })

/** POST /groups/{handle}/invitations: a username (with or without @) or an email address, and the role to join as. */
export const groupInviteBodySchema = z
  .object({
    who: requiredString()
      .max(254, 'tooLong')
      .transform((v) => v.replace(/^@/, '')),
    role: inviteRoleField.default('member'),
  })
  .strict()
export type GroupInviteBody = z.input<typeof groupInviteBodySchema>

/** Whether the invite form's `who` is an email address (else a username). */
export function isEmailAddress(who: string): boolean {
  return emailField.safeParse(who).success
}

/** PATCH /groups/{handle}/members/{userId}: a new role (owner: owners only). */
export const groupRoleBodySchema = z.object({ role: z.enum(GROUP_ROLES, { error: 'invalidValue' }) }).strict()
export type GroupRoleBody = z.input<typeof groupRoleBodySchema>

/** POST /groups/{handle}/transfer: the member who becomes an owner; the caller stays on as an admin. */
export const groupTransferBodySchema = z.object({ userId: requiredString().max(100, 'invalidValue') }).strict()

/** POST /groups/invitations/{id}/respond */
export const groupInvitationAnswerSchema = z.object({ accept: z.boolean({ error: 'invalidValue' }) }).strict()

export const groupListQuerySchema = z.object({
  q: z.string({ error: 'invalidValue' }).trim().max(100, 'tooLong').optional(),
  page: z.coerce.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(10_000, 'invalidValue').default(1),
})

export const groupEventsQuerySchema = z.object({
  when: z.enum(['upcoming', 'past'], { error: 'invalidValue' }).default('upcoming'),
  page: groupListQuerySchema.shape.page,
})

export const groupSchema = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.enum(GROUP_STATUSES),
  moderationStatus: z.enum(['PENDING', 'APPROVED']),
  /** A moderator's reason for a suspension, shown to the group's members and moderators; else null. */
  statusReason: z.string().nullable(),
  membersCount: z.number().int(),
  followersCount: z.number().int(),
  createdAt: z.string(),
  /** The caller's ties to it: their role (null: not a member), whether they follow it, an invitation waiting. */
  viewer: z.object({
    role: z.enum(GROUP_ROLES).nullable(),
    isFollowing: z.boolean(),
    invitation: z.object({ id: z.string(), role: z.enum(GROUP_INVITE_ROLES) }).nullable(),
  }),
  /** Its fediverse actor (a Group that followers get its events from), when federation is on. */
  fediverse: fediversePresenceSchema.optional(),
})
export type Group = z.infer<typeof groupSchema>

export const groupListSchema = z.object({
  items: z.array(groupSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
})

export const groupMemberSchema = z.object({ user: userSummarySchema, role: z.enum(GROUP_ROLES), joinedAt: z.string() })
export type GroupMember = z.infer<typeof groupMemberSchema>
export const groupMembersSchema = z.object({ items: z.array(groupMemberSchema) })

export const groupInvitationSchema = z.object({
  id: z.string(),
  /** The person invited, or null for an email address without an account yet. */
  user: userSummarySchema.nullable(),
  email: z.string().nullable(),
  role: z.enum(GROUP_INVITE_ROLES),
  invitedBy: userSummarySchema.nullable(),
  createdAt: z.string(),
  /** When it is gone unanswered: GROUP_LIMITS.invitationDays after it was sent. */
  expiresAt: z.string(),
})
export type GroupInvitation = z.infer<typeof groupInvitationSchema>
export const groupInvitationsSchema = z.object({ items: z.array(groupInvitationSchema) })

/** GET /groups/invitations/my: the invitations waiting for the caller, with their groups. */
export const myGroupInvitationsSchema = z.object({
  items: z.array(groupInvitationSchema.extend({ group: groupSchema })),
})

export const groupFollowBodySchema = z.object({ follow: z.boolean({ error: 'invalidValue' }).optional() }).strict()
export const groupFollowResponseSchema = z.object({ followersCount: z.number().int(), isFollowing: z.boolean() })

// --- the web's forms (one schema each, checked again by the API) ------------------------------------------

const formIdField = z.string({ error: 'invalidValue' }).trim().min(1, 'invalidValue').max(100, 'invalidValue')

/** A group's page: follow, unfollow, leave, and the viewer's invitation answered. */
export const groupPageIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('follow') }),
  z.object({ intent: z.literal('unfollow') }),
  z.object({ intent: z.literal('leave') }),
  z.object({ intent: z.literal('accept'), invitationId: formIdField }),
  z.object({ intent: z.literal('decline'), invitationId: formIdField }),
])

/** A group's members page: invite, give a role, remove, make an owner, withdraw an invitation. */
export const groupPeopleIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), who: groupInviteBodySchema.shape.who, role: groupInviteBodySchema.shape.role }),
  z.object({ intent: z.literal('role'), userId: formIdField, role: groupRoleBodySchema.shape.role }),
  z.object({ intent: z.literal('remove'), userId: formIdField }),
  z.object({ intent: z.literal('transfer'), userId: formIdField }),
  z.object({ intent: z.literal('withdraw'), invitationId: formIdField }),
])

/** A group's settings page: its name and description, or deleting it. */
export const groupSettingsIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), name: groupFields.name, description: z.string({ error: 'invalidValue' }).trim().max(GROUP_LIMITS.descriptionMax, 'tooLong').default('') }),
  z.object({ intent: z.literal('delete') }),
])

// --- the moderation console (Console → Groups) -------------------------------------------------------------

/** What a moderator decides on a group: approve it, suspend it, restore it, or delete it; all but approval say why. */
export const GROUP_DECISIONS = ['APPROVE', 'SUSPEND', 'RESTORE', 'DELETE'] as const
export type GroupDecision = (typeof GROUP_DECISIONS)[number]

/** PATCH /admin/groups/{handle}: the decision and its reason, kept in the log (and shown to the group's members). */
export const groupDecisionSchema = z
  .object({
    decision: z.enum(GROUP_DECISIONS, { error: 'invalidValue' }),
    reason: z.string({ error: 'invalidValue' }).trim().max(500, 'tooLong').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'APPROVE' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' })
  })
export type GroupDecisionBody = z.input<typeof groupDecisionSchema>

/** The console's form: the same, for the group of its row. */
export const groupDecisionFormSchema = z.object({ handle: groupHandleParamsSchema.shape.handle }).and(groupDecisionSchema)

/** GET /admin/groups: every group but deleted ones (or only those of a status), newest first, with a search. */
export const adminGroupsQuerySchema = z.object({
  status: z.enum([...GROUP_STATUSES, 'PENDING'], { error: 'invalidValue' }).optional(),
  q: groupListQuerySchema.shape.q,
  page: groupListQuerySchema.shape.page,
})

export const adminGroupSchema = groupSchema.extend({ owners: z.array(userSummarySchema) })
export type AdminGroup = z.infer<typeof adminGroupSchema>
export const adminGroupListSchema = z.object({ items: z.array(adminGroupSchema), page: z.number().int(), hasMore: z.boolean() })
