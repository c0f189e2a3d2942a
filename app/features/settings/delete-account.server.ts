// Settings → Delete account: "Email me a code" (POST /profile/my/deletion/code) and the request itself (POST
// /profile/my/deletion); afterwards the user is signed out with a toast that says until when the deletion can
// be cancelled.
import { parseWithZod } from '@conform-to/zod/v4'
import { DATE_LOCALES, deleteAccountFormSchema } from '#contract'
import { apiFailure, invalid } from '~/utils/submission.server'
import { getLanguage } from '~/i18n.server'
import { ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/delete'
const HIDDEN = ['password']

export function deleteAccountForm(request: Request) {
  // After "Email me a code" the code field is open (no JavaScript needed).
  return { codeRequested: new URL(request.url).searchParams.has('code') }
}

export async function requestDeletion(request: Request, api: Api) {
  const form = await readFormData(request)
  if (form.get('intent') === 'sendCode') {
    await ok(api.typed.POST('/profile/my/deletion/code'))
    return redirectWithToast(`${PATH}?code=1`, { message: 'deletionCodeSent', type: 'info' })
  }
  const submission = parseWithZod(form, { schema: deleteAccountFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)
  const { password, verificationCode } = submission.value
  let purgeAt: string
  try {
    ;({ purgeAt } = await ok(api.typed.POST('/profile/my/deletion', { body: { password: password || undefined, verificationCode } })))
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN })
  }
  // The API has ended every session; this browser forgets its tokens too.
  api.signOutLocally()
  const language = await getLanguage(request)
  const date = new Date(purgeAt).toLocaleDateString(DATE_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric' })
  return redirectWithToast('/', { message: 'deletionRequested', values: { date } })
}
