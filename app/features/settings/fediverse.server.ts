// Settings → Fediverse: whether the person's public events go out to the fediverse (PUT /profile/my/federation).
import { data } from '@remix-run/node'
import { federationSwitchFormSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/components/forms/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/fediverse'

export async function loadFediverseSettings(api: Api) {
  const profile = await ok(api.typed.GET('/profile/my'))
  return { federateEvents: profile.federateEvents ?? true, presence: profile.fediverse ?? null }
}

export async function saveFediverseSettings(request: Request, api: Api) {
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: federationSwitchFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    await ok(api.typed.PUT('/profile/my/federation', { body: submission.value }))
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error, { toast: true })
  }
  return redirectWithToast(PATH, { message: 'fediverseSettingsSaved' })
}
