// One notification: who did what, linking to where it happened (contract notificationPath: the event, a follower's
// profile, a group one is invited to…; SPEC §2 "The activity list links to /event/{entityId}").
import { Link } from '@remix-run/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { type Notification, notificationPath } from '#contract'
import { formatDateTime } from '~/features/events/format'

/** Which text of `moderation.*` tells of a moderation decision. */
function moderationKey(notification: Notification): 'postInfo' | 'postImage' | 'postDeleted' | 'userInfo' | 'userImage' {
  const m = notification.moderation
  if (m?.targetType === 'USER') return m.field === 'moderationImageStatus' ? 'userImage' : 'userInfo'
  if (m?.field === 'postStatus') return 'postDeleted'
  return m?.field === 'moderationImageStatus' ? 'postImage' : 'postInfo'
}

/** Where the notification leads (contract notificationPath: the push message's link too). */
export const notificationHref = (notification: Notification): string => notificationPath(notification)

/** What a notification says, as plain text (its row, and the name of its Delete button); times in `timeZone`. */
export function notificationText(notification: Notification, t: TFunction, language = 'en', timeZone = 'UTC'): string {
  const from = notification.userFrom
  const name = from ? `${from.name} ${from.lastname}`.trim() || from.username : t('someone')
  const title = notification.post?.title ?? t('aPost')
  if (notification.notificationType === 'report') {
    const report = notification.report
    const about = report?.targetLabel ?? t('aPost')
    return report ? t(`report.${report.status}`, { title: about }) : t('types.report', { title: about })
  }
  if (notification.notificationType === 'eventReminder') {
    const time = formatDateTime(notification.reminder?.startDate, language, timeZone)
    return t(`reminder.${notification.reminder?.kind === '1h' ? '1h' : '24h'}`, { title, time })
  }
  if (notification.notificationType === 'moderation') {
    const reason = notification.moderation?.reason
    const text = t(`moderation.${moderationKey(notification)}`, { title })
    return reason ? `${text} ${t('moderation.reason', { reason })}` : text
  }
  if (notification.notificationType === 'eventMessage') return t('types.eventMessage', { name, title, message: notification.message?.body ?? '' })
  if (notification.notificationType === 'groupInvite') return t('types.groupInvite', { name, title: notification.group?.name ?? t('aGroup') })
  return t(`types.${notification.notificationType}`, { name, title })
}

export function NotificationText({ notification, timeZone }: { notification: Notification; timeZone: string }) {
  const { t, i18n } = useTranslation('notifications')
  return <>{notificationText(notification, t, i18n.language, timeZone)}</>
}

export function NotificationItem({
  notification,
  timeZone,
  compact = false,
}: {
  notification: Notification
  timeZone: string
  compact?: boolean
}) {
  const { t, i18n } = useTranslation('notifications')
  return (
    <Link
      to={notificationHref(notification)}
      className={`flex min-w-0 flex-1 items-start gap-2 rounded-lg ${compact ? 'px-2 py-1.5' : 'px-3 py-2'} text-sm text-slate-700 hover:bg-slate-100`}
    >
      {notification.isOpened ? (
        <span className="mt-1.5 h-2 w-2 shrink-0" aria-hidden />
      ) : (
        <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" title={t('unread')}>
          <span className="sr-only">{t('unread')}</span>
        </span>
      )}
      <span className="min-w-0">
        <span className={`block ${compact ? 'line-clamp-2' : ''} ${notification.isOpened ? '' : 'font-medium text-slate-900'}`}>
          <NotificationText notification={notification} timeZone={timeZone} />
        </span>
        {notification.reminder?.onlineUrl ? (
          <span className="block break-all text-xs text-slate-600" data-testid="reminder-online">
            {t('reminder.online', { url: notification.reminder.onlineUrl })}
          </span>
        ) : null}
        <time dateTime={notification.createdAt} className="block text-xs text-slate-500">
          {formatDateTime(notification.createdAt, i18n.language, timeZone)}
        </time>
      </span>
    </Link>
  )
}
