import { z } from 'zod'
import { LANGUAGES, MODERATION_STATUSES, ROLES } from './constants'

/**
 * A schema's own message for a value of the wrong type, and for a missing one (undefined) when `whenMissing`
 * is given; otherwise a missing value keeps zod's default (the API reports any missing field as 'required').
 */
export function typeErrors(whenMissing: string, whenInvalid?: string) {
  return {
    error: (issue: z.core.$ZodRawIssue) =>
      issue.input === undefined ? whenMissing : whenInvalid,
  }
}

/** A required text field: missing, blank or whitespace-only all answer 'required'. */
export function requiredString() {
  return z
    .string(typeErrors('required', 'invalidValue'))
    .trim()
    .min(1, 'required')
}

/** A required http(s) address of at most `max` characters (a calendar to import, a webhook's endpoint). */
export function httpUrlField(max: number) {
  return requiredString()
    .max(max, 'tooLong')
    .refine((value) => {
      try {
        return ['https:', 'http:'].includes(new URL(value).protocol)
      } catch {
        return false
      }
    }, 'invalidUrl')
}

/** Letters and digits of any script plus underscore: SPEC §5 'No Space or Special Characters'. */
export const NO_SPECIAL_CHARACTERS = /^[\p{L}\p{N}_]+$/u

export const emailField = requiredString().max(254, 'tooLong').email('invalidEmail').toLowerCase()

export const passwordField = z
  .string(typeErrors('required', 'invalidValue'))
  .min(1, 'required')
  .min(6, 'passwordMin')
  .max(128, 'tooLong')

/** Error body of every 4xx/5xx answer of the API. `errors` maps a field name to its messages. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /** The message code of `message` (contract/messages.ts), for clients that act on the kind of refusal. */
  code: z.string().optional(),
})
export type ErrorResponse = z.infer<typeof errorResponseSchema>

export const messageResponseSchema = z.object({ message: z.string() })

export const languageSchema = z.enum(LANGUAGES)
export const roleSchema = z.enum(ROLES)
export const moderationStatusSchema = z.enum(MODERATION_STATUSES)

/** An avatar: the re-encoded photo and its 400 px thumbnail (use it for small pictures). */
export const avatarFileSchema = z.object({
  url: z.string(),
  name: z.string(),
  /** Always sent by the API; optional so that literals written before it was added stay valid. */
  thumbnailUrl: z.string().optional(),
})
export type AvatarFile = z.infer<typeof avatarFileSchema>

export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  lastname: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  profession: z.string().nullable(),
  userBio: z.string().nullable(),
  role: roleSchema,
  avatarFile: avatarFileSchema.nullable(),
  followers: z.number().int(),
  following: z.number().int(),
  socialMediaLinks: z.object({
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    vk: z.string().nullable(),
  }),
  moderationStatus: moderationStatusSchema,
  moderationImageStatus: moderationStatusSchema,
  isActivated: z.boolean(),
  city: z.object({ name: z.string().nullable(), latitude: z.number(), longitude: z.number() }).nullable(),
  locale: languageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the user asked for the account to be deleted (it is deactivated until the purge), or null. */
  deletionRequestedAt: z.string().nullable().optional(),
})
export type User = z.infer<typeof userSchema>

/** A checkbox of a form posted without JavaScript: 'on' when ticked, absent when not; anything else is refused. */
export const formSwitch = z
  .enum(['on'], { error: 'invalidValue' })
  .optional()
  .transform((v) => v === 'on')
