// A user's posts on their profile: the event cards of the lists, with "Load more" (?posts=N+1) that
// renders pages 1..N on the server, so it works without JavaScript.
import { useTranslation } from 'react-i18next'
import type { Event } from '#contract'
import { EventCard } from '~/features/events/list/event-card'
import { useRootData } from '~/components/layout/use-root-data'
import { MAX_POST_PAGES } from './constants'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'

export function UserPosts({ events, hasMore, pages }: { events: Event[]; hasMore: boolean; pages: number }) {
  const { t } = useTranslation('profile')
  const root = useRootData()
  return (
    <section aria-labelledby="posts-title" className="space-y-3">
      <h2 id="posts-title" className="text-lg font-semibold text-slate-900">
        {t('events.title')}
      </h2>
      {events.length === 0 ? (
        <EmptyState>{t('events.empty')}</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="profile-posts">
          {events.map((event) => (
            <EventCard key={event._id} event={event} timeZone={root?.ENV.TIME_ZONE ?? 'UTC'} countViews={!!root?.user} />
          ))}
        </div>
      )}
      {hasMore && pages < MAX_POST_PAGES ? <LoadMoreLink to={`?posts=${pages + 1}`}>{t('events.loadMore')}</LoadMoreLink> : null}
    </section>
  )
}
