// The participants of an event (GET /event/{id}/participants). The organizer gets Remove per participant:
// a plain form post (intent=removeParticipant) that redirects back with a toast.
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserSummary, WaitlistList } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'
import { PersonLine } from '~/features/profile/person-line'
import { personName } from './meta'

export function Participants({
  participants,
  isOwner,
  action,
  count,
  max,
  waitlistCount,
  waiting,
}: {
  participants: UserSummary[]
  isOwner: boolean
  action: string
  count: number
  max: number | null
  waitlistCount: number
  /** The line in order, for the organizer. */
  waiting: WaitlistList['waiting'] | null
}) {
  const { t } = useTranslation('eventPage')
  return (
    <section aria-labelledby="participants-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="participants-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('participants.title')}{' '}
        <span className="text-sm font-normal text-slate-500">
          ({max !== null ? t('stats.participantsOf', { count, max }) : count})
        </span>
        {/* A space, so the count and the line are separate words to a screen reader too. */}
        {waitlistCount > 0 ? ' ' : null}
        {waitlistCount > 0 ? (
          <span data-testid="waitlist-count" className="ml-2 text-sm font-normal text-amber-800">
            {t('waitlist.count', { count: waitlistCount })}
          </span>
        ) : null}
      </h2>
      {participants.length === 0 ? (
        <p className="text-sm text-slate-600">{t('participants.empty')}</p>
      ) : (
        <ul data-testid="participants" className="divide-y divide-slate-100">
          {participants.map((participant) => {
            const name = personName(participant)
            return (
              <li key={participant._id} className="flex items-center gap-3 py-2">
                <PersonLine person={participant} className="flex-1" />
                {isOwner ? (
                  <RemoveForm
                    action={action}
                    userId={participant._id}
                    intent="removeParticipant"
                    label={t('participants.removeLabel', { name })}
                  >
                    {t('participants.remove')}
                  </RemoveForm>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      {isOwner && waiting && waiting.length ? <WaitingList waiting={waiting} action={action} /> : null}
      {isOwner ? (
        // The day of the event (issue 45): the list to print or download, the door, a message to everyone.
        <p className="mt-3 text-sm">
          <Link to={`${action}/participants`} className="text-brand-700 underline" data-testid="roster-link">
            {t('participants.list')}
          </Link>
          {' · '}
          <Link to={`${action}/checkin`} className="text-brand-700 underline" data-testid="door-link">
            {t('participants.door')}
          </Link>
          {' · '}
          <Link to={`${action}/message`} preventScrollReset className="text-brand-700 underline" data-testid="message-link">
            {t('participants.message')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}

/** The organizer's view of the line: first first, each with Remove (a plain form post). */
function WaitingList({ waiting, action }: { waiting: WaitlistList['waiting']; action: string }) {
  const { t } = useTranslation('eventPage')
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <h3 id="waitlist-title" className="mb-2 font-semibold text-slate-900">
        {t('waitlist.title')}
      </h3>
      <ol data-testid="waitlist" aria-labelledby="waitlist-title" className="divide-y divide-slate-100">
        {waiting.map(({ user, position }) => {
          const name = personName(user)
          return (
            <li key={user._id} className="flex items-center gap-3 py-2">
              <span className="w-6 shrink-0 text-right text-sm tabular-nums text-slate-500">{position}.</span>
              <PersonLine person={user} className="flex-1" />
              <RemoveForm
                action={action}
                userId={user._id}
                intent="removeWaiting"
                label={t('waitlist.removeLabel', { name })}
              >
                {t('waitlist.remove')}
              </RemoveForm>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/** The organizer's Remove of one person (a participant, someone in line): a plain form post that redirects with a toast. */
function RemoveForm({
  action,
  userId,
  intent,
  label,
  children,
}: {
  action: string
  userId: string
  intent: 'removeParticipant' | 'removeWaiting'
  label: string
  children: ReactNode
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton
        variant="secondary"
        name="intent"
        value={intent}
        aria-label={label}
        className="px-3 py-1.5 text-xs"
      >
        {children}
      </SubmitButton>
    </Form>
  )
}
