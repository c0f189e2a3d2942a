// Forgotten password (/auth/forgotPassword): email → POST /auth/activateEmail mails a 6-digit code → code →
// POST /auth/resetPassword mails a link to /auth/resetPassword/<token>. The step is in the form and the URL.
import { forgotPasswordFormSchema, resetPasswordSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'
import { STEP, stepOf } from './forgot-password'

export async function forgotPassword(request: Request) {
  const formData = await readFormData(request)
  const api = await getApi(request)
  const step = stepOf(formData.get(STEP))

  if (step === 'code') {
    const submission = parseWithZod(formData, { schema: resetPasswordSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      await ok(api.typedAsVisitor.POST('/auth/resetPassword', { body: submission.value }))
    } catch (error) {
      return apiFailure(submission, error)
    }
    const params = new URLSearchParams({ step: 'sent', email: submission.value.email })
    return redirectWithToast(`/auth/forgotPassword?${params}`, { message: 'resetLinkSent' })
  }

  const submission = parseWithZod(formData, { schema: forgotPasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    await ok(api.typedAsVisitor.POST('/auth/activateEmail', { body: submission.value }))
  } catch (error) {
    return apiFailure(submission, error)
  }
  const params = new URLSearchParams({ step: 'code', email: submission.value.email })
  return redirectWithToast(`/auth/forgotPassword?${params}`, { message: 'codeSent' })
}
