// The dates of a recurring event's series on the page of one of them (decision 041): each a link to its own
// event page, this one marked, cancelled ones said so.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { type EventSeries, formatDateTime } from '#contract'
import { eventPath } from './shared'

export function SeriesDates({ series, currentId, timeZone }: { series: EventSeries; currentId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('eventPage')
  return (
    <section aria-labelledby="series-title" data-testid="series-dates" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="series-title" className="mb-2 text-lg font-semibold text-slate-900">
        {t('series.title')}
      </h2>
      {series.cancelledAt ? <p className="mb-2 text-sm text-red-700">{t('series.seriesCancelled')}</p> : null}
      <ol className="flex flex-wrap gap-2">
        {series.dates.map((date) => {
          const label = formatDateTime(date.startDate, i18n.language, timeZone)
          const current = date._id === currentId
          // A cancelled date, this one included: struck through, and said so to a screen reader.
          const cancelledNote = date.cancelled ? <span className="sr-only"> ({t('series.cancelled')})</span> : null
          return (
            <li key={date._id}>
              {current ? (
                <span aria-current="page" className={`inline-block rounded-md bg-brand-600 px-2 py-1 text-sm font-semibold text-white ${date.cancelled ? 'line-through' : ''}`}>
                  {label} <span className="sr-only">({t('series.thisDate')})</span>
                  {cancelledNote}
                </span>
              ) : (
                <Link to={eventPath(date._id)} className={`inline-block rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50 ${date.cancelled ? 'text-slate-500 line-through' : 'text-slate-800'}`}>
                  {label}
                  {cancelledNote}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
