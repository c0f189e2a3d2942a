// The events (/) and places (/places) screen: chips, tabs, the list (or timeline) and the map. Server
// rendered; JavaScript adds the map, infinite scroll (50 px from the bottom, SPEC §4) and the mobile
// Map/List toggle. Without JavaScript "Load more" renders pages 1..N+1.
import { Link } from '@remix-run/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FediverseCard } from '~/features/fediverse/fediverse-card'
import { calendarFeedPaths, DATE_LOCALES, embedSearch, languageOr } from '#contract'
import { FeedLink, useApiUrl } from '~/features/calendar/feed-link'
import { EmbedLink } from '~/features/embed/embed-link'
import { formatDateTime, formatPrice } from '~/features/events/format'
import { useRootData } from '~/components/layout/use-root-data'
import { SearchForm } from '~/components/layout/search-form'
import { EventMap, toLatLon, type MapMarker } from '~/components/map/event-map'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useInfinitePages, type LoadedPages } from '~/components/ui/use-infinite-pages'
import { EventCard, EventRow } from './event-card'
import { AccessibilityFilter, CategoryChips, FilterTabs, useQueryWith } from './filters'
import type { EventListData } from './list.server'
import type { ListedEvent } from './listed-event'
import { listFeedQuery } from './meta'

/** The list's loader data as one page of items, for the infinite scroll. */
function eventsPage(data: EventListData): LoadedPages<ListedEvent> {
  return { items: data.events, page: data.page, hasMore: data.hasMore }
}

const eventId = (event: ListedEvent) => event._id

function useInfiniteEvents(data: EventListData) {
  const { items, ...rest } = useInfinitePages(data, eventsPage, eventId)
  return { events: items, ...rest }
}

function PopupCard({ event, timeZone }: { event: ListedEvent; timeZone: string }) {
  const { t, i18n } = useTranslation('eventList')
  const { t: te } = useTranslation('events')
  const price = formatPrice(event.price, te)
  return (
    <div className="w-48 space-y-1" data-testid="map-popup">
      {event.images[0] ? <img src={event.images[0].thumbnailUrl} alt="" width={400} height={80} loading="lazy" className="h-20 w-full rounded object-cover" /> : null}
      <p className="font-semibold text-slate-900">{event.title}</p>
      {event.startDate ? <p className="text-xs text-slate-600">{formatDateTime(event.startDate, i18n.language, timeZone)}</p> : null}
      {price ? <p className="text-xs font-medium text-brand-700">{price}</p> : null}
      <Link to={`/event/${event._id}`} className="text-sm text-brand-600 underline">
        {t('openEvent')}
      </Link>
    </div>
  )
}

function groupByDay(events: ListedEvent[], language: string, timeZone: string) {
  const format = new Intl.DateTimeFormat(DATE_LOCALES[languageOr(language)], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  })
  const groups = new Map<string, ListedEvent[]>()
  for (const event of events) {
    const key = event.startDate ? format.format(new Date(event.startDate)) : '—'
    groups.set(key, [...(groups.get(key) ?? []), event])
  }
  return [...groups.entries()]
}

