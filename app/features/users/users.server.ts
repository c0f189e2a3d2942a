// The people search (/users, public) over GET /profile/?query=.
import { data } from '@remix-run/node'
import { lastReachablePage, PROFILE_LIMITS, type ProfileCard } from '#contract'
import { ApiError, getApi, ok } from '~/utils/api.server'
import { loadPages, requestedPageRange } from '~/utils/pages.server'

const MAX_PAGES_AT_ONCE = 10

export type UsersData = {
  query: string
  users: ProfileCard[]
  page: number
  hasMore: boolean
  /** The API's message for a query it refuses (e.g. too long). */
  queryError: string | null
}

/** GET /profile/?query=, pages 1..N at once (?page=); a query the API refuses comes back as queryError (400). */
export async function searchUsers(request: Request) {
  const api = await getApi(request)
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim()
  try {
    const lastPage = lastReachablePage(PROFILE_LIMITS.searchPageSize)
    const result = await loadPages(requestedPageRange(request, MAX_PAGES_AT_ONCE, lastPage), async (page) => {
      const found = await ok(api.typed.GET('/profile/', { params: { query: { query: query || undefined, page } } }))
      return { items: found.profiles, hasMore: found.hasMore }
    })
    return data<UsersData>(
      { query, users: result.items, page: result.page, hasMore: result.hasMore, queryError: null },
    )
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    const queryError = error.body.errors.query?.[0] ?? error.body.message
    return data<UsersData>({ query, users: [], page: 1, hasMore: false, queryError }, { status: 400 })
  }
}
