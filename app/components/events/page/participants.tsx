// The participants of an event (GET /event/{id}/participants). The organizer gets Remove per participant:
// a plain form post (intent=removeParticipant) that redirects back with a toast.
import { Form } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import type { UserSummary } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'
import { PersonLine } from '~/components/profile/person-line'
import { personName } from './meta'

export function Participants({
  participants,
  isOwner,
  action,
  count,
  max,
}: {
  participants: UserSummary[]
  isOwner: boolean
  action: string
  count: number
  max: number | null
}) {
  const { t } = useTranslation('eventPage')
  return (
    <section aria-labelledby="participants-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="participants-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('participants.title')}{' '}
        <span className="text-sm font-normal text-slate-500">
          ({max !== null ? t('stats.participantsOf', { count, max }) : count})
        </span>
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
                  <Form method="post" action={action}>
                    <input type="hidden" name="userId" value={participant._id} />
                    <SubmitButton
                      variant="secondary"
                      name="intent"
                      value="removeParticipant"
                      aria-label={t('participants.removeLabel', { name })}
                      className="px-3 py-1.5 text-xs"
                    >
                      {t('participants.remove')}
                    </SubmitButton>
                  </Form>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
