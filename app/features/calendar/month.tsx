// A city's month at a glance (/calendar/YYYY-MM, issue 43), rendered on the server and whole without JavaScript:
// links to the previous and next month, the lists' category chips, Online switch and accessibility filter and a city
// form (GET), and the month as a table (weekday headers, one row a week, each day's first events as links and "+N
// more" to that day's list). Under the sm breakpoint (a 360 px phone) the same days come as a list of the days that
// have events, not a squeezed grid.
import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DATE_LOCALES, type EventMonth, languageOr, type MonthEvent } from '#contract'
import { AccessibilityFilter, CategoryChips, MONTH_QUERY_KEYS, OnlineSwitch } from '~/features/events/list/filters'
import type { loadMonth } from './month.server'

type MonthData = Awaited<ReturnType<typeof loadMonth>>
type Day = EventMonth['days'][number]

/** Monday-first weekday names (short and long) in the language. */
function weekdays(language: string) {
  const locale = DATE_LOCALES[languageOr(language)]
  const monday = Date.UTC(2024, 0, 1)
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(monday + i * 86_400_000)
    return {
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date),
    }
  })
}

const utcDate = (day: string) => new Date(`${day}T12:00:00Z`)

/** "December 2026" / "декабрь 2026 г." */
export function monthName(month: string, language: string) {
  return new Intl.DateTimeFormat(DATE_LOCALES[languageOr(language)], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDate(`${month}-01`))
}

function dayName(day: string, language: string) {
  return new Intl.DateTimeFormat(DATE_LOCALES[languageOr(language)], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(utcDate(day))
}

/** The weeks of the month, Monday first, with blanks before the 1st and after the last day. */
function weeksOf(days: Day[]): (Day | null)[][] {
  const lead = (utcDate(days[0]!.date).getUTCDay() + 6) % 7
  const cells: (Day | null)[] = [...Array<null>(lead).fill(null), ...days]
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7))
}

/** The query the month keeps in its links (city, category, online, accessibility), with `changes`. */
function useMonthQuery() {
  const { search } = useLocation()
  return (extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(search)
    for (const key of [...params.keys()]) if (!MONTH_QUERY_KEYS.includes(key)) params.delete(key)
    for (const [key, value] of Object.entries(extra)) params.set(key, value)
    const query = params.toString()
    return query ? `?${query}` : ''
  }
}

/** A day's whole list: the lists with the day as the dates (past days under Completed). */
function useDayList(today: string) {
  const query = useMonthQuery()
  return (day: string) => `/${query({ startDate: day, endDate: day, ...(day < today ? { filter: 'completed' } : {}) })}`
}

function EventLink({ event }: { event: MonthEvent }) {
  const { t } = useTranslation('eventList')
  return (
    <Link to={`/event/${event._id}`} className={`block truncate text-xs text-brand-700 hover:underline ${event.cancelledAt ? 'line-through' : ''}`}>
      {event.title}
      {event.cancelledAt ? <span className="sr-only"> ({t('month.cancelled')})</span> : null}
    </Link>
  )
}

function MoreLink({ day, today }: { day: Day; today: string }) {
  const { t } = useTranslation('eventList')
  const dayList = useDayList(today)
  if (!day.more) return null
  return (
    <Link to={dayList(day.date)} className="block text-xs font-medium text-slate-700 hover:underline">
      {t('month.more', { count: day.more })}
    </Link>
  )
}

/** A day's first events as links, and "+N more" to its list. */
function DayEvents({ day, today }: { day: Day; today: string }) {
  return (
    <>
      <ul className="mt-1 space-y-1">
        {day.events.map((event) => (
          <li key={event._id}>
            <EventLink event={event} />
          </li>
        ))}
      </ul>
      <MoreLink day={day} today={today} />
    </>
  )
}

