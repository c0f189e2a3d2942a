// Category chips (a slider with a reset chip), the filter tabs and the accessibility filter of the lists. All plain links that keep
// the rest of the query and drop the page, so they work without JavaScript and start again at page 1.
import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ACCESSIBILITY_FEATURES, CATEGORIES, EVENT_FILTERS } from '#contract'
import { AccessibilityIcon } from '~/components/ui/accessibility-icons'

/** The current query with some keys changed (null removes one) and the page dropped. */
export function useQueryWith() {
  const location = useLocation()
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search)
    params.delete('page')
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key)
      else params.set(key, value)
    }
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
}

const chipClass = (active: boolean) =>
  `shrink-0 snap-start rounded-full border px-3 py-1 text-sm whitespace-nowrap ${
    active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`

export function CategoryChips({ selected }: { selected: string | null }) {
  const { t } = useTranslation(['eventList', 'events'])
  const withQuery = useQueryWith()
  return (
    <nav aria-label={t('categories')}>
      {/* 8 chips per view on wide screens, 5 under 1024 px, 3 under 480 px (SPEC §9): the row scrolls. */}
      <ul className="flex snap-x gap-2 overflow-x-auto pb-2 [scrollbar-width:thin]">
        <li>
          <Link to={withQuery({ categories: null })} className={chipClass(!selected)} aria-current={!selected ? 'page' : undefined}>
            {t('events:categories.all')}
          </Link>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={withQuery({ categories: category })}
              className={chipClass(selected === category)}
              aria-current={selected === category ? 'page' : undefined}
            >
              {t(`events:categories.${category}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const tabClass = (active: boolean) =>
  `rounded-md px-3 py-1.5 text-sm ${active ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`

/** The month view of the list's city and category (events only). */
/** What the month view keeps of a list's query (and in its own links): where, what, and how people take part. */
export const MONTH_QUERY_KEYS: readonly string[] = ['city', 'categories', 'online', 'accessibility']

function useMonthLink() {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams([...params].filter(([key]) => MONTH_QUERY_KEYS.includes(key)))
  const query = kept.toString()
  return `/calendar${query ? `?${query}` : ''}`
}

/** A link that turns the filter on or off: events people can take part in online (issue 43). */
export function OnlineSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation('eventList')
  const withQuery = useQueryWith()
  return (
    <Link to={withQuery({ online: on ? null : '1' })} className={tabClass(on)} aria-current={on ? 'true' : undefined} data-testid="online-filter">
      {t('tabs.online')}
    </Link>
  )
}

export function FilterTabs({
  filter,
  view,
  showMy,
  showMonth = false,
  online = null,
}: {
  filter: string
  view: string
  showMy: boolean
  showMonth?: boolean
  /** The "Online" switch (events): on or off; null where the list has none. */
  online?: boolean | null
}) {
  const { t } = useTranslation('eventList')
  const withQuery = useQueryWith()
  const monthLink = useMonthLink()
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <nav aria-label={t('tabs.label')} className="flex flex-wrap gap-1">
        {EVENT_FILTERS.filter((f) => f !== 'my' || showMy).map((f) => (
          <Link key={f} to={withQuery({ filter: f === 'active' ? null : f })} className={tabClass(filter === f)} aria-current={filter === f ? 'page' : undefined}>
            {t(`tabs.${f}`)}
          </Link>
        ))}
        {online === null ? null : <OnlineSwitch on={online} />}
      </nav>
      <nav aria-label={t('views.label')} className="flex flex-wrap gap-1">
        {(['list', 'timeline'] as const).map((v) => (
          <Link key={v} to={withQuery({ view: v === 'list' ? null : v })} className={tabClass(view === v)} aria-current={view === v ? 'page' : undefined}>
            {t(`views.${v}`)}
          </Link>
        ))}
        {showMonth ? (
          <Link to={monthLink} className={tabClass(false)}>
            {t('month.link')}
          </Link>
        ) : null}
      </nav>
    </div>
  )
}

/** The accessibility features a list keeps (issue 43): a GET form of checkboxes, each an icon with its words, that
 * keeps the rest of the query; open while some are chosen. */
export function AccessibilityFilter({ selected }: { selected: readonly string[] }) {
  const { t } = useTranslation(['eventList', 'events'])
  const { search, pathname } = useLocation()
  const kept = [...new URLSearchParams(search)].filter(([key]) => key !== 'accessibility' && key !== 'page')
  return (
    <details className="text-sm" open={selected.length > 0 || undefined} data-testid="accessibility-filter">
      <summary className="cursor-pointer text-slate-700">
        {t('accessibilityFilter.title')}
        {selected.length ? ` (${selected.length})` : ''}
      </summary>
      <Form method="get" action={pathname} className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        {kept.map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        {ACCESSIBILITY_FEATURES.map((feature) => (
          <label key={feature} className="flex items-center gap-1.5">
            <input type="checkbox" name="accessibility" value={feature} defaultChecked={selected.includes(feature)} />
            <AccessibilityIcon feature={feature} className="h-4 w-4 shrink-0 text-slate-600" />
            {t(`events:accessibility.${feature}`)}
          </label>
        ))}
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50">
          {t('accessibilityFilter.show')}
        </button>
      </Form>
    </details>
  )
}
