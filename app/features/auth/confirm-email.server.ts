// Email confirmation (/auth/confirmEmail): the 6-digit code → POST /auth/verificateEmail (signs in,
// activated) → / with a toast; "Send a new code" posts /auth/activateEmail from the same form.
import { activateEmailSchema, confirmEmailFormSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { INTENT, RESEND } from './confirm-email'

export async function confirmEmail(request: Request) {
  const formData = await readFormData(request)
  const api = await getApi(request)

  if (formData.get(INTENT) === RESEND) {
    const submission = parseWithZod(formData, { schema: activateEmailSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      await ok(api.typedAsVisitor.POST('/auth/activateEmail', { body: submission.value }))
    } catch (error) {
      return apiFailure(submission, error)
    }
    const params = new URLSearchParams({ email: submission.value.email })
    return redirectWithToast(`/auth/confirmEmail?${params}`, { message: 'codeSent' })
  }

  const submission = parseWithZod(formData, { schema: confirmEmailFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  let auth
  try {
    auth = await ok(api.typedAsVisitor.POST('/auth/verificateEmail', { body: submission.value }))
  } catch (error) {
    // SPEC §8: an error toast with the response message (and the field errors on their fields).
    return apiFailure(submission, error, { toast: true })
  }
  api.signIn({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, userId: auth.user.id })
  return redirectWithToast('/', { message: 'emailConfirmed' })
}