function MonthGrid({ calendar, today }: { calendar: EventMonth; today: string }) {
  const { t, i18n } = useTranslation('eventList')
  const dayList = useDayList(today)
  return (
    <table className="hidden w-full table-fixed border-collapse sm:table" data-testid="month-grid">
      <caption className="sr-only">{t('month.caption', { month: monthName(calendar.month, i18n.language) })}</caption>
      <thead>
        <tr>
          {weekdays(i18n.language).map((day) => (
            <th key={day.long} scope="col" className="border-b border-slate-200 py-1 text-xs font-medium text-slate-500">
              <abbr title={day.long} className="no-underline">
                {day.short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(calendar.days).map((week, w) => (
          <tr key={w}>
            {week.map((day, d) =>
              day ? (
                <td key={day.date} className={`h-24 border border-slate-200 p-1 align-top ${day.date === today ? 'bg-brand-50' : ''}`} aria-current={day.date === today ? 'date' : undefined}>
                  <Link to={dayList(day.date)} className="text-sm font-semibold text-slate-800 hover:underline" aria-label={dayName(day.date, i18n.language)}>
                    {Number(day.date.slice(8))}
                  </Link>
                  <DayEvents day={day} today={today} />
                </td>
              ) : (
                <td key={`blank-${d}`} className="border border-slate-100 bg-slate-50" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Under sm: the days that have events, as a list. */
function DayList({ calendar, today }: { calendar: EventMonth; today: string }) {
  const { t, i18n } = useTranslation('eventList')
  const dayList = useDayList(today)
  const busy = calendar.days.filter((day) => day.events.length)
  return (
    <div className="sm:hidden" data-testid="month-days">
      {busy.length === 0 ? (
        <p className="text-sm text-slate-600">{t('month.none')}</p>
      ) : (
        <ol className="space-y-3">
          {busy.map((day) => (
            <li key={day.date} className="rounded-md border border-slate-200 p-2" aria-current={day.date === today ? 'date' : undefined}>
              <h2 className="text-sm font-semibold">
                <Link to={dayList(day.date)} className="hover:underline">
                  {dayName(day.date, i18n.language)}
                </Link>
              </h2>
              <DayEvents day={day} today={today} />
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export function MonthScreen({ data }: { data: MonthData }) {
  const { t, i18n } = useTranslation('eventList')
  const { calendar, filters, today } = data
  const query = useMonthQuery()
  const title = monthName(calendar.month, i18n.language)
  return (
    <section aria-labelledby="month-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="month-title" className="text-2xl font-semibold first-letter:uppercase">
          {t('month.title', { month: title, city: calendar.geo.city })}
        </h1>
        <nav aria-label={t('month.nav')} className="flex flex-wrap gap-2 text-sm">
          <Link to={`/calendar/${calendar.previous}${query()}`} rel="prev" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
            ← <span className="first-letter:uppercase">{monthName(calendar.previous, i18n.language)}</span>
          </Link>
          {calendar.month !== today.slice(0, 7) ? (
            <Link to={`/calendar/${today.slice(0, 7)}${query()}`} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
              {t('month.thisMonth')}
            </Link>
          ) : null}
          <Link to={`/calendar/${calendar.next}${query()}`} rel="next" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
            <span className="first-letter:uppercase">{monthName(calendar.next, i18n.language)}</span> →
          </Link>
        </nav>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium text-slate-700">{t('month.city')}</span>
          <input name="city" defaultValue={filters.city} maxLength={100} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5" autoComplete="address-level2" />
        </label>
        {filters.category ? <input type="hidden" name="categories" value={filters.category} /> : null}
        {filters.online ? <input type="hidden" name="online" value="1" /> : null}
        {filters.accessibility.map((feature) => (
          <input key={feature} type="hidden" name="accessibility" value={feature} />
        ))}
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white">
          {t('month.show')}
        </button>
      </Form>
      <CategoryChips selected={filters.category} />
      <div className="flex flex-wrap items-start gap-3">
        <OnlineSwitch on={filters.online} />
        <AccessibilityFilter selected={filters.accessibility} />
      </div>
      <MonthGrid calendar={calendar} today={today} />
      <DayList calendar={calendar} today={today} />
    </section>
  )
}
