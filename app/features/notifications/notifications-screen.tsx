// The notifications screen (/notifications): every notification of the signed-in user, paged with "Load
// more"; with JavaScript an unread one is marked opened as it scrolls into view and each row deletes with a
// fetcher. Action: notifications.server.ts; loader: ~/utils/notifications.server (shared with the root's bell).
import { Form, useFetcher, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Notification } from '#contract'
import { useHydrated } from '~/components/ui/use-hydrated'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'
import type { loader as rootLoader } from '~/root'
import { MAX_NOTIFICATION_PAGES as MAX_PAGES } from '~/features/notifications/constants'
import type { loadNotificationPages } from '~/utils/notifications.server'
import { NotificationItem, notificationText } from './notification-item'

/** With JavaScript an unread notification is marked opened when it scrolls into view (SPEC §2). */
function useMarkOpenedWhenSeen(notification: Notification) {
  const ref = useRef<HTMLLIElement>(null)
  const fetcher = useFetcher()
  const hydrated = useHydrated()
  useEffect(() => {
    const element = ref.current
    if (!hydrated || notification.isOpened || !element || !('IntersectionObserver' in window)) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        fetcher.submit({ intent: 'markOpened', id: notification._id }, { method: 'post', action: '/notifications' })
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
    // fetcher.submit is stable for the life of the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, notification._id, notification.isOpened])
  return ref
}

function Row({ notification, timeZone }: { notification: Notification; timeZone: string }) {
  const { t, i18n } = useTranslation('notifications')
  const ref = useMarkOpenedWhenSeen(notification)
  const remove = useFetcher()
  if (remove.state !== 'idle') return null
  return (
    <li ref={ref} className="flex items-center gap-2 border-b border-slate-100 last:border-0" data-testid="notification">
      <NotificationItem notification={notification} timeZone={timeZone} />
      <remove.Form method="post" action="/notifications" className="shrink-0 pr-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={notification._id} />
        <input type="hidden" name="redirectTo" value="/notifications" />
        <button
          type="submit"
          className="rounded-md px-2 py-1 text-xs text-slate-500 hover:bg-red-50 hover:text-red-700"
          // Named by what it deletes: a list of identical "Delete" buttons tells a screen reader nothing.
          aria-label={`${t('delete')}: ${notificationText(notification, t, i18n.language, timeZone)}`}
        >
          {t('delete')}
        </button>
      </remove.Form>
    </li>
  )
}

export function NotificationsScreen() {
  const { t } = useTranslation('notifications')
  const { notifications, hasMore, pages } = useLoaderData<typeof loadNotificationPages>()
  const rootData = useRouteLoaderData<typeof rootLoader>('root')
  const timeZone = rootData?.ENV.TIME_ZONE ?? 'UTC'
  const unread = notifications.some((notification) => !notification.isOpened)
  return (
    <section className="mx-auto max-w-2xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="markAllOpened" />
            <input type="hidden" name="redirectTo" value="/notifications" />
            <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
              {t('markAllRead')}
            </button>
          </Form>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <ul className="rounded-xl border border-slate-200 bg-white">
          {notifications.map((notification) => (
            <Row key={notification._id} notification={notification} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {hasMore && pages < MAX_PAGES ? <LoadMoreLink to={`?page=${pages + 1}`}>{t('loadMore')}</LoadMoreLink> : null}
    </section>
  )
}
