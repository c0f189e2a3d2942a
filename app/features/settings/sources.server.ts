// Settings → Import calendars: the person's calendar sources (GET /sources), adding one (POST /sources, which runs
// its first sync), syncing one now and removing one. Plain forms: redirect and toast, with or without JavaScript.
import { data } from '@remix-run/node'
import { createSourceBodySchema, sourceIntentSchema } from '#contract'
import { apiFailure, invalid, parseWithZod } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/sources'

export async function loadSources(api: Api) {
  const { items } = await ok(api.typed.GET('/sources', { params: { query: {} } }))
  return { sources: items }
}

export async function saveSources(request: Request, api: Api) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'sync' || intent === 'remove') return onSource(form, api)
  const submission = parseWithZod(form, { schema: createSourceBodySchema })
  if (submission.status !== 'success') return invalid(submission)
  let outcome: string | null
  try {
    const { url, categories } = submission.value
    outcome = (await ok(api.typed.POST('/sources', { body: { url, categories } }))).lastOutcome
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error)
  }
  return redirectWithToast(PATH, { type: outcome === 'ERROR' ? 'error' : 'success', message: outcome === 'ERROR' ? 'sourceAddedFailed' : 'sourceAdded' })
}

/** Sync now or Remove, on one source: an unknown or foreign id is the API's 404, shown as a toast. */
async function onSource(form: FormData, api: Api) {
  const submission = parseWithZod(form, { schema: sourceIntentSchema })
  if (submission.status !== 'success') return invalid(submission)
  const { intent, sourceId } = submission.value
  try {
    if (intent === 'remove') {
      await ok(api.typed.DELETE('/sources/{id}', { params: { path: { id: sourceId } } }))
      return redirectWithToast(PATH, { message: 'sourceRemoved' })
    }
    const synced = await ok(api.typed.POST('/sources/{id}/sync', { params: { path: { id: sourceId } } }))
    return redirectWithToast(PATH, { type: synced.lastOutcome === 'ERROR' ? 'error' : 'success', message: synced.lastOutcome === 'ERROR' ? 'sourceSyncFailed' : 'sourceSynced' })
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error, { toast: true })
  }
}
