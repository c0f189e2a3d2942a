// Console → Collections (/moderation/collections, issue 43): the list with a form for a new one, and one
// collection's form (/moderation/collections/{slug}) to change or remove it. The form's lists are lines of links,
// ids or usernames (contract/collections.ts refOfLine); its dates are days of the site's zone, sent to the API as
// the first and last instant of those days. Plain forms: redirect and toast, with or without JavaScript.
import { data } from '@remix-run/node'
import { type Collection, type CollectionForm, collectionFormSchema, dayInZone, zonedToIso } from '#contract'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { fetchCollection } from '~/features/collections/collections.server'
import { getEnv } from '~/utils/env.server'
import { readFormData } from '~/utils/form.server'
import { apiFailure, type FormActionData, invalid, parseWithZod } from '~/utils/submission.server'
import { redirectWithToast } from '~/utils/toast.server'

const LIST = '/moderation/collections'

export async function loadCollectionsTab(api: Api) {
  const { items } = await ok(api.typed.GET('/collections'))
  return { collections: items }
}

/** The form's values of a saved collection: lists as links (one a line), dates as days of the zone. */
export function formValuesOf(collection: Collection) {
  const web = getEnv().WEB_URL.replace(/\/+$/, '')
  const zone = getEnv().TIME_ZONE
  const lines = (path: string, ids: string[]) => ids.map((id) => `${web}/${path}/${id}`).join('\n')
  return {
    slug: collection.slug,
    name: collection.name,
    description: collection.description,
    categories: collection.rules.categories,
    organizers: lines('profile', collection.rules.organizers),
    places: lines('event', collection.rules.places),
    words: collection.rules.words ?? '',
    startsFrom: collection.rules.startsFrom ? dayInZone(collection.rules.startsFrom, zone) : '',
    startsUntil: collection.rules.startsUntil ? dayInZone(collection.rules.startsUntil, zone) : '',
    events: lines('event', collection.events),
  }
}

export async function loadCollectionEditor(api: Api, slug: string | undefined) {
  const { collection } = await fetchCollection(api, slug)
  return { collection, values: formValuesOf(collection) }
}

/** A day of the zone (YYYY-MM-DD) as its first or last instant; null for a day the calendar has not. */
function dayEdge(day: string, edge: 'start' | 'end'): string | null {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const end = edge === 'end'
  return zonedToIso({ year, month, day: date, ...(end ? { hour: 23, minute: 59, second: 59, ms: 999 } : {}) }, getEnv().TIME_ZONE)
}

/** The API body of the form: every field, so a cleared one is cleared. */
function bodyOf(value: CollectionForm) {
  const startsFrom = value.startsFrom ? dayEdge(value.startsFrom, 'start') : null
  const startsUntil = value.startsUntil ? dayEdge(value.startsUntil, 'end') : null
  const badDays = { ...(value.startsFrom && !startsFrom ? { startsFrom: ['invalidDate'] } : {}), ...(value.startsUntil && !startsUntil ? { startsUntil: ['invalidDate'] } : {}) }
  if (Object.keys(badDays).length) return { badDays }
  return {
    body: {
      slug: value.slug,
      name: value.name,
      description: value.description ?? '',
      categories: value.categories ?? [],
      organizers: value.organizers ?? [],
      places: value.places ?? [],
      words: value.words ?? '',
      startsFrom,
      startsUntil,
      events: value.events ?? [],
    },
  }
}

/** New collection (on the list) or Save (on a collection's page, `current` its slug); Remove there too. */
export async function saveCollection(request: Request, api: Api, current?: string) {
  const form = await readFormData(request)
  if (current && form.get('intent') === 'remove') {
    try {
      await ok(api.typed.DELETE('/collections/{slug}', { params: { path: { slug: current } } }))
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 })
      throw error
    }
    return redirectWithToast(LIST, { message: 'collectionRemoved' })
  }
  const submission = parseWithZod(form, { schema: collectionFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  const { body, badDays } = bodyOf(submission.value)
  if (!body) return data<FormActionData>({ result: submission.reply({ fieldErrors: badDays }) }, { status: 400 })
  try {
    if (current) await ok(api.typed.PATCH('/collections/{slug}', { params: { path: { slug: current } }, body }))
    else await ok(api.typed.POST('/collections', { body }))
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw data(null, { status: 503 })
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 })
    return apiFailure(submission, error)
  }
  return redirectWithToast(LIST, { message: current ? 'collectionSaved' : 'collectionCreated' })
}
