// Profile, following and avatars (SPEC §2 Profile, §3 User, §4 follow toggle, §7 Profile). One schema per
// payload serves the API (request validation, OpenAPI) and the settings form of the web; messages are codes.
import { z } from 'zod'
import { fediversePresenceSchema, remoteOriginSchema } from './federation'
import { registrationSchema } from './auth'
import { avatarFileSchema, typeErrors, userSchema } from './common'
import { PROFILE_LIMITS } from './constants'
import { moderationReasonsSchema, pageQueryField, userSummarySchema } from './events'
import { checkboxField } from './admin'

const emptyToNull = (v: unknown) =>
  v === undefined ? undefined : v === null || (typeof v === 'string' && v.trim() === '') ? null : v

/** Optional text that may be cleared with '' or null (then stored as null). */
function clearableText(max: number) {
  return z.preprocess(
    emptyToNull,
    z.string({ error: 'invalidValue' }).trim().max(max, 'tooLong').nullable().optional(),
  )
}

/**
 * A phone number as people type it: digits with an optional leading +, spaces, dashes, dots and
 * parentheses. Stored as its 11 digits ('+7 (999) 123-45-67' → '79991234567'); '' or null clears it.
 */
export const phoneField = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'invalidPhone' })
    .trim()
    .max(40, 'invalidPhone')
    .transform((value, ctx) => {
      if (!/^\+?[\d\s().-]+$/.test(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'invalidPhone' })
        return z.NEVER
      }
      const digits = value.replace(/\D/g, '')
      if (digits.length !== PROFILE_LIMITS.phoneDigits) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'invalidPhone' })
        return z.NEVER
      }
      return digits
    })
    .nullable()
    .optional(),
)

/** True for an absolute http(s) link to a host with a dot and no spaces. */
export function isWebLink(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      !url.username &&
      !url.password
    )
  } catch {
    return false
  }
}

/** A social link: http(s) URL, or '' / null to clear it. */
export const socialLinkField = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'invalidUrl' })
    .trim()
    .max(PROFILE_LIMITS.linkMax, 'tooLong')
    .refine(isWebLink, 'invalidUrl')
    .nullable()
    .optional(),
)

const numberLike = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)

export const citySchema = z.object({
  name: clearableText(PROFILE_LIMITS.cityNameMax),
  latitude: z.preprocess(
    numberLike,
    z
      .number(typeErrors('required', 'invalidValue'))
      .finite('invalidValue')
      .min(-90, 'invalidValue')
      .max(90, 'invalidValue'),
  ),
  longitude: z.preprocess(
    numberLike,
    z
      .number(typeErrors('required', 'invalidValue'))
      .finite('invalidValue')
      .min(-180, 'invalidValue')
      .max(180, 'invalidValue'),
  ),
})

/**
 * PATCH /profile/my. Every field is optional: a field left out keeps its value; '' or null clears an
 * optional one. name, lastname and username follow the registration rules (SPEC §5) and cannot be cleared.
 * Unknown fields (email, role, moderation statuses…) are ignored.
 */
export const updateProfileSchema = z.object({
  name: registrationSchema.shape.name.optional(),
  lastname: registrationSchema.shape.lastname.optional(),
  username: registrationSchema.shape.username.optional(),
  phone: phoneField,
  profession: clearableText(PROFILE_LIMITS.professionMax),
  userBio: clearableText(PROFILE_LIMITS.userBioMax),
  socialMediaLinks: z
    .object(
      { facebook: socialLinkField, instagram: socialLinkField, vk: socialLinkField },
      { error: 'invalidValue' },
    )
    .optional(),
  city: citySchema.nullable().optional(),
  /** The organizers of events I join may see my email address in their participant list (issue 45). */
  shareEmailWithOrganizers: z.boolean({ error: 'invalidValue' }).optional(),
})
export type UpdateProfileInput = z.input<typeof updateProfileSchema>
export type UpdateProfile = z.output<typeof updateProfileSchema>

/**
 * The profile form of the web (settings → Profile): the fields of PATCH /profile/my, flat, as a browser
 * posts them. A form sends every field, so an empty one means "clear it" (profileFormToUpdate). The city
 * is a name only: the web resolves it to coordinates with the city suggestions.
 */
export const profileFormSchema = z.object({
  name: registrationSchema.shape.name,
  lastname: registrationSchema.shape.lastname,
  username: registrationSchema.shape.username,
  phone: phoneField,
  profession: clearableText(PROFILE_LIMITS.professionMax),
  userBio: clearableText(PROFILE_LIMITS.userBioMax),
  facebook: socialLinkField,
  instagram: socialLinkField,
  vk: socialLinkField,
  city: clearableText(PROFILE_LIMITS.cityNameMax),
  /** A checkbox: absent (unticked) means no. */
  shareEmailWithOrganizers: checkboxField,
})
export type ProfileForm = z.output<typeof profileFormSchema>

