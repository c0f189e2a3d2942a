import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '~/components/forms/submit-button'

/** Sign out is a POST (a GET must not sign anyone out): /auth/logout ends the session and redirects to /. */
export function SignOutForm({
  className,
  variant = 'secondary',
}: {
  className?: string
  variant?: 'primary' | 'secondary' | 'link'
}) {
  const { t } = useTranslation('auth')
  return (
    <Form method="post" action="/auth/logout" className={className}>
      <SubmitButton variant={variant}>{t('signOut')}</SubmitButton>
    </Form>
  )
}