export function EventsScreen({ data }: { data: EventListData }) {
  const { t, i18n } = useTranslation('eventList')
  const { t: te } = useTranslation('events')
  const root = useRootData()
  const timeZone = root?.ENV.TIME_ZONE ?? 'UTC'
  const hydrated = useHydrated()
  const withQuery = useQueryWith()
  const { events, page, hasMore, loading } = useInfiniteEvents(data)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [mobileView, setMobileView] = useState<'list' | 'map'>('list')
  const { filters } = data

  const markers = useMemo<MapMarker[]>(
    () =>
      events.flatMap((event) => {
        const position = toLatLon(event.coordinates)
        return position ? [{ id: event._id, position, title: event.title }] : []
      }),
    [events],
  )
  const center = toLatLon(data.geo.coordinates) ?? [0, 0]
  const byId = useMemo(() => new Map(events.map((event) => [event._id, event])), [events])
  const title = t(data.eventType === 'PLACE' ? 'placesTitle' : 'eventsTitle', { city: data.geo.city })

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {filters.startLabel || filters.endLabel ? (
            <p className="text-sm text-slate-600" data-testid="date-summary">
              {[filters.startLabel && t('dates.from', { date: filters.startLabel }), filters.endLabel && t('dates.to', { date: filters.endLabel })]
                .filter(Boolean)
                .join(' ')}
            </p>
          ) : null}
          {Object.entries(data.dateErrors).map(([field, error]) => (
            <p key={field} role="alert" className="text-sm text-red-700">
              {t(`dates.${error}`)}
            </p>
          ))}
          {data.cityError ? (
            <p role="alert" className="text-sm text-red-700" data-testid="city-error">
              {data.cityError}
            </p>
          ) : null}
        </div>
        {/* Under 575 px: a drawer with the search form and the chips (a <details>, so it opens without JS). */}
        <details className="relative w-full xs:hidden" data-testid="mobile-filters">
          <summary className="cursor-pointer list-none rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
            {t('filtersButton')}
          </summary>
          <div className="mt-2 space-y-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
            <SearchForm today={root?.today ?? ''} idPrefix="drawer" submitLabel={t('searchEvent')} />
            <CategoryChips selected={filters.category} />
          </div>
        </details>
      </div>

      <div className="hidden xs:block">
        <CategoryChips selected={filters.category} />
      </div>
      <FilterTabs filter={filters.filter} view={filters.view} showMy showMonth={data.eventType === 'EVENT'} online={data.eventType === 'EVENT' ? filters.online : null} />
      <AccessibilityFilter selected={filters.accessibility} />

      {hydrated ? (
        <div className="flex gap-1 xs:hidden" role="group" aria-label={t('views.label')}>
          {(['list', 'map'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={mobileView === v}
              onClick={() => setMobileView(v)}
              className={`flex-1 rounded-md px-3 py-1.5 text-sm ${mobileView === v ? 'bg-slate-900 text-white' : 'border border-slate-300'}`}
            >
              {v === 'list' ? t('showList') : t('showMap')}
            </button>
          ))}
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className={hydrated && mobileView === 'map' ? 'hidden xs:block' : ''} data-testid="event-list">
          {data.needsSignIn ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
              {t('signInForMy')}{' '}
              <Link to={`/auth?redirectTo=${encodeURIComponent(withQuery({}))}`} className="text-brand-600 underline">
                {t('signIn')}
              </Link>
            </p>
          ) : events.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
              {filters.filter === 'my' ? t('emptyMy') : filters.filter === 'now' ? t('emptyNow') : t('empty')}
            </p>
          ) : filters.view === 'timeline' ? (
            <div className="space-y-4">
              {groupByDay(events, i18n.language, timeZone).map(([day, dayEvents]) => (
                <section key={day}>
                  <h2 className="border-b border-slate-200 pb-1 text-sm font-semibold capitalize text-slate-700">{day}</h2>
                  <ul className="divide-y divide-slate-100">
                    {dayEvents.map((event) => (
                      <EventRow key={event._id} event={event} timeZone={timeZone} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {events.map((event, index) => (
                <EventCard key={event._id} event={event} timeZone={timeZone} countViews={data.signedIn} headingLevel={2} priority={index === 0} />
              ))}
            </div>
          )}
          <div className="mt-4 text-center text-sm text-slate-600" aria-live="polite">
            {loading ? t('loading') : null}
            {!loading && hasMore ? (
              <Link to={withQuery({ page: String(page + 1) })} preventScrollReset className="text-brand-600 underline">
                {t('loadMore')}
              </Link>
            ) : null}
            {!hasMore && events.length > 0 && page > 1 ? t('end') : null}
          </div>
        </div>
        <div className={hydrated && mobileView === 'list' ? 'hidden xs:block' : ''}>
          <div className="lg:sticky lg:top-20">
            <EventMap
              label={te('map')}
              center={center}
              markers={markers}
              selectedId={selectedId}
              onSelect={setSelectedId}
              renderPopup={(id) => {
                const event = byId.get(id)
                return event ? <PopupCard event={event} timeZone={timeZone} /> : null
              }}
              height={420}
              fallback={te('mapNeedsJs')}
            />
          </div>
        </div>
      </div>
      <CityFeeds data={data} />
      {data.geo.fediverse ? <FediverseCard presence={data.geo.fediverse} kind="city" /> : null}
    </section>
  )
}

/** The city's calendar and Atom feeds (decision 029), with this list's city and category. */
function CityFeeds({ data }: { data: EventListData }) {
  const { t } = useTranslation('eventList')
  const query = listFeedQuery(data)
  const atomUrl = useApiUrl(calendarFeedPaths.city(query, 'atom'))
  return (
    <p className="flex flex-wrap justify-end gap-x-5 gap-y-1 text-sm">
      <FeedLink path={calendarFeedPaths.city(query)} testId="city-feed-link">
        {t('feeds.calendar', { city: data.geo.city })}
      </FeedLink>
      <a href={atomUrl} type="application/atom+xml" className="text-slate-600 underline hover:text-slate-900" data-testid="city-atom-link">
        {t('feeds.atom')}
      </a>
      {data.eventType === 'EVENT' ? (
        // The country the list found the city in goes along, so a city's name shared across countries embeds this one.
        <EmbedLink search={embedSearch({ city: query.city, country: query.city ? data.geo.country : undefined, categories: query.categories })} />
      ) : null}
    </p>
  )
}
