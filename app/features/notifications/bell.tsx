// The bell (SPEC §2 Notifications): the unread count, and a dropdown with the latest notifications. The
// dropdown is a <details>, so it opens without JavaScript too; there a form marks them read (a GET never
// changes anything). With JavaScript, opening it marks them all read at once.
import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LatestNotifications } from '#contract'
import { BellIcon } from '~/components/ui/icons'
import { Dropdown, menuItemClass } from '~/components/ui/dropdown'
import { NotificationItem } from './notification-item'

export function NotificationBell({ latest, timeZone }: { latest: LatestNotifications; timeZone: string }) {
  const { t } = useTranslation('notifications')
  const location = useLocation()
  const markAll = useFetcher()
  // The count shown drops to 0 as soon as the dropdown opens; fresh root data (a revalidation) wins again.
  const [openedOn, setOpenedOn] = useState<LatestNotifications | null>(null)
  const count = openedOn === latest ? 0 : latest.count

  function onOpenChange(open: boolean) {
    if (!open || count === 0) return
    setOpenedOn(latest)
    markAll.submit({ intent: 'markAllOpened' }, { method: 'post', action: '/notifications' })
  }

  return (
    <Dropdown
      label={count > 0 ? t('bellUnread', { count }) : t('bell')}
      testId="notifications-bell"
      onOpenChange={onOpenChange}
      summaryClassName="relative h-9 w-9 justify-center border border-slate-200 bg-white text-slate-600 hover:bg-slate-50 hover:text-slate-900"
      panelClassName="w-80"
      summary={
        <>
          <BellIcon className="h-5 w-5" />
          {count > 0 ? (
            <span
              data-testid="notifications-count"
              className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </>
      }
    >
      <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('title')}</p>
      {latest.lastNotifications.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-500">{t('empty')}</p>
      ) : (
        <ul className="max-h-96 overflow-y-auto">
          {latest.lastNotifications.map((notification) => (
            <li key={notification._id} className="flex">
              <NotificationItem notification={notification} timeZone={timeZone} compact />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-1 border-t border-slate-100 pt-1">
        {count > 0 ? (
          <Form method="post" action="/notifications">
            <input type="hidden" name="intent" value="markAllOpened" />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <button type="submit" className={menuItemClass}>
              {t('markAllRead')}
            </button>
          </Form>
        ) : null}
        <Link to="/notifications" className={menuItemClass}>
          {t('seeAll')}
        </Link>
      </div>
    </Dropdown>
  )
}
