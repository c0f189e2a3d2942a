// The header search (SPEC §2 Layout): a city and a date range, sent as a GET form to the current list
// (/places on the places screen, / elsewhere), keeping the category, tab and view and starting again at
// page 1. The dates are a range picker with JavaScript and two date inputs without (date-range-field.tsx);
// past days are disabled from today as the server counts it, and the list also refuses past days typed by
// hand. With JavaScript the city field suggests cities from the bundled data (debounced 1000 ms, blank
// ignored: SPEC §5).
import { Form, useLocation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TIMINGS, type CitySuggestion } from '#contract'
import { MapPinIcon, SearchIcon } from '~/components/ui/icons'
import { DateRangeField } from './date-range-field'

const inputClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'

/** Suggestions for what is typed, asked for once typing pauses. */
export function useCitySuggestions(typed: string) {
  const [suggestions, setSuggestions] = useState<CitySuggestion[]>([])
  // A blank field drops the last suggestions (set during render, React's way to adjust state to a changed
  // prop): typed into again, it shows none until its own arrive.
  if (!typed.trim() && suggestions.length > 0) setSuggestions([])
  useEffect(() => {
    const query = typed.trim()
    if (!query) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/resources/cities?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<CitySuggestion[]>) : []))
        .then(setSuggestions)
        .catch(() => undefined)
    }, TIMINGS.citySearchDebounceMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [typed])
  return suggestions
}

export function SearchForm({
  today,
  className = '',
  idPrefix = 'header',
  submitLabel,
}: {
  today: string
  className?: string
  /** Ids of its fields; the mobile drawer renders a second copy. */
  idPrefix?: string
  /** A visible submit text (the drawer's 'Search Event'); the header shows an icon. */
  submitLabel?: string
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { pathname } = useLocation()
  const section = pathname.startsWith('/places') ? '/places' : '/'
  const [typedCity, setTypedCity] = useState('')
  const suggestions = useCitySuggestions(typedCity)
  const kept = (['categories', 'filter', 'view'] as const).flatMap((key) => {
    const value = searchParams.get(key)
    return value && section === pathname ? [[key, value] as const] : []
  })
  const city = searchParams.get('city') ?? ''
  const startDate = searchParams.get('startDate') ?? ''
  const endDate = searchParams.get('endDate') ?? ''

  return (
    <Form
      method="get"
      action={section}
      role="search"
      aria-label={t('search.label')}
      // Re-mount on navigation so the fields show the current query.
      key={`${city}|${startDate}|${endDate}`}
      className={`grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:flex ${className}`}
    >
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <div className="relative min-w-0 sm:flex-[1_1_12rem]">
        <label htmlFor={`${idPrefix}-city`} className="sr-only">
          {t('search.city')}
        </label>
        <MapPinIcon className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          id={`${idPrefix}-city`}
          name="city"
          type="search"
          defaultValue={city}
          placeholder={t('search.cityPlaceholder')}
          autoComplete="address-level2"
          list={suggestions.length ? `${idPrefix}-city-suggestions` : undefined}
          onChange={(event) => setTypedCity(event.currentTarget.value)}
          maxLength={100}
          className={`${inputClass} pl-8`}
        />
        <datalist id={`${idPrefix}-city-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion.id} value={suggestion.city}>
              {suggestion.country}
            </option>
          ))}
        </datalist>
      </div>
      <DateRangeField idPrefix={idPrefix} today={today} startDate={startDate} endDate={endDate} inputClass={inputClass} />
      <button
        type="submit"
        className="col-start-2 row-start-1 inline-flex h-full shrink-0 items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-brand-600"
      >
        <SearchIcon className="h-4 w-4" />
        <span className={submitLabel ? '' : 'sr-only lg:not-sr-only'}>{submitLabel ?? t('search.submit')}</span>
      </button>
    </Form>
  )
}
