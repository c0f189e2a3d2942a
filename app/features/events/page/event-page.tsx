// The page of an event or a place (/event/{id}, SPEC §2 "Event page"): a private event's notice, or the
// details, the organizer's actions, Join / Like, the participants and the waiting list. Nested routes (e.g.
// /event/{id}/edit) render in the <Outlet /> at the end of the page. Loader and action: event-page.server.ts.
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FediverseCard, FediverseReactions } from '~/features/fediverse/fediverse-card'
import { RemoteDescription, RemoteOriginCard } from '~/features/fediverse/remote-origin'
import { accessModeOf, calendarFeedPaths, type Event, type EventMessage, type JoinRequestList, type UserSummary, type WaitlistList } from '#contract'
import { useRootData } from '~/components/layout/use-root-data'
import { CalendarIcon } from '~/components/ui/icons'
import { FeedLink } from '~/features/calendar/feed-link'
import { EmbedLink } from '~/features/embed/embed-link'
import { InvitationAnswer } from '~/features/profile/invitation-answer'
import { JoinForm, LikeForm, useEventCounts } from './actions'
import { DetailsList, Location, OpeningHours, Organizer, Stats } from './details'
import type { loadEventPage } from './event-page.server'
import { Gallery } from './gallery'
import { personName } from './meta'
import { AccessInfo, ChatNotice, EventChanges } from './notices'
import { ImportedFrom } from './imported-from'
import { ModerationBanner, OwnerActions } from './owner'
import { Participants } from './participants'
import { JoinRequests } from './requests'
import { SeriesDates } from './series-dates'
import { PrivateEvent } from './private-event'
import { calendarPath, eventPath, signInPath, type Ticket } from './shared'
import { TicketCard } from './ticket'
import { EventMessages } from './messages'

export function EventPage() {
  const page = useLoaderData<typeof loadEventPage>()
  return (
    <>
      {page.kind === 'private' ? (
        <PrivateEvent reason={page.reason} signedIn={page.signedIn} signInUrl={signInPath(page.id)} />
      ) : (
        <EventDetails
          event={page.event}
          participants={page.participants}
          waiting={page.waiting}
          requests={page.requests}
          ticket={page.ticket}
          messages={page.messages}
          notice={page.notice}
        />
      )}
      <Outlet />
    </>
  )
}

function EventDetails({
  event,
  participants,
  waiting,
  requests,
  ticket,
  messages,
  notice,
}: {
  event: Event
  participants: UserSummary[] | null
  waiting: WaitlistList['waiting'] | null
  requests: JoinRequestList | null
  ticket: Ticket | null
  messages: EventMessage[]
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
            {isEvent ? <span className="text-slate-500">· {te(`accessType.${accessModeOf(event)}`)}</span> : null}
          </p>
          <h1 id="event-title" className="mt-1 break-words text-2xl font-bold text-slate-900 sm:text-3xl">
            {event.title}
          </h1>
          {event.isEnded && !event.cancelledAt ? <p className="mt-1 text-sm text-slate-600">{t('details.ended')}</p> : null}
        </div>
        {event.isOwner ? <OwnerActions event={event} action={action} /> : null}
      </header>
      <EventChanges event={event} timeZone={timeZone} />
      <ImportedFrom event={event} action={action} />

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <EventMessages messages={messages} timeZone={timeZone} />
          <Gallery event={event} />
          {event.description ? (
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="mb-1 text-lg font-semibold text-slate-900">
                {t('details.description')}
              </h2>
              {event.remote?.html ? (
                <RemoteDescription html={event.remote.html} />
              ) : (
                <p data-testid="event-description" className="whitespace-pre-line break-words text-slate-800">
                  {event.description}
                </p>
              )}
            </section>
          ) : null}
          {isEvent ? <AccessInfo mode={accessModeOf(event)} /> : null}
          {event.series ? <SeriesDates series={event.series} currentId={event._id} timeZone={timeZone} /> : null}
          {event.attendanceMode === 'ONLINE' ? null : <Location event={event} />}
        </div>

        <aside className="min-w-0 space-y-4" aria-label={t('details.label')}>
          {event.remote ? <RemoteOriginCard remote={event.remote} kind="event" /> : null}
          <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
            <Organizer postedBy={event.postedBy} group={event.group} />
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
              {isEvent || event.remote ? null : (
                <p className="text-center">
                  <EmbedLink search={`place=${encodeURIComponent(event._id)}`} />
                </p>
              )}
            </div>
          </div>
          {ticket ? <TicketCard ticket={ticket} timeZone={timeZone} /> : null}
          {event.isOwner ? null : (
            <p className="text-right">
              <Link to={`${action}/report`} preventScrollReset className="text-sm text-slate-600 underline hover:text-slate-900" data-testid="report-link">
                {tr('linkPost')}
              </Link>
            </p>
          )}
          {event.eventType === 'PLACE' ? <OpeningHours hours={event.hours} /> : null}
          {event.eventType === 'PLACE' && event.fediverse ? <FediverseCard presence={event.fediverse} kind="place" /> : null}
          <FediverseReactions likes={event.fediverseLikes ?? 0} boosts={event.fediverseBoosts ?? 0} />
          {isEvent ? <ChatNotice appVersion={root?.appVersion ?? null} /> : null}
        </aside>
      </div>

      {isEvent && requests ? (
        <JoinRequests
          requests={requests}
          action={action}
          full={counts.maxParticipants !== null && counts.participantsCount >= counts.maxParticipants}
        />
      ) : null}
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
