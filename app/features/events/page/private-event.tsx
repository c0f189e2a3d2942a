// The page of a PRIVATE or SUBSCRIBERS event the viewer may not open (API 403): how to get in, no details.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PrivateReason } from './shared'

export function PrivateEvent({
  reason,
  signedIn,
  signInUrl,
}: {
  reason: PrivateReason
  signedIn: boolean
  signInUrl: string
}) {
  const { t } = useTranslation('eventPage')
  const subscribers = reason === 'subscribersOnly'
  return (
    <section
      aria-labelledby="private-title"
      data-testid="private-event"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-5 py-10 text-center shadow-sm"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={2}>
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </span>
      <h1 id="private-title" className="mt-4 text-2xl font-bold text-slate-900">
        {subscribers ? t('private.subscribersTitle') : t('private.title')}
      </h1>
      <p className="mt-2 text-slate-700">{subscribers ? t('private.subscribersText') : t('private.privateText')}</p>
      <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">{t('private.howTo')}</h2>
      <p className="mt-1 text-slate-700">{subscribers ? t('private.subscribersHow') : t('private.privateHow')}</p>
      {!signedIn ? (
        <div className="mt-6 space-y-2">
          <p className="text-sm text-slate-600">{t('private.signInHint')}</p>
          <a
            href={signInUrl}
            className="inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('private.signIn')}
          </a>
        </div>
      ) : null}
      <p className="mt-8">
        <Link to="/" className="text-sm font-medium text-brand-700 underline">
          {t('private.back')}
        </Link>
      </p>
    </section>
  )
}
