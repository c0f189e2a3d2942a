// The activity list (/admin/profile/myProfile/activity; SPEC §2: items link to /event/{entityId}, a follow to
// the follower's profile), newest first with "Load more". Managing them is on /notifications. Loader:
// ~/utils/notifications.server (loadNotificationPages).
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/components/layout/use-root-data'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'
import { NotificationItem } from '~/features/notifications/notification-item'
import { MAX_NOTIFICATION_PAGES as MAX_PAGES } from '~/features/notifications/constants'
import type { loadNotificationPages } from '~/utils/notifications.server'

export function Activity() {
  const { t } = useTranslation('profile')
  const { notifications: items, hasMore, pages } = useLoaderData<typeof loadNotificationPages>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  return (
    <section aria-labelledby="activity-title" className="space-y-3">
      <h2 id="activity-title" className="text-lg font-semibold text-slate-900">
        {t('activity.title')}
      </h2>
      {items.length === 0 ? (
        <EmptyState>{t('activity.empty')}</EmptyState>
      ) : (
        <ul className="rounded-xl border border-slate-200 bg-white" data-testid="activity">
          {items.map((notification) => (
            <li key={notification._id} className="flex border-b border-slate-100 last:border-0">
              <NotificationItem notification={notification} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && pages < MAX_PAGES ? <LoadMoreLink to={`?page=${pages + 1}`}>{t('activity.loadMore')}</LoadMoreLink> : null}
    </section>
  )
}
