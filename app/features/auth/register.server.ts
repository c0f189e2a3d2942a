// Registration (/auth/register): POST /auth/registration signs the new (unactivated) user in; the API mails
// a 6-digit code.
import { registerFormSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const HIDDEN = ['password', 'confirmPassword']

export async function register(request: Request) {
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: registerFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)

  const api = await getApi(request)
  const { name, lastname, username, email, password } = submission.value
  let auth
  try {
    auth = await ok(
      api.typedAsVisitor.POST('/auth/registration', { body: { name, lastname, username, email, password } }),
    )
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN })
  }
  api.signIn({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, userId: auth.user.id })
  return redirectWithToast(
    '/auth/confirmEmail',
    { message: 'confirmEmail' },
  )
}
