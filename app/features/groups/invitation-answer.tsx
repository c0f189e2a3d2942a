// Accept / Decline of an invitation to a group: a plain form posting its id with the intent, to the page it is on
// (the group's page and /groups answer it alike: groups.server.ts).
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '~/components/forms/submit-button'

export function InvitationAnswer({ invitationId, className, children }: { invitationId: string; className: string; children?: ReactNode }) {
  const { t } = useTranslation('groups')
  return (
    <Form method="post" className={className}>
      {children}
      <input type="hidden" name="invitationId" value={invitationId} />
      <SubmitButton name="intent" value="accept">
        {t('accept')}
      </SubmitButton>
      <SubmitButton name="intent" value="decline" variant="secondary">
        {t('decline')}
      </SubmitButton>
    </Form>
  )
}
