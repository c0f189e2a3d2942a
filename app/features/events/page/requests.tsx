// The organizer's requests to join an event with approval (decision 042): Accept / Decline per person, and
// Accept all / Decline all. Plain form posts that redirect back with a toast, with or without JavaScript.
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { JoinRequestList } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'
import { PersonLine } from '~/features/profile/person-line'
import { personName } from './meta'

function DecisionForm({
  action,
  userId,
  decision,
  label,
  text,
}: {
  action: string
  userId?: string
  decision: 'ACCEPT' | 'DECLINE'
  label?: string
  text: string
}) {
  return (
    <Form method="post" action={action}>
      {userId ? <input type="hidden" name="userId" value={userId} /> : null}
      <input type="hidden" name="decision" value={decision} />
      <SubmitButton
        variant={decision === 'ACCEPT' ? 'primary' : 'secondary'}
        name="intent"
        value={userId ? 'decideRequest' : 'decideAll'}
        aria-label={label}
        className="px-3 py-1.5 text-xs"
      >
        {text}
      </SubmitButton>
    </Form>
  )
}

export function JoinRequests({ requests, action, full }: { requests: JoinRequestList; action: string; full: boolean }) {
  const { t } = useTranslation('eventPage')
  const pending = requests.requests
  return (
    <section aria-labelledby="requests-title" data-testid="join-requests" className="rounded-xl border border-amber-200 bg-white p-4">
      <h2 id="requests-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('requests.title')} <span className="text-sm font-normal text-slate-500">({pending.length})</span>
      </h2>
      {pending.length === 0 ? <p className="text-sm text-slate-600">{t('requests.empty')}</p> : null}
      {pending.length > 0 && full ? <p className="mb-2 text-sm text-amber-800">{t('requests.fullNote')}</p> : null}
      {pending.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {pending.map(({ user }) => {
            const name = personName(user)
            return (
              <li key={user._id} className="flex flex-wrap items-center gap-2 py-2">
                <PersonLine person={user} className="min-w-0 flex-1" />
                <DecisionForm action={action} userId={user._id} decision="ACCEPT" label={t('requests.acceptLabel', { name })} text={t('requests.accept')} />
                <DecisionForm action={action} userId={user._id} decision="DECLINE" label={t('requests.declineLabel', { name })} text={t('requests.decline')} />
              </li>
            )
          })}
        </ul>
      ) : null}
      {pending.length > 1 ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <DecisionForm action={action} decision="ACCEPT" text={t('requests.acceptAll')} />
          <DecisionForm action={action} decision="DECLINE" text={t('requests.declineAll')} />
        </div>
      ) : null}
      {requests.declinedCount > 0 ? (
        <p className="mt-2 text-xs text-slate-500">{t('requests.declinedCount', { count: requests.declinedCount })}</p>
      ) : null}
    </section>
  )
}
