// Settings → Password: POST /auth/changePassword. Success: toast 'Password changed' (SPEC §8); failure: a
// toast with the response message, field errors on their fields. Passwords never come back.
import { parseWithZod } from '@conform-to/zod/v4'
import { changePasswordFormSchema } from '#contract'
import { apiFailure, invalid } from '~/utils/submission.server'
import { ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const HIDDEN = ['oldPassword', 'password', 'confirmPassword']

export async function changePassword(request: Request, api: Api) {
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: changePasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)
  const { oldPassword, password } = submission.value
  try {
    // refreshToken names this session: the API keeps it and ends the user's other sessions.
    await ok(
      api.typed.POST('/auth/changePassword', {
        body: { oldPassword, password, refreshToken: api.session.get('refreshToken') },
      }),
    )
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN, toast: true })
  }
  return redirectWithToast(
    '/admin/profile/settings/password',
    { message: 'passwordChanged' },
  )
}
