// /notifications: every notification of the signed-in, activated user (SPEC §2), paged with "Load more".
// Actions (all plain form posts; with JavaScript the bell and the list use fetchers):
//   markAllOpened, markOpened {id}, delete {id}. A post that carries `redirectTo` (a form without
//   JavaScript) is answered with a redirect and a toast; a fetcher's post gets the plain result.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useFetcher, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from '~/utils/use-translation'
import { DEFAULT_LANGUAGE, type Notification } from '#contract'
import { metaText } from '~/utils/meta-text'
import { NotificationItem, notificationText } from '~/features/notifications/notification-item'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { loader as rootLoader } from '~/root'
import { ApiError, ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { safeRedirect } from '~/utils/redirect'
import { loadNotificationPages, MAX_NOTIFICATION_PAGES as MAX_PAGES } from '~/utils/notifications.server'
import { redirectWithToast } from '~/utils/toast.server'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'
import { readFormData } from '~/utils/form.server'

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = matches.find((match) => match.id === 'root')?.data?.locale ?? DEFAULT_LANGUAGE
  return [{ title: `${metaText(locale, 'notifications', 'title')} · Nearby` }]
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return data(await loadNotificationPages(api, request))
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  const redirectTo = form.get('redirectTo')
  let toast: 'allRead' | 'deleted' | null = null
  try {
    if (intent === 'markAllOpened') {
      await ok(api.typed.PUT('/notifications/markAsOpened'))
      toast = 'allRead'
    } else if (intent === 'markOpened' && id) {
      await ok(api.typed.PUT('/notifications/{id}/markAsOpened', { params: { path: { id } } }))
    } else if (intent === 'delete' && id) {
      await ok(api.typed.DELETE('/notifications/{id}', { params: { path: { id } } }))
      toast = 'deleted'
    } else {
      return data({ ok: false }, { status: 400 })
    }
  } catch (error) {
    // Already deleted, or not the caller's: nothing to show but the list as it is now.
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data({ ok: false }, { status: error.status })
  }
  if (typeof redirectTo === 'string' && redirectTo)
    return redirectWithToast(
      safeRedirect(redirectTo, '/notifications'),
      { message: toast ? `notifications:${toast}` : 'notifications:allRead', type: 'info' },
    )
  return { ok: true }
}

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

export default function Notifications() {
  const { t } = useTranslation('notifications')
  const { notifications, hasMore, pages } = useLoaderData<typeof loader>()
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
