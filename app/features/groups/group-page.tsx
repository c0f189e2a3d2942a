// /groups/{handle} (issue 45): a group's name, handle, description and counts; Follow; the viewer's invitation to
// answer, their role and what it lets them do (new event as the group, members, settings, leave); its upcoming or
// past events (the lists' cards) a page at a time; its calendar and Atom feeds and the embed. Plain forms and links: the same page with or without JavaScript.
import { Form, Link, Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { calendarFeedPaths, canInGroup, embedSearch, type Group } from '#contract'
import { ActionToast } from '~/components/forms/action-toast'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import { Pager } from '~/components/ui/pager'
import { FeedLink, useApiUrl } from '~/features/calendar/feed-link'
import { EmbedLink } from '~/features/embed/embed-link'
import { EventCard } from '~/features/events/list/event-card'
import { FediverseCard } from '~/features/fediverse/fediverse-card'
import { GroupAvatar } from './group-avatar'
import type { FormActionData } from '~/utils/submission.server'
import type { loadGroupPage } from './groups.server'
import { InvitationAnswer } from './invitation-answer'

const linkClass = 'text-brand-700 underline hover:text-brand-800'

/** Name, handle, counts and description: the top of the group's pages. */
export function GroupHeading({ group, level = 1 }: { group: Group; level?: 1 | 2 }) {
  const { t } = useTranslation('groups')
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <header>
      <div className="flex items-center gap-3">
        <GroupAvatar group={group} size="md" />
        <div className="min-w-0">
          <Heading id="group-title" className="break-words text-2xl font-semibold text-slate-900">
            {group.name}
          </Heading>
          <p className="text-sm text-slate-600">
            @{group.handle} · {t('members', { count: group.membersCount })} · {t('followers', { count: group.followersCount })}
          </p>
        </div>
      </div>
      {group.description ? <p className="mt-2 max-w-3xl whitespace-pre-line break-words text-slate-700">{group.description}</p> : null}
    </header>
  )
}

function SuspendedNotice({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  if (group.status !== 'SUSPENDED') return null
  return (
    <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>{t('suspended')}</p>
      {group.statusReason ? <p>{t('suspendedReason', { reason: group.statusReason })}</p> : null}
    </div>
  )
}

/** What the viewer can do here: answer their invitation, follow, and what their role allows. */
function ViewerActions({ group, signedIn }: { group: Group; signedIn: boolean }) {
  const { t } = useTranslation('groups')
  const { role, invitation, isFollowing } = group.viewer
  return (
    <div className="mt-4 space-y-3">
      {invitation ? (
        <div data-testid="group-invitation">
          <InvitationAnswer invitationId={invitation.id} className="flex flex-wrap items-center gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm">
            <p className="mr-2 text-slate-800">{t('invitedYou', { name: group.name, role: t(`role.${invitation.role}`) })}</p>
          </InvitationAnswer>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {signedIn ? (
          group.status === 'ACTIVE' ? (
            <Form method="post">
              <SubmitButton name="intent" value={isFollowing ? 'unfollow' : 'follow'} variant={isFollowing ? 'secondary' : 'primary'}>
                {isFollowing ? t('unfollow') : t('follow')}
              </SubmitButton>
            </Form>
          ) : null
        ) : (
          <Link to={`/auth?redirectTo=${encodeURIComponent(`/groups/${group.handle}`)}`} className={linkClass}>
            {t('signInToFollow')}
          </Link>
        )}
        {role ? <span className="text-slate-700">{t('yourRole', { role: t(`role.${role}`) })}</span> : null}
        {canInGroup(role, 'postEvents') && group.status === 'ACTIVE' ? (
          <Link to={`/event/new?group=${group.handle}`} className={linkClass} data-testid="group-new-event">
            {t('postEvent')}
          </Link>
        ) : null}
        {canInGroup(role, 'seeMembers') ? (
          <Link to={`/groups/${group.handle}/members`} className={linkClass}>
            {t('membersLink')}
          </Link>
        ) : null}
        {canInGroup(role, 'editGroup') ? (
          <Link to={`/groups/${group.handle}/settings`} className={linkClass}>
            {t('settingsLink')}
          </Link>
        ) : null}
        {role ? (
          <Form method="post">
            <SubmitButton name="intent" value="leave" variant="link">
              {t('leave')}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </div>
  )
}

export function GroupScreen() {
  const { t } = useTranslation('groups')
  const { group, when, page, events, hasMore, signedIn } = useLoaderData<typeof loadGroupPage>()
  const actionData = useActionData<FormActionData>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const base = `/groups/${group.handle}`
  const atomUrl = useApiUrl(calendarFeedPaths.group(group.handle, 'atom'))
  const tab = (which: 'upcoming' | 'past') => (
    <Link
      to={which === 'past' ? `${base}?when=past` : base}
      aria-current={when === which ? 'page' : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${when === which ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {t(which)}
    </Link>
  )
  return (
    <section aria-labelledby="group-title" className="py-4">
      <ActionToast toast={actionData?.toast} />
      <p className="mb-2 text-sm">
        <Link to="/groups" className="text-slate-600 underline hover:text-slate-900">
          {t('all')}
        </Link>
      </p>
      <GroupHeading group={group} />
      <SuspendedNotice group={group} />
      <ViewerActions group={group} signedIn={signedIn} />
      <nav aria-label={t('title')} className="mt-6 flex gap-2">
        {tab('upcoming')}
        {tab('past')}
      </nav>
      <div className="mt-4">
        {events.length === 0 ? (
          <p className="text-slate-600" data-testid="group-empty">
            {when === 'past' ? t('noPast') : t('noUpcoming')}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="group-events">
            {events.map((event, index) => (
              <EventCard key={event._id} event={event} timeZone={timeZone} countViews={signedIn} headingLevel={2} priority={index === 0} />
            ))}
          </div>
        )}
      </div>
      <Pager page={page} hasMore={hasMore} href={(to) => `${base}?${when === 'past' ? 'when=past&' : ''}page=${to}`} />
      {group.status === 'ACTIVE' ? (
        <p className="mt-6 flex flex-wrap justify-end gap-x-5 gap-y-1 text-sm">
          <FeedLink path={calendarFeedPaths.group(group.handle)} testId="group-feed-link">
            {t('feeds.calendar')}
          </FeedLink>
          <a href={atomUrl} type="application/atom+xml" className="text-slate-600 underline hover:text-slate-900" data-testid="group-atom-link">
            {t('feeds.atom')}
          </a>
          <EmbedLink search={embedSearch({ group: group.handle })} />
          {group.viewer.role ? null : (
            <Link to={`${base}/report`} preventScrollReset className="text-slate-600 underline hover:text-slate-900" data-testid="report-link">
              {t('report')}
            </Link>
          )}
        </p>
      ) : null}
      {group.fediverse ? (
        <div className="mt-4 max-w-xl">
          <FediverseCard presence={group.fediverse} kind="group" />
        </div>
      ) : null}
      {/* The report drawer (/groups/{handle}/report) opens over the page. */}
      <Outlet />
    </section>
  )
}
