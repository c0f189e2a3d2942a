// Info boxes of the event page: what the access type means, and the chat that lives in the mobile app.
import { useTranslation } from 'react-i18next'
import type { AccessMode, AppVersion, Event } from '#contract'
import { formatDateTime } from '~/features/events/format'
import { SmartphoneIcon } from '~/components/ui/icons'

/** A cancelled event says so first, with the organizer's word; a moved one names the start it had. */
export function EventChanges({
  event,
  timeZone,
}: {
  event: Pick<Event, 'cancelledAt' | 'cancelMessage' | 'previousStartDate' | 'rescheduledAt'>
  timeZone: string
}) {
  const { t, i18n } = useTranslation('eventPage')
  if (event.cancelledAt)
    return (
      <div
        role="status"
        data-testid="event-cancelled"
        className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <p className="font-semibold">{t('cancelled.title')}</p>
        {event.cancelMessage ? (
          <p className="mt-1 whitespace-pre-line break-words">
            {t('cancelled.message', { message: event.cancelMessage })}
          </p>
        ) : null}
      </div>
    )
  if (event.rescheduledAt && event.previousStartDate)
    return (
      <p
        data-testid="event-moved"
        className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      >
        {t('moved.note', { date: formatDateTime(event.previousStartDate, i18n.language, timeZone) })}
      </p>
    )
  return null
}

export function AccessInfo({ mode }: { mode: AccessMode }) {
  const { t } = useTranslation('events')
  return (
    <div
      role="note"
      data-testid="access-info"
      className="flex gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <span aria-hidden="true" className="font-bold text-brand-700">
        i
      </span>
      <p>
        <span className="font-semibold">{t(`accessType.${mode}`)}. </span>
        {t(`accessInfo.${mode}`)}
      </p>
    </div>
  )
}

export function ChatNotice({ appVersion }: { appVersion: AppVersion | null }) {
  const { t } = useTranslation('eventPage')
  const stores = [
    { url: appVersion?.androidStoreUrl, label: t('chat.android') },
    { url: appVersion?.iosStoreUrl, label: t('chat.ios') },
  ].filter((store): store is { url: string; label: string } => Boolean(store.url))
  return (
    <section aria-labelledby="chat-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="chat-title" className="mb-1 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <SmartphoneIcon className="h-5 w-5 text-slate-500" />
        {t('chat.title')}
      </h2>
      <p className="text-sm text-slate-700" data-testid="chat-notice">
        {t('chat.notice')}
      </p>
      {stores.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {stores.map((store) => (
            <li key={store.url}>
              <a
                href={store.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex rounded-md bg-slate-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-700"
              >
                {store.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