/** The PATCH /profile/my body of a checked profile form (the city is handled by the caller). */
export function profileFormToUpdate(form: ProfileForm): Omit<UpdateProfile, 'city'> {
  return {
    shareEmailWithOrganizers: form.shareEmailWithOrganizers,
    name: form.name,
    lastname: form.lastname,
    username: form.username,
    phone: form.phone ?? null,
    profession: form.profession ?? null,
    userBio: form.userBio ?? null,
    socialMediaLinks: {
      facebook: form.facebook ?? null,
      instagram: form.instagram ?? null,
      vk: form.vk ?? null,
    },
  }
}

// --- responses ----------------------------------------------------------------------------------

/**
 * A profile as a viewer sees it: the user (SPEC §3) plus whether the viewer follows them. `email` is
 * only filled for the user themself; a REJECTED avatar is null for everyone but its owner.
 */
export const profileSchema = userSchema.extend({
  isFollowing: z.boolean(),
  /** For the user themself and moderators only (else null): why the information or the photo was REJECTED. */
  moderationReasons: moderationReasonsSchema.nullable().optional(),
  /** Their handle and fediverse followers (null with federation off, or when their events do not federate). */
  fediverse: fediversePresenceSchema.optional(),
  /** For the user themself only: whether their public events go out to the fediverse (Settings). */
  federateEvents: z.boolean().nullable().optional(),
  /** For the user themself only: whether organizers of events they join see their email address (Settings). */
  shareEmailWithOrganizers: z.boolean().nullable().optional(),
  /** A fediverse account our people follow (decision 040): its handle, page and server. */
  remote: remoteOriginSchema.optional(),
})
export type Profile = z.infer<typeof profileSchema>

/** PUT /profile/{id}/follow: the state wanted; no body (or no field) toggles, as the mobile app does. */
export const followBodySchema = z.object({ follow: z.boolean().optional() }).strict()

export const followResponseSchema = z.object({
  /** The followee's follower count after the toggle. */
  followers: z.number().int(),
  /** The caller follows them now. */
  isFollowing: z.boolean(),
})
export type FollowResponse = z.infer<typeof followResponseSchema>

/** A row of the followers/following tables: a user summary and whether the viewer follows that user. */
export const followUserSchema = userSummarySchema.extend({
  isFollowing: z.boolean(),
  /** When this follow was made. */
  followedAt: z.string(),
})
export type FollowUser = z.infer<typeof followUserSchema>

/** ?pageSize: 1 to PROFILE_LIMITS.maxPageSize, with the list's own default. */
function pageSizeField(defaultSize: number) {
  return z.coerce
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(PROFILE_LIMITS.maxPageSize, 'invalidValue')
    .default(defaultSize)
}

export const followListQuerySchema = z.object({
  page: pageQueryField,
  pageSize: pageSizeField(PROFILE_LIMITS.tablePageSize),
})
export type FollowListQuery = z.infer<typeof followListQuerySchema>

/** GET /profile/{id|my}/followers and /following: newest follow first. */
export const followListResponseSchema = z.object({
  users: z.array(followUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  total: z.number().int(),
})
export type FollowListResponse = z.infer<typeof followListResponseSchema>

export const profileSearchQuerySchema = z.object({
  query: z
    .string({ error: 'invalidValue' })
    .trim()
    .max(PROFILE_LIMITS.searchQueryMax, 'tooLong')
    .optional(),
  page: pageQueryField,
  pageSize: pageSizeField(PROFILE_LIMITS.searchPageSize),
})
export type ProfileSearchQuery = z.infer<typeof profileSearchQuerySchema>

/** A card of the user search. */
export const profileCardSchema = userSummarySchema.extend({
  profession: z.string().nullable(),
  followers: z.number().int(),
  isFollowing: z.boolean(),
})
export type ProfileCard = z.infer<typeof profileCardSchema>

/** GET /profile/ (SPEC §7: profiles, hasMore): activated users by name, lastname or username. */
export const profileSearchResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  hasMore: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ProfileSearchResponse = z.infer<typeof profileSearchResponseSchema>

/** GET /profile/avatar: the caller's avatar, or null. */
export const avatarResponseSchema = avatarFileSchema.nullable()

/**
 * POST /profile/my/deletion: the password, or, for an account without one, the code that
 * POST /profile/my/deletion/code mailed.
 */
export const accountDeletionSchema = z.object({
  password: z.string().max(200, 'tooLong').optional(),
  verificationCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'invalidCode')
    .optional(),
})
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>

/** The pending deletion: when it was asked for and when the data goes. */
export const accountDeletionStatusSchema = z.object({ requestedAt: z.string(), purgeAt: z.string() })
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>

/** Settings → Delete account: the password (or the mailed code) and the confirming checkbox. */
export const deleteAccountFormSchema = accountDeletionSchema.extend({
  confirm: z.preprocess(
    (v) => v === 'on' || v === 'true' || v === true,
    z.literal(true, { error: 'confirmDeletion' }),
  ),
})
