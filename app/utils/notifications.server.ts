// The signed-in user's latest notifications and unread count, for the bell on every page (SPEC §2).
import type { LatestNotifications } from '#contract'
import { ApiError, type Api } from './api.server'

/**
 * Null for visitors and users who cannot have notifications (not activated). A failure is only logged:
 * the bell must never take a page down with it (SPEC §8 treats background fetches the same way).
 */
export async function getLatestNotifications(api: Api): Promise<LatestNotifications | null> {
  if (!api.isSignedIn()) return null
  try {
    return await api.get<LatestNotifications>('/notifications/latest')
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403)))
      console.error('latest notifications failed', error)
    return null
  }
}
