// Auth payloads of SPEC §7 and the auth forms of SPEC §5. The API validates requests with the
// payload schemas; the web forms use the same schemas (extended with form-only fields) with conform.
import { z } from 'zod'
import { emailField, NO_SPECIAL_CHARACTERS, passwordField, requiredString, typeErrors, userSchema } from './common'

const verificationCodeField = requiredString().regex(/^\d{6}$/, 'invalidCode')

// --- API payloads ---------------------------------------------------------------------------

export const loginSchema = z.object({
  /** SPEC §5 'username or email': either is accepted in this field. */
  email: requiredString().max(254, 'tooLong'),
  password: z.string(typeErrors('required')).min(1, 'required').max(128, 'tooLong'),
  /** The device token a previous sign-in of this account answered (decision 013): a lock elsewhere spares it. */
  deviceToken: z.string().max(300).optional(),
})

export const loginByGoogleSchema = z.object({ credential: requiredString().max(4096, 'tooLong') })

export const registrationSchema = z.object({
  name: requiredString()
    .min(3, 'nameMin')
    .max(50, 'tooLong')
    .regex(NO_SPECIAL_CHARACTERS, 'noSpecialCharacters'),
  lastname: requiredString().max(50, 'tooLong').regex(NO_SPECIAL_CHARACTERS, 'noSpecialCharacters'),
  username: requiredString()
    .min(4, 'usernameMin')
    .max(30, 'tooLong')
    .regex(NO_SPECIAL_CHARACTERS, 'noSpecialCharacters'),
  email: emailField,
  password: passwordField,
})

export const activateEmailSchema = z.object({ email: emailField })

export const verificateEmailSchema = z.object({
  verificationCode: verificationCodeField,
  email: emailField,
})

export const resetPasswordSchema = z.object({
  verificationCode: verificationCodeField,
  email: emailField,
})

export const newPasswordSchema = z.object({
  password: passwordField,
  activatedLink: requiredString().max(200, 'tooLong'),
})

export const refreshSchema = z.object({ refreshToken: requiredString().max(512, 'tooLong') })

export const changePasswordSchema = z.object({
  oldPassword: z.string(typeErrors('required')).min(1, 'required').max(128, 'tooLong'),
  password: passwordField,
})

// --- API responses --------------------------------------------------------------------------

export const authResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
  /** Password sign-in only: keep it and send it with the next sign-in of this account on this device. */
  deviceToken: z.string().optional(),
})
export type AuthResponse = z.infer<typeof authResponseSchema>

export const appVersionResponseSchema = z.object({
  androidStoreUrl: z.string(),
  iosStoreUrl: z.string(),
})
export type AppVersion = z.infer<typeof appVersionResponseSchema>

// --- Web forms (payload + form-only fields) --------------------------------------------------

function passwordsMatch<T extends { password?: string; confirmPassword?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password && value.confirmPassword && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: 'passwordsMismatch' })
  }
}

const confirmPasswordField = z.string(typeErrors('required')).min(1, 'required')

export const registerFormSchema = registrationSchema
  .extend({
    confirmPassword: confirmPasswordField,
    agreement: z
      .boolean(typeErrors('acceptAgreement', 'acceptAgreement'))
      .refine((accepted) => accepted, 'acceptAgreement'),
  })
  .superRefine(passwordsMatch)

export const loginFormSchema = loginSchema.extend({ redirectTo: z.string().optional() })

export const confirmEmailFormSchema = verificateEmailSchema

export const forgotPasswordFormSchema = activateEmailSchema

export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: confirmPasswordField })
  .superRefine(passwordsMatch)

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .superRefine(passwordsMatch)

/** What each auth form holds (conform's field types in the web, without zod in the browser bundle). */
export type LoginForm = z.input<typeof loginFormSchema>
export type RegisterForm = z.input<typeof registerFormSchema>
export type ConfirmEmailForm = z.input<typeof confirmEmailFormSchema>
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>
export type ResetCodeForm = z.input<typeof resetPasswordSchema>
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>

/** POST /auth/logout: the refresh token of the session to end (optional; the bearer's session ends too). */
export const logoutSchema = z.object({ refreshToken: z.string().max(512, 'tooLong').optional() })

/** POST /auth/changePassword as the API accepts it: `refreshToken` (optional) names the session to keep. */
export const changePasswordRequestSchema = changePasswordSchema.extend({
  refreshToken: z.string().max(512, 'tooLong').optional(),
})
