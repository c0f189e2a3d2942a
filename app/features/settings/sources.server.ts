// Settings → Import calendars: the person's calendar sources (GET /sources), adding one (POST /sources, which runs
// its first sync), changing one's categories and default place (PATCH /sources/{id}), syncing one now and removing
// one. The default place is typed as an address and looked up here (GET /geo/search, its best match), so the form
// needs no map. Plain forms: redirect and toast, with or without JavaScript.
import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/node'
import { type Source, sourceEditFormSchema, sourceFormSchema, sourceIntentSchema } from '#contract'
import { apiFailure, type FormActionData, invalid, parseWithZod } from '~/utils/submission.server'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/profile/settings/sources'

export async function loadSources(api: Api) {
  const { items } = await ok(api.typed.GET('/sources', { params: { query: {} } }))
  return { sources: items }
}

/** The typed default place as the API's `place`: unchanged (undefined), none (null), the best match, or 'notFound'. */
async function resolvePlace(api: Api, typed: string | undefined, current: Source['place']) {
  if (!typed) return null
  if (current && typed.toLocaleLowerCase() === current.address.toLocaleLowerCase()) return undefined
  const [best] = (await ok(api.typed.GET('/geo/search', { params: { query: { q: typed } } }))).items
  if (!best) return 'notFound' as const
  return { address: typed, coordinates: [Number(best.lon), Number(best.lat)] as [number, number] }
}

const placeNotFound = (submission: Submission<unknown, string[], unknown>) =>
  data<FormActionData>({ result: submission.reply({ fieldErrors: { placeAddress: ['placeNotFound'] } }) }, { status: 400 })

export async function saveSources(request: Request, api: Api) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'sync' || intent === 'remove') return onSource(form, api)
  if (intent === 'update') return onUpdate(form, api)
  const submission = parseWithZod(form, { schema: sourceFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  let outcome: string | null
  try {
    const { url, categories, placeAddress } = submission.value
    const place = await resolvePlace(api, placeAddress, null)
    if (place === 'notFound') return placeNotFound(submission)
    outcome = (await ok(api.typed.POST('/sources', { body: { url, categories, ...(place ? { place } : {}) } }))).lastOutcome
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error)
  }
  return redirectWithToast(PATH, { type: outcome === 'ERROR' ? 'error' : 'success', message: outcome === 'ERROR' ? 'sourceAddedFailed' : 'sourceAdded' })
}

/** A calendar's Change form: its categories (none ticked: none) and default place (empty: none). */
async function onUpdate(form: FormData, api: Api) {
  const submission = parseWithZod(form, { schema: sourceEditFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  const { sourceId, categories, placeAddress } = submission.value
  try {
    const current = await ok(api.typed.GET('/sources/{id}', { params: { path: { id: sourceId } } }))
    const place = await resolvePlace(api, placeAddress, current.place)
    if (place === 'notFound') return placeNotFound(submission)
    await ok(
      api.typed.PATCH('/sources/{id}', {
        params: { path: { id: sourceId } },
        body: { categories: categories ?? [], ...(place === undefined ? {} : { place }) },
      }),
    )
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    return apiFailure(submission, error, { toast: true })
  }
  return redirectWithToast(PATH, { message: 'sourceChanged' })
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
