// The moderation console's API (SPEC §2 "Moderation tabs", §4 statuses and admin editors, §6, §7 Admin;
// ARCHITECTURE "Moderation decisions"). One schema per payload, used by the API's routes and the web's forms.
import { z } from 'zod'
import { registrationSchema } from './auth'
import { roleSchema, typeErrors, userSchema } from './common'
import {
  ADMIN_LIMITS,
  ADMIN_SORTS,
  MODERATION_FIELDS,
  MODERATION_STATUSES,
  MODERATION_TARGET_TYPES,
  POST_STATUSES,
  ROLES,
} from './constants'
import { eventSchema, pageQueryField, userSummarySchema } from './events'

/** A query value a GET form sends empty ("any") counts as left out. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: 'invalidValue' }).optional())

/** The console's page size: 7 by default (SPEC §9), at most 50. */
export const adminPageSizeField = z.coerce
  .number({ error: 'invalidValue' })
  .int('invalidValue')
  .min(1, 'invalidValue')
  .max(ADMIN_LIMITS.maxPageSize, 'invalidValue')
  .default(ADMIN_LIMITS.pageSize)

/** A form checkbox: present ('on') when ticked. */
export const checkboxField = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean())

const adminPageQuery = z.object({
  page: pageQueryField,
  pageSize: adminPageSizeField,
  /** Words that must all appear in the title (posts) or the name, last name, username or email (users). */
  query: z.preprocess(blankToUndefined, z.string().trim().max(ADMIN_LIMITS.queryMax, 'tooLong').optional()),
  /** newest: last changed first (default); oldest: first changed first, for working a queue of PENDING. */
  sort: z.preprocess(
    blankToUndefined,
    z.enum(ADMIN_SORTS, { error: 'invalidValue' }).default('newest'),
  ),
})

export const adminUsersQuerySchema = adminPageQuery.extend({
  role: optionalEnum(ROLES),
  moderationStatus: optionalEnum(MODERATION_STATUSES),
  moderationImageStatus: optionalEnum(MODERATION_STATUSES),
})
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>

export const adminPostsQuerySchema = adminPageQuery.extend({
  moderationStatus: optionalEnum(MODERATION_STATUSES),
  moderationImageStatus: optionalEnum(MODERATION_STATUSES),
  postStatus: optionalEnum(POST_STATUSES),
})
export type AdminPostsQuery = z.output<typeof adminPostsQuerySchema>

const pageFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching rows, counted up to MAX_LIST_DEPTH. */
  total: z.number().int(),
  /** More rows match than `total` says (the count stopped at MAX_LIST_DEPTH). */
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
}

export const adminUsersResponseSchema = z.object({
  /** mayModerate: the viewer may decide on this account (not their own: another moderator decides). */
  users: z.array(userSchema.extend({ mayModerate: z.boolean() })),
  ...pageFields,
})
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>
export const adminPostsResponseSchema = z.object({ events: z.array(eventSchema), ...pageFields })
export type AdminPostsResponse = z.infer<typeof adminPostsResponseSchema>

/** The optional reason of a decision: shown to the owner and kept in the log. */
export const reasonField = z.preprocess(
  blankToUndefined,
  z.string({ error: 'invalidValue' }).trim().max(ADMIN_LIMITS.reasonMax, 'tooLong').optional(),
)

const booleanLike = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'invalidValue' }).optional(),
)

/**
 * PATCH /admin/users/{id}. Admins and super admins set the statuses; only a super admin changes the
 * names, the role and the activation. Fields left out keep their value.
 */
export const adminUserPatchSchema = z.object({
  moderationStatus: optionalEnum(MODERATION_STATUSES),
  moderationImageStatus: optionalEnum(MODERATION_STATUSES),
  name: z.preprocess(blankToUndefined, registrationSchema.shape.name.optional()),
  lastname: z.preprocess(blankToUndefined, registrationSchema.shape.lastname.optional()),
  username: z.preprocess(blankToUndefined, registrationSchema.shape.username.optional()),
  role: z.preprocess(blankToUndefined, roleSchema.optional()),
  isActivated: booleanLike,
  reason: reasonField,
})
export type AdminUserPatch = z.output<typeof adminUserPatchSchema>
/** The fields of PATCH /admin/users/{id} only a super admin may send. */
export const ADMIN_USER_CONTENT_FIELDS = ['name', 'lastname', 'username', 'role', 'isActivated'] as const

/**
 * PATCH /admin/posts/{id}: statuses (admins and super admins) and, for a super admin, the event form: when
 * any field of the form is present the body is the whole form, with PUT /event/{id}'s rules (fields of the
 * form left out are cleared). Statuses left out keep their value.
 */
