// The mailed reset link (/auth/resetPassword/<link>): new password + confirmation → POST /auth/newPassword →
// /auth with the toast passwordSet.
import { resetPasswordFormSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const HIDDEN = ['password', 'confirmPassword']

export async function resetPassword(request: Request, link: string) {
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: resetPasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)
  const api = await getApi(request)
  try {
    await ok(
      api.typedAsVisitor.POST('/auth/newPassword', {
        body: { password: submission.value.password, activatedLink: link },
      }),
    )
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN })
  }
  return redirectWithToast('/auth', { message: 'passwordSet' })
}
