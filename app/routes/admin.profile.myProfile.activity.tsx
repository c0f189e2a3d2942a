// /admin/profile/myProfile/activity: the activity list (SPEC §2: items link to /event/{entityId}, a follow
// to the follower's profile), newest first with "Load more". Managing them is on /notifications.
import { routeTexts } from '~/locales/load'
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { useRootData } from '~/components/layout/use-root-data'
import { NotificationItem } from '~/features/notifications/notification-item'
import { requireActivatedUser } from '~/utils/auth.server'
import { loadNotificationPages, MAX_NOTIFICATION_PAGES as MAX_PAGES } from '~/utils/notifications.server'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['profile'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return data(await loadNotificationPages(api, request))
}

export default function Activity() {
  const { t } = useTranslation('profile')
  const { notifications: items, hasMore, pages } = useLoaderData<typeof loader>()
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