export const adminPostPatchSchema = z
  .object({
    moderationStatus: optionalEnum(MODERATION_STATUSES),
    moderationImageStatus: optionalEnum(MODERATION_STATUSES),
    postStatus: optionalEnum(POST_STATUSES),
    reason: reasonField,
  })
  .passthrough()
export type AdminPostPatch = z.output<typeof adminPostPatchSchema>

export const adminUserResponseSchema = userSchema
export const adminPostResponseSchema = eventSchema

/** DELETE /admin/users/{id}/avatar: the avatar's name (SPEC §7), optional. */
export const adminAvatarDeleteSchema = z.object({ name: z.string().max(300).optional() }).partial()
/** DELETE /admin/posts/{postId}/{userId}: the photo's name (SPEC §7) or id. */
export const adminPhotoDeleteSchema = z
  .object({ name: z.string().min(1).max(300).optional(), imageId: z.string().min(1).max(100).optional() })
  .refine((b) => b.name || b.imageId, { message: 'required', path: ['name'] })

export const moderationTargetTypeSchema = z.enum(MODERATION_TARGET_TYPES)

export const adminLogQuerySchema = z.object({
  page: pageQueryField,
  pageSize: adminPageSizeField,
  targetType: optionalEnum(MODERATION_TARGET_TYPES),
  targetId: z.preprocess(blankToUndefined, z.string().max(100, 'invalidValue').optional()),
})
export type AdminLogQuery = z.output<typeof adminLogQuerySchema>

/** One change of one decision: who, when, what, from → to, why. */
export const moderationLogEntrySchema = z.object({
  _id: z.string(),
  actor: userSummarySchema.nullable(),
  targetType: moderationTargetTypeSchema,
  targetId: z.string(),
  /** The post's title or the user's name and username, while the target exists. */
  targetLabel: z.string().nullable(),
  field: z.enum(MODERATION_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
})
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>
export const adminLogResponseSchema = z.object({ entries: z.array(moderationLogEntrySchema), ...pageFields })
export type AdminLogResponse = z.infer<typeof adminLogResponseSchema>

/** The row actions of the console's tables (SPEC §2 "Moderation tabs"; Approve and Restore per ARCHITECTURE). */
export const MODERATION_INTENTS = ['approve', 'rejectInfo', 'rejectImage', 'delete', 'restore'] as const
export type ModerationIntent = (typeof MODERATION_INTENTS)[number]

/** A row action as the console's forms post it: which row, what to do, and the optional reason. */
export const moderationDecisionFormSchema = z.object({
  intent: z.enum(MODERATION_INTENTS, { error: 'invalidValue' }),
  id: z.string(typeErrors('required')).min(1, 'required').max(100, 'invalidValue'),
  reason: reasonField,
})
export type ModerationDecisionForm = z.output<typeof moderationDecisionFormSchema>

/** The PATCH body of a row action: Approve approves the information and the photos. */
export function decisionPatch(
  intent: ModerationIntent,
): Pick<AdminPostPatch, 'moderationStatus' | 'moderationImageStatus' | 'postStatus'> {
  switch (intent) {
    case 'approve':
      return { moderationStatus: 'APPROVED', moderationImageStatus: 'APPROVED' }
    case 'rejectInfo':
      return { moderationStatus: 'REJECTED' }
    case 'rejectImage':
      return { moderationImageStatus: 'REJECTED' }
    case 'delete':
      return { postStatus: 'DELETED' }
    case 'restore':
      return { postStatus: 'ACTIVE' }
  }
}

/** The status selects of the console's post editor (posted with the event form). */
export const adminPostStatusesFormSchema = z.object({
  moderationStatus: optionalEnum(MODERATION_STATUSES),
  moderationImageStatus: optionalEnum(MODERATION_STATUSES),
  postStatus: optionalEnum(POST_STATUSES),
  reason: reasonField,
})

/** The console's user editor (super admin; SPEC §4 "Users take moderation values APPROVED/REJECTED and can change role and avatar"). */
export const adminUserFormSchema = z.object({
  name: registrationSchema.shape.name,
  lastname: registrationSchema.shape.lastname,
  username: registrationSchema.shape.username,
  role: z.enum(ROLES, { error: 'invalidValue' }),
  isActivated: checkboxField,
  moderationStatus: z.enum(MODERATION_STATUSES, { error: 'invalidValue' }),
  moderationImageStatus: z.enum(MODERATION_STATUSES, { error: 'invalidValue' }),
  reason: reasonField,
})
export type AdminUserForm = z.output<typeof adminUserFormSchema>
