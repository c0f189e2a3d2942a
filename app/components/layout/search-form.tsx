// The header search (SPEC §2 Layout): a city and a date range, sent as a GET form to the events list.
// Past dates are disabled with `min` = today (computed on the server, so it holds without JavaScript).
// The city autocomplete and the filtering itself come with the events list.
import { Form, useSearchParams } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MapPinIcon, SearchIcon } from '~/components/ui/icons'

const inputClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'

export function SearchForm({ today, className = '' }: { today: string; className?: string }) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const city = searchParams.get('city') ?? ''
  const startDate = searchParams.get('startDate') ?? ''
  const endDate = searchParams.get('endDate') ?? ''
  // With JavaScript the end date cannot precede the chosen start date either.
  const [chosenStart, setChosenStart] = useState(startDate)
  const endMin = chosenStart && chosenStart > today ? chosenStart : today

  return (
    <Form
      method="get"
      action="/"
      role="search"
      aria-label={t('search.label')}
      // Re-mount on navigation so the fields show the current query.
      key={`${city}|${startDate}|${endDate}`}
      className={`grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:flex ${className}`}
    >
      <div className="relative min-w-0 sm:flex-[1_1_12rem]">
        <label htmlFor="header-city" className="sr-only">
          {t('search.city')}
        </label>
        <MapPinIcon className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          id="header-city"
          name="city"
          type="search"
          defaultValue={city}
          placeholder={t('search.cityPlaceholder')}
          autoComplete="address-level2"
          maxLength={100}
          className={`${inputClass} pl-8`}
        />
      </div>
      <fieldset className="col-span-2 row-start-2 flex min-w-0 items-center gap-1.5 sm:flex-none">
        <legend className="sr-only">{t('search.dates')}</legend>
        <label htmlFor="header-start-date" className="sr-only">
          {t('search.from')}
        </label>
        <input
          id="header-start-date"
          name="startDate"
          type="date"
          min={today}
          defaultValue={startDate}
          onChange={(event) => setChosenStart(event.currentTarget.value)}
          title={t('search.from')}
          className={`${inputClass} sm:w-[9.5rem]`}
        />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <label htmlFor="header-end-date" className="sr-only">
          {t('search.to')}
        </label>
        <input
          id="header-end-date"
          name="endDate"
          type="date"
          min={endMin}
          defaultValue={endDate}
          title={t('search.to')}
          className={`${inputClass} sm:w-[9.5rem]`}
        />
      </fieldset>
      <button
        type="submit"
        className="col-start-2 row-start-1 inline-flex h-full shrink-0 items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-brand-600"
      >
        <SearchIcon className="h-4 w-4" />
        <span className="sr-only lg:not-sr-only">{t('search.submit')}</span>
      </button>
    </Form>
  )
}
