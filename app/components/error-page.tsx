// The 404 and 500 pages of the root error boundary (SPEC §8), in the user's language.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** Which of the three pages a status shows: its title and generic text (the page's <title> says the same). */
export const errorKind = (status: number) => (status === 404 ? 'notFound' : status >= 500 ? 'server' : 'other')

/**
 * `messageCode`: a contract message that says more than the generic text (e.g. profileLoadFailed); `messageText`:
 * the API's own text of a refusal, for a code whose text stays on the server (decision 044).
 */
export function ErrorPage({ status, messageCode, messageText }: { status: number; messageCode?: string; messageText?: string }) {
  const { t } = useTranslation()
  const kind = errorKind(status)
  const title = t(`errors.${kind}Title`)
  const generic = kind === 'other' ? t('errors.other', { status }) : t(`errors.${kind}`)
  const said = messageText ?? generic
  const message = messageCode ? t(messageCode, { ns: 'validation', defaultValue: said }) : said

  return (
    <section
      aria-labelledby="error-title"
      data-testid={`error-${status}`}
      className="mx-auto flex max-w-xl flex-col items-center px-2 py-16 text-center"
    >
      <p className="text-6xl font-extrabold tracking-tight text-brand-600 sm:text-7xl" aria-hidden="true">
        {kind === 'server' ? '500' : status}
      </p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-3 text-base text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('errors.home')}
        </Link>
        {kind === 'server' ? (
          <a
            href=""
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {t('errors.retry')}
          </a>
        ) : null}
      </div>
    </section>
  )
}
