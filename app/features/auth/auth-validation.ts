// The sign-in, registration, confirmation and password forms' checks in the browser: the contract's schemas
// with conform's zod parsing. Loaded on demand (use-auth-validation.ts), so zod (12 KiB) reaches these pages
// only once a person starts filling a form; the actions check the same schemas on the server.
import { parseWithZod } from '@conform-to/zod/v4'
import {
  activateEmailSchema,
  confirmEmailFormSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from '#contract'

const schemas = {
  login: loginFormSchema,
  register: registerFormSchema,
  confirmEmail: confirmEmailFormSchema,
  resendCode: activateEmailSchema,
  forgotPassword: forgotPasswordFormSchema,
  resetCode: resetPasswordSchema,
  resetPassword: resetPasswordFormSchema,
}

export type AuthForm = keyof typeof schemas

export function validateAuthForm(form: AuthForm, formData: FormData) {
  return parseWithZod(formData, { schema: schemas[form] })
}
