// The signed-in user's latest notifications and unread count, for the bell on every page (SPEC §2).
import type { LatestNotifications } from '#contract'
import { ApiError, ok, type Api } from './api.server'
import { MAX_NOTIFICATION_PAGES } from '~/features/notifications/constants'
import { loadPages, requestedPages } from './pages.server'


/** Pages 1..?page of GET /notifications, newest first (/notifications and myProfile's activity). */
export async function loadNotificationPages(api: Api, request: Request) {
  const { items, hasMore, pages } = await loadPages(requestedPages(request, 'page', MAX_NOTIFICATION_PAGES), async (page) => {
    const list = await ok(api.typed.GET('/notifications', { params: { query: { page } } }))
    return { items: list.notifications, hasMore: list.hasMore }
  })
  return { notifications: items, hasMore, pages }
}

/**
 * Null for visitors and users who cannot have notifications (not activated). A failure is only logged:
 * the bell must never take a page down with it (SPEC §8 treats background fetches the same way).
 */
export async function getLatestNotifications(api: Api): Promise<LatestNotifications | null> {
  if (!api.isSignedIn()) return null
  try {
    return await ok(api.typed.GET('/notifications/latest'))
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403)))
      console.error('latest notifications failed', error)
    return null
  }
}
