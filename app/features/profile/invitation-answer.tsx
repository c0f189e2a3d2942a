// Accept / Decline of an invitation (SPEC §2 "Recipients of an invitation see Accept and Decline"): on the
// event page and in myProfile/invitations. A plain form post (intent=respondInvitation) to the page's own
// action, which redirects back with a toast; the answer may be changed later.
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { EventInvitation } from '#contract'
import { SubmitButton } from '~/components/forms/submit-button'

export const RESPOND_INTENT = 'respondInvitation'

export function InvitationAnswer({
  invitation,
  action,
  title,
}: {
  invitation: EventInvitation
  /** The route action that handles RESPOND_INTENT. */
  action?: string
  /** The event's title, for the buttons' accessible names when several are on one page. */
  title?: string
}) {
  const { t } = useTranslation('profile')
  const label = (text: string) => (title ? `${text}: ${title}` : undefined)
  return (
    <Form method="post" action={action} className="flex flex-wrap items-center gap-2" data-testid="invitation-answer">
      <input type="hidden" name="intent" value={RESPOND_INTENT} />
      <input type="hidden" name="invitationId" value={invitation.invitationId} />
      <span className="text-sm text-slate-600" data-testid="invitation-status">
        {t(`invitations.status.${invitation.status}`)}
      </span>
      {invitation.status !== 'ACCEPTED' ? (
        <SubmitButton name="status" value="ACCEPTED" aria-label={label(t('invitations.accept'))} className="px-3 py-1.5 text-sm">
          {t('invitations.accept')}
        </SubmitButton>
      ) : null}
      {invitation.status !== 'DECLINED' ? (
        <SubmitButton
          variant="secondary"
          name="status"
          value="DECLINED"
          aria-label={label(t('invitations.decline'))}
          className="px-3 py-1.5 text-sm"
        >
          {t('invitations.decline')}
        </SubmitButton>
      ) : null}
    </Form>
  )
}
