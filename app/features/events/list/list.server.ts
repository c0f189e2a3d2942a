// The loader of the events (/) and places (/places) screens (SPEC §2 "Home and places screens", §4 list
// filter, §7 GET /event/all). Everything the list shows lives in the query string:
//   categories, city, startDate/endDate (DD-MM-YYYY or YYYY-MM-DD days in TIME_ZONE), filter
//   (active | my | completed), view (list | timeline), page.
// Without JavaScript "Load more" asks for ?page=N and gets pages 1..N (nothing already seen is lost);
// the infinite scroll's fetcher adds &only=1 and gets page N alone.
import { data } from '@remix-run/node'
import { ACCESSIBILITY_FEATURES, type AccessibilityFeature, CATEGORIES, EVENT_FILTERS, EVENT_LIMITS, lastReachablePage, type Category, type Event, type EventFilter, type EventListResponse, type EventType, type GeoFilter } from '#contract'
import { dayBoundaryIso, isoDayToDmy, todayInZone } from '~/features/events/format'
import { ApiError, getApi, ok, type Api } from '~/utils/api.server'
import { loadPages, requestedPageRange } from '~/utils/pages.server'
import { getEnv } from '~/utils/env.server'
import { MAX_VIEWS_PER_REQUEST } from '~/features/events/list/card-views'
import { listedEvent, type ListedEvent } from '~/features/events/list/listed-event'

/** Pages rendered at once after "Load more" without JavaScript. */
export const MAX_PAGES_AT_ONCE = 10

export type ListView = 'list' | 'timeline'
export type DateError = 'invalidDate' | 'pastDate' | 'endBeforeStart'

export type EventListData = {
  eventType: EventType
  events: ListedEvent[]
  page: number
  hasMore: boolean
  geo: EventListResponse['geo']
  filters: {
    category: Category | null
    city: string
    /** As typed, for the form. */
    startDate: string
    endDate: string
    /** DD-MM-YYYY, for the summary line. */
    startLabel: string | null
    endLabel: string | null
    filter: EventFilter
    view: ListView
    /** Only events people can take part in online (?online=1). */
    online: boolean
    /** Only posts with every one of these accessibility features (?accessibility=…, repeated). */
    accessibility: AccessibilityFeature[]
  }
  dateErrors: { startDate?: DateError; endDate?: DateError }
  /** The API's message for a city it refuses (the list is then shown without the city). */
  cityError: string | null
  signedIn: boolean
  /** The "my" tab was asked for by a visitor: the list shows a sign-in prompt instead. */
  needsSignIn: boolean
}

/** What a list (or the month) narrows by, from its query: ?online=1 (events only) and ?accessibility=… (repeated or
 * comma-separated; unknown features left out). */
export function narrowingOf(params: URLSearchParams, eventType: EventType): { online: boolean; accessibility: AccessibilityFeature[] } {
  const asked = params.getAll('accessibility').flatMap((value) => value.split(','))
  return { online: eventType === 'EVENT' && params.get('online') === '1', accessibility: ACCESSIBILITY_FEATURES.filter((feature) => asked.includes(feature)) }
}

