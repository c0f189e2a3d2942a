// /collections/{slug} (issue 43): a collection's name and description, a page of its events that have not ended
// (the lists' cards, soonest first), links to the previous and next page, its calendar and Atom feeds, the embed and
// its fediverse handle.
// Plain links throughout: the same page with or without JavaScript.
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { calendarFeedPaths, embedSearch } from '#contract'
import { useRootData } from '~/components/layout/use-root-data'
import { FeedLink, useApiUrl } from '~/features/calendar/feed-link'
import { EmbedLink } from '~/features/embed/embed-link'
import { EventCard } from '~/features/events/list/event-card'
import { FediverseCard } from '~/features/fediverse/fediverse-card'
import type { loadCollectionPage } from './collections.server'

export function CollectionScreen() {
  const { t } = useTranslation('eventList')
  const { collection, events, page, hasMore, signedIn, fediverse } = useLoaderData<typeof loadCollectionPage>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const atomUrl = useApiUrl(calendarFeedPaths.collection(collection.slug, 'atom'))
  const pageLink = (to: number) => `/collections/${collection.slug}${to > 1 ? `?page=${to}` : ''}`
  return (
    <section aria-labelledby="collection-title" className="py-4">
      <p className="mb-2 text-sm">
        <Link to="/collections" className="text-slate-600 underline hover:text-slate-900">
          {t('collections.all')}
        </Link>
      </p>
      <h1 id="collection-title" className="break-words text-2xl font-semibold text-slate-900">
        {collection.name}
      </h1>
      {collection.description ? <p className="mt-1 max-w-3xl whitespace-pre-line break-words text-slate-700">{collection.description}</p> : null}
      {page > 1 ? <p className="mt-2 text-sm text-slate-600">{t('collections.page', { page })}</p> : null}
      <div className="mt-4">
        {events.length === 0 ? (
          <p className="text-slate-600" data-testid="collection-empty">
            {t('collections.empty')}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="collection-events">
            {events.map((event, index) => (
              <EventCard key={event._id} event={event} timeZone={timeZone} countViews={signedIn} headingLevel={2} priority={index === 0} />
            ))}
          </div>
        )}
      </div>
      {page > 1 || hasMore ? (
        <nav aria-label={t('collections.pages')} className="mt-4 flex justify-between text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="text-brand-600 underline">
              {t('collections.previous')}
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={pageLink(page + 1)} className="text-brand-600 underline">
              {t('collections.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <p className="mt-6 flex flex-wrap justify-end gap-x-5 gap-y-1 text-sm">
        <FeedLink path={calendarFeedPaths.collection(collection.slug)} testId="collection-feed-link">
          {t('collections.calendar')}
        </FeedLink>
        <a href={atomUrl} type="application/atom+xml" className="text-slate-600 underline hover:text-slate-900" data-testid="collection-atom-link">
          {t('collections.atom')}
        </a>
        <EmbedLink search={embedSearch({ collection: collection.slug })} />
      </p>
      {fediverse ? (
        <div className="mt-4 max-w-xl">
          <FediverseCard presence={fediverse} kind="collection" />
        </div>
      ) : null}
    </section>
  )
}
