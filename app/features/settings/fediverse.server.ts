// Settings → Fediverse: whether the person's public events go out to the fediverse (PUT /profile/my/federation),
// and following an account of another server by its handle (POST /federation/following; decision 040).
import { data } from '@remix-run/node'
import { federationSwitchFormSchema, followRemoteSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { FOLLOW_INTENT } from './fediverse-intent'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/fediverse'

export async function loadFediverseSettings(api: Api) {
  const profile = await ok(api.typed.GET('/profile/my'))
  return { federateEvents: profile.federateEvents ?? true, presence: profile.fediverse ?? null }
}

export async function saveFediverseSettings(request: Request, api: Api) {
  const form = await readFormData(request)
  if (form.get('intent') === FOLLOW_INTENT) return followRemote(form, api)
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

async function followRemote(form: FormData, api: Api) {
  const submission = parseWithZod(form, { schema: followRemoteSchema })
  if (submission.status !== 'success') return invalid(submission)
  let profileId: string
  try {
    ;({ profileId } = await ok(api.typed.POST('/federation/following', { body: submission.value })))
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error)
  }
  const handle = `@${submission.value.handle.replace(/^@/, '')}`
  return redirectWithToast(`/profile/${encodeURIComponent(profileId)}`, { message: 'fediverseFollowing', values: { handle } })
}
