// What the profile screens load (SPEC §2 Profile): the profile, the user's posts (pages 1..N for "Load
// more" without JavaScript) and, on myProfile, the followers/following table of ?show= (page size 7).
import { data } from '@remix-run/node'
import type { Event, FollowListResponse, Profile } from '#contract'
import { ApiError, type Api } from '~/utils/api.server'
import { loadPages, requestedPages } from '~/utils/pages.server'
import { MAX_POST_PAGES } from './constants'


export type FollowTable = { kind: 'followers' | 'following' } & FollowListResponse

type EventPage = { events: Event[]; page: number; pageSize: number; hasMore: boolean }


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
    return await api.get<Profile>(`/profile/${encodeURIComponent(id)}`)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500)
      throw data({ message: 'profileLoadFailed' }, { status: 503 })
    return throwApiStatus(error)
  }
}

/** The user's posts, pages 1..?posts (GET /event/{userId}/events, or /event/my for the user themself). */
export async function loadPosts(api: Api, request: Request, path: string) {
  const { items: events, hasMore, pages } = await loadPages(requestedPages(request, 'posts', MAX_POST_PAGES), async (page) => {
    const result = await api.get<EventPage>(path, { query: { page } })
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
    const list = await api.get<FollowListResponse>(`/profile/${encodeURIComponent(id)}/${kind}`, { query: { page } })
    return { kind, ...list }
  } catch (error) {
    return throwApiStatus(error)
  }
}
