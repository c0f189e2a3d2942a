// What the profile screens load (SPEC §2 Profile): the profile, the user's posts (pages 1..N for "Load
// more" without JavaScript) and, on myProfile, the followers/following table of ?show= (page size 7).
import { data } from '@remix-run/node'
import type { FollowListResponse, Profile } from '#contract'
import { ApiError, ok, type Api } from '~/utils/api.server'
import { loadPages, requestedPages } from '~/utils/pages.server'
import { MAX_POST_PAGES } from './constants'


export type FollowTable = { kind: 'followers' | 'following' } & FollowListResponse

/** A refusal of the API as the page's own status: 404 for unknown or disabled users, never a 500. */
export function throwApiStatus(error: unknown): never {
  if (!(error instanceof ApiError)) throw error
  const status = error.status === 400 ? 404 : error.status >= 500 ? 503 : error.status
  throw data(null, { status })
}

/**
 * GET /profile/{id} (or /profile/my): the 404 page when there is no such user; when the API fails or cannot
 * be reached, the error page says SPEC §8's 'Ошибка получения профиля!' (profileLoadFailed).
 */
export async function loadProfile(api: Api, id: string | 'my'): Promise<Profile> {
  try {
    return await ok(
      id === 'my' ? api.typed.GET('/profile/my') : api.typed.GET('/profile/{id}', { params: { path: { id } } }),
    )
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500)
      throw data({ message: 'profileLoadFailed' }, { status: 503 })
    return throwApiStatus(error)
  }
}

/** The user's posts, pages 1..?posts (GET /event/{userId}/events, or /event/my for the user themself). */
export async function loadPosts(api: Api, request: Request, userId: string | 'my') {
  const { items: events, hasMore, pages } = await loadPages(requestedPages(request, 'posts', MAX_POST_PAGES), async (page) => {
    const result = await ok(
      userId === 'my'
        ? api.typed.GET('/event/my', { params: { query: { page } } })
        : api.typed.GET('/event/{id}/events', { params: { path: { id: userId }, query: { page } } }),
    )
    return { items: result.events, hasMore: result.hasMore }
  })
  return { events, hasMore, pages }
}

/** ?show=followers|following&page=N: the table of the modal, or null. */
export async function loadFollowTable(api: Api, request: Request, id: string | 'my'): Promise<FollowTable | null> {
  const kind = new URL(request.url).searchParams.get('show')
  if (kind !== 'followers' && kind !== 'following') return null
  // The table has Previous/Next links, one page at a time.
  const page = requestedPages(request, 'page', Number.MAX_SAFE_INTEGER)
  try {
    return { kind, ...(await followList(api, id, kind, page)) }
  } catch (error) {
    return throwApiStatus(error)
  }
}

/** One page of GET /profile/{id}/followers|following (or /profile/my/…). */
function followList(api: Api, id: string | 'my', kind: FollowTable['kind'], page: number) {
  const query = { page }
  if (id === 'my')
    return kind === 'followers'
      ? ok(api.typed.GET('/profile/my/followers', { params: { query } }))
      : ok(api.typed.GET('/profile/my/following', { params: { query } }))
  const params = { path: { id }, query }
  return kind === 'followers'
    ? ok(api.typed.GET('/profile/{id}/followers', { params }))
    : ok(api.typed.GET('/profile/{id}/following', { params }))
}

/** /profile/{id}: the profile, the user's posts and this page's address (the Follow form comes back to it). */
export async function loadPublicProfile(request: Request, api: Api, id: string) {
  const profile = await loadProfile(api, id)
  const posts = await loadPosts(api, request, profile._id)
  const url = new URL(request.url)
  return data({ profile, posts, returnTo: `${url.pathname}${url.search}` })
}

/** /admin/profile/myProfile: the user's own profile and the followers/following table of ?show=. */
export async function loadMyProfile(request: Request, api: Api) {
  const [profile, table] = await Promise.all([loadProfile(api, 'my'), loadFollowTable(api, request, 'my')])
  return data({ profile, table, path: new URL(request.url).pathname })
}
