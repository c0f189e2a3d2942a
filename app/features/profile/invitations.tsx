// The invitations the user received (/admin/profile/myProfile/invitations; GET /invitations/my), each with the
// event, who invited, its status and Accept / Decline. Loader and action: invitations.server.ts.
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '~/features/events/format'
import { personName } from '~/features/events/page/meta'
import { useRootData } from '~/components/layout/use-root-data'
import { EmptyState, LoadMoreLink } from '~/components/ui/list-parts'
import { InvitationAnswer } from './invitation-answer'
import { MAX_INVITATION_PAGES as MAX_PAGES } from './constants'
import type { loadInvitations } from './invitations.server'

export function Invitations() {
  const { t, i18n } = useTranslation('profile')
  const { items, hasMore, pages } = useLoaderData<typeof loadInvitations>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  return (
    <section aria-labelledby="invitations-title" className="space-y-3">
      <h2 id="invitations-title" className="text-lg font-semibold text-slate-900">
        {t('invitations.title')}
      </h2>
      {items.length === 0 ? (
        <EmptyState>{t('invitations.empty')}</EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="invitations">
          {items.map((invitation) => (
            <li
              key={invitation.invitationId}
              data-testid="invitation"
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <Link to={`/event/${encodeURIComponent(invitation.postId)}`} className="font-semibold text-slate-900 hover:underline">
                  {invitation.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {t('invitations.invitedBy', { name: personName(invitation.invitedBy) })}
                  {invitation.startDate ? ` · ${formatDateTime(invitation.startDate, i18n.language, timeZone)}` : ''}
                </p>
              </div>
              <InvitationAnswer
                invitation={{ invitationId: invitation.invitationId, status: invitation.status }}
                title={invitation.title}
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore && pages < MAX_PAGES ? <LoadMoreLink to={`?page=${pages + 1}`}>{t('invitations.loadMore')}</LoadMoreLink> : null}
    </section>
  )
}
