// /event/{id}: the page of an event or a place (SPEC §2 "Event page"). Loader and action live in
// features/events/page/event-page.server.ts; this module wires them to the screen.
// Nested routes (e.g. /event/{id}/edit) render in the <Outlet /> at the end of the page.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { calendarFeedPaths, DEFAULT_LANGUAGE, type Event, type UserSummary, type WaitlistList } from '#contract'
import { FeedLink } from '~/features/calendar/feed-link'
import { JoinForm, LikeForm, useEventCounts } from '~/features/events/page/actions'
import { DetailsList, Location, OpeningHours, Organizer, Stats } from '~/features/events/page/details'
import { eventPageAction, loadEventPage } from '~/features/events/page/event-page.server'
import { Gallery } from '~/features/events/page/gallery'
import { eventMeta, personName } from '~/features/events/page/meta'
import { AccessInfo, ChatNotice, EventChanges } from '~/features/events/page/notices'
import { ModerationBanner, OwnerActions } from '~/features/events/page/owner'
import { Participants } from '~/features/events/page/participants'
import { PrivateEvent } from '~/features/events/page/private-event'
import { calendarPath, eventPath, signInPath } from '~/features/events/page/shared'
import { useRootData } from '~/components/layout/use-root-data'
import { InvitationAnswer } from '~/features/profile/invitation-answer'
import { CalendarIcon } from '~/components/ui/icons'
import { metaText } from '~/utils/meta-text'
import type { loader as rootLoader } from '~/root'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventPage', 'profile', 'report'] })

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventPage(request, params.id ?? '')
}

export async function action({ request, params }: ActionFunctionArgs) {
  return eventPageAction(request, params.id ?? '')
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const locale = matches.find((match) => match.id === 'root')?.data?.locale ?? DEFAULT_LANGUAGE
  const text = (key: string) => metaText(locale, 'eventPage', `meta.${key}`)
  // The loader threw (404, …): the root's meta names the error page.
  if (!data) return matches.find((match) => match.id === 'root')?.meta ?? []
  if (data.kind === 'private')
    return [
      { title: `${text('privateTitle')} · ${text('siteName')}` },
      { name: 'robots', content: 'noindex' },
    ]
  return eventMeta(data.event, data, text('siteName'))
}

export { eventShouldRevalidate as shouldRevalidate } from '~/features/events/revalidation'

export default function EventPage() {
  const page = useLoaderData<typeof loader>()
  return (
    <>
      {page.kind === 'private' ? (
        <PrivateEvent reason={page.reason} signedIn={page.signedIn} signInUrl={signInPath(page.id)} />
      ) : (
        <EventDetails event={page.event} participants={page.participants} waiting={page.waiting} notice={page.notice} />
      )}
      <Outlet />
    </>
  )
}

function EventDetails({
  event,
  participants,
  waiting,
  notice,
}: {
  event: Event
  participants: UserSummary[] | null
  waiting: WaitlistList['waiting'] | null
  notice: 'login' | null
}) {
  const { t } = useTranslation('eventPage')
  const { t: te } = useTranslation('events')
  const { t: tp } = useTranslation('profile')
  const { t: tr } = useTranslation('report')
  const root = useRootData()
  const user = root?.user ?? null
  const timeZone = root?.ENV.TIME_ZONE ?? 'UTC'
  const counts = useEventCounts(event)
  const action = eventPath(event._id)
  const isEvent = event.eventType === 'EVENT'

  return (
    <article className="space-y-5" aria-labelledby="event-title">
      {event.isOwner ? <ModerationBanner event={event} /> : null}
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap gap-2 text-xs font-semibold uppercase tracking-wide text-brand-700">
            <span>{te(`eventType.${event.eventType}`)}</span>
            {isEvent ? <span className="text-slate-500">· {te(`accessType.${event.accessType}`)}</span> : null}
          </p>
          <h1 id="event-title" className="mt-1 break-words text-2xl font-bold text-slate-900 sm:text-3xl">
            {event.title}
          </h1>
          {event.isEnded && !event.cancelledAt ? <p className="mt-1 text-sm text-slate-600">{t('details.ended')}</p> : null}
        </div>
        {event.isOwner ? <OwnerActions event={event} action={action} /> : null}
      </header>
      <EventChanges event={event} timeZone={timeZone} />

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <Gallery event={event} />
          {event.description ? (
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="mb-1 text-lg font-semibold text-slate-900">
                {t('details.description')}
              </h2>
              <p data-testid="event-description" className="whitespace-pre-line break-words text-slate-800">
                {event.description}
              </p>
            </section>
          ) : null}
          {isEvent ? <AccessInfo accessType={event.accessType} /> : null}
          <Location event={event} />
        </div>

        <aside className="min-w-0 space-y-4" aria-label={t('details.label')}>
          <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
            <Organizer postedBy={event.postedBy} />
            <DetailsList event={event} timeZone={timeZone} />
            <Stats
              event={event}
              likesCount={counts.likesCount}
              participantsCount={counts.participantsCount}
              maxParticipants={counts.maxParticipants}
            />
            {event.invitation ? (
              <div className="space-y-2 rounded-lg bg-brand-50 p-3" data-testid="event-invitation">
                <p className="text-sm font-medium text-brand-900">
                  {tp('invitations.banner', { name: personName(event.postedBy) })}
                </p>
                <InvitationAnswer invitation={event.invitation} action={action} />
              </div>
            ) : null}
            <div className="space-y-2">
              <JoinForm event={event} user={user} action={action} signInUrl={signInPath(event._id)} notice={notice} />
              {user ? <LikeForm event={event} action={action} /> : null}
              {isEvent && event.startDate ? (
                <a
                  href={calendarPath(event._id)}
                  download
                  className="inline-flex w-full items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                >
                  <CalendarIcon className="h-4 w-4" />
                  {t('calendar.add')}
                </a>
              ) : null}
              {isEvent ? null : (
                <FeedLink path={calendarFeedPaths.place(event._id)} testId="place-feed-link" className="w-full justify-center px-4 py-2">
                  {t('calendar.placeFeed')}
                </FeedLink>
              )}
            </div>
          </div>
          {event.isOwner ? null : (
            <p className="text-right">
              <Link to={`${action}/report`} preventScrollReset className="text-sm text-slate-600 underline hover:text-slate-900" data-testid="report-link">
                {tr('linkPost')}
              </Link>
            </p>
          )}
          {event.eventType === 'PLACE' ? <OpeningHours hours={event.hours} /> : null}
          {isEvent ? <ChatNotice appVersion={root?.appVersion ?? null} /> : null}
        </aside>
      </div>

      {isEvent && participants ? (
        <Participants
          participants={participants}
          isOwner={event.isOwner}
          action={action}
          count={counts.participantsCount}
          max={counts.maxParticipants}
          waitlistCount={counts.waitlistCount}
          waiting={waiting}
        />
      ) : null}
    </article>
  )
}
