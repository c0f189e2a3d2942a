// Sign in (/auth): remix-auth's FormStrategy → POST /auth/login; an unactivated user goes on to confirm the
// email. The schemas come from '#contract' here, in a `.server` module (empty in the browser build): the
// screen loads the same schemas only on demand (use-auth-validation.ts), so zod stays out of its bundle.
import type { AuthResponse } from '#contract'
import { loginFormSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { getApi } from '~/utils/api.server'
import { authenticator, FORM_STRATEGY } from '~/utils/authenticator.server'
import { deviceCookieHeaders } from '~/utils/device.server'
import { readFormData } from '~/utils/form.server'
import { redirectAfterSignIn } from './signed-in.server'

const HIDDEN = ['password']

export async function signIn(request: Request) {
  // FormStrategy reads the body from its own clone; this clone is for conform.
  const formData = await readFormData(request.clone())
  const submission = parseWithZod(formData, { schema: loginFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)

  let auth: AuthResponse
  try {
    auth = await authenticator.authenticate(FORM_STRATEGY, request)
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN })
  }
  const api = await getApi(request)
  api.signIn({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, userId: auth.user.id })
  const headers = await deviceCookieHeaders(auth.deviceToken)
  return redirectAfterSignIn(auth.user, submission.value.redirectTo, { headers })
}