export async function loadEventList(request: Request, eventType: EventType) {
  const api = await getApi(request)
  const { TIME_ZONE } = getEnv()
  const params = new URL(request.url).searchParams

  const categoryParam = params.get('categories') ?? ''
  const category = (CATEGORIES as readonly string[]).includes(categoryParam) ? (categoryParam as Category) : null
  const filterParam = params.get('filter') ?? 'active'
  const filter = (EVENT_FILTERS as readonly string[]).includes(filterParam) ? (filterParam as EventFilter) : 'active'
  const view: ListView = params.get('view') === 'timeline' ? 'timeline' : 'list'
  const { online, accessibility } = narrowingOf(params, eventType)
  const city = (params.get('city') ?? '').trim().slice(0, 100)
  const startDate = (params.get('startDate') ?? '').trim().slice(0, 20)
  const endDate = (params.get('endDate') ?? '').trim().slice(0, 20)

  // Day filters: whole days in TIME_ZONE; past days and reversed ranges are refused with a message, and
  // the list is shown without that bound (what was typed stays in the form).
  const dateErrors: EventListData['dateErrors'] = {}
  const startIso = startDate ? dayBoundaryIso(startDate, 'start', TIME_ZONE) : null
  const endIso = endDate ? dayBoundaryIso(endDate, 'end', TIME_ZONE) : null
  const todayStart = dayBoundaryIso(todayInZone(TIME_ZONE), 'start', TIME_ZONE) ?? ''
  // Past days belong to the Completed tab (the month view's past days lead there).
  const pastAllowed = filter === 'completed'
  if (startDate && !startIso) dateErrors.startDate = 'invalidDate'
  else if (startIso && startIso < todayStart && !pastAllowed) dateErrors.startDate = 'pastDate'
  if (endDate && !endIso) dateErrors.endDate = 'invalidDate'
  else if (endIso && endIso < todayStart && !pastAllowed) dateErrors.endDate = 'pastDate'
  else if (endIso && startIso && !dateErrors.startDate && endIso < startIso) dateErrors.endDate = 'endBeforeStart'

  const signedIn = api.isSignedIn()
  const needsSignIn = filter === 'my' && !signedIn
  const query: ListQuery = {
    eventType,
    city: city || undefined,
    categories: category ? [category] : undefined,
    startDate: startIso && !dateErrors.startDate ? startIso : undefined,
    endDate: endIso && !dateErrors.endDate ? endIso : undefined,
    filter: needsSignIn ? 'active' : filter,
    ...(online ? { online: true } : {}),
    ...(accessibility.length ? { accessibility } : {}),
  }

  let cityError: string | null = null
  let loaded: LoadedList
  try {
    loaded = await loadList(api, request, query)
  } catch (error) {
    // A city the API refuses (e.g. a control character) is a field message, like a bad date: the list is
    // shown without it and what was typed stays in the form.
    const refusal = error instanceof ApiError && error.status === 400 ? error.body.errors.city?.[0] : undefined
    if (!refusal || !query.city) throw error
    cityError = refusal
    loaded = await loadList(api, request, { ...query, city: undefined })
  }
  const { result, geo } = loaded

  const body: EventListData = {
    eventType,
    events: needsSignIn ? [] : result.items.map(listedEvent),
    page: result.page,
    hasMore: needsSignIn ? false : result.hasMore,
    // loadPages always loads at least one page.
    geo,
    filters: {
      category,
      city,
      startDate,
      endDate,
      startLabel: startIso && !dateErrors.startDate ? isoDayToDmy(toIsoDay(startDate)) : null,
      endLabel: endIso && !dateErrors.endDate ? isoDayToDmy(toIsoDay(endDate)) : null,
      filter,
      view,
      online,
      accessibility,
    },
    dateErrors,
    cityError,
    signedIn,
    needsSignIn,
  }
  return data(body)
}

type ListQuery = {
  eventType: EventType
  city?: string
  categories?: Category[]
  startDate?: string
  endDate?: string
  filter: EventFilter
  online?: boolean
  accessibility?: AccessibilityFeature[]
}
type LoadedList = { result: { items: Event[]; hasMore: boolean; page: number }; geo: GeoFilter }

async function loadList(api: Api, request: Request, query: ListQuery): Promise<LoadedList> {
  // Every page answers the same geo filter (the city's centre); the last one's is kept.
  let geo: GeoFilter | null = null
  const lastPage = lastReachablePage(EVENT_LIMITS.pageSize)
  const result = await loadPages(requestedPageRange(request, MAX_PAGES_AT_ONCE, lastPage), async (current) => {
    const response = await ok(api.typed.GET('/event/all', { params: { query: { ...query, page: current } } }))
    geo = response.geo
    return { items: response.events, hasMore: response.hasMore }
  })
  // loadPages always loads at least one page.
  return { result, geo: geo as unknown as GeoFilter }
}

/** DD-MM-YYYY → YYYY-MM-DD; YYYY-MM-DD stays. */
function toIsoDay(value: string): string {
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value)
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value
}

/**
 * Counts the views of the cards a signed-in user saw (a batch from card-views.ts): POST /event/{id}/view for
 * each id once. 400 when nobody is signed in or no id is usable; ids the API refuses (gone, hidden) are
 * skipped, as a view of them changes nothing. A resource route's answer: a Response (React Router v7 will
 * not serialise plain objects there).
 */
export async function registerViews(request: Request, postIds: string[]) {
  const api = await getApi(request)
  const ids = [...new Set(postIds)].filter((id) => /^[\w-]{1,100}$/.test(id))
  if (!api.isSignedIn() || ids.length === 0 || postIds.length > MAX_VIEWS_PER_REQUEST) return Response.json({ ok: false }, { status: 400 })
  const outcomes = await Promise.allSettled(ids.map((id) => ok(api.typed.PUT('/event/{id}/view', { params: { path: { id } } }))))
  const counted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length
  return Response.json({ ok: counted > 0, counted }, { status: counted > 0 ? 200 : 400 })
}
