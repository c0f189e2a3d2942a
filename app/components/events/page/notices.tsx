// Info boxes of the event page: what the access type means, and the chat that lives in the mobile app.
import { useTranslation } from '~/utils/use-translation'
import type { AccessType, AppVersion } from '#contract'
import { SmartphoneIcon } from '~/components/ui/icons'

export function AccessInfo({ accessType }: { accessType: AccessType }) {
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
        <span className="font-semibold">{t(`accessType.${accessType}`)}. </span>
        {t(`accessInfo.${accessType}`)}
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
