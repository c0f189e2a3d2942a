// The email confirmation screen (/auth/confirmEmail): the 6-digit code, and "Send a new code" from the same
// form. The email is prefilled from the signed-in unactivated user or from ?email=. Action: confirm-email.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import type { ConfirmEmailForm } from '#contract'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { ActionToast } from '~/components/forms/action-toast'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'
import { usePendingUser } from './layout'
import { useAuthValidation } from './use-auth-validation'

export const INTENT = 'intent'
export const RESEND = 'resend'

export function ConfirmEmail() {
  const { t } = useTranslation('auth')
  const actionData = useActionData<FormActionData>()
  const pendingUser = usePendingUser()
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email') ?? pendingUser?.email ?? ''

  // The resend button checks only the email.
  const validation = useAuthValidation<ConfirmEmailForm>((formData) => (formData.get(INTENT) === RESEND ? 'resendCode' : 'confirmEmail'))
  const [form, fields] = useForm<ConfirmEmailForm>({
    lastResult: actionData?.result,
    defaultValue: { email },
    ...validation.options,
  })

  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('confirmEmail.title')}</h1>
      <p className="mb-5 text-sm text-slate-600">{t('confirmEmail.intro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} onFocus={validation.onFocus} noValidate className="space-y-3">
          <FormErrors formId={form.id} />
          <Field
            meta={fields.email}
            label={t('email')}
            type="email"
            inputProps={{ autoComplete: 'email', spellCheck: false }}
          />
          <Field
            meta={fields.verificationCode}
            label={t('code')}
            inputProps={{
              autoComplete: 'one-time-code',
              inputMode: 'numeric',
              maxLength: 6,
              pattern: '[0-9]*',
            }}
          />
          {/* First in the form: Enter submits the code. */}
          <SubmitButton className="w-full">{t('confirmEmail.submit')}</SubmitButton>
          <div className="border-t border-slate-200 pt-3 text-sm text-slate-600">
            <p className="mb-2">{t('confirmEmail.resendHint')}</p>
            <SubmitButton name={INTENT} value={RESEND} variant="secondary" formNoValidate>
              {t('confirmEmail.resend')}
            </SubmitButton>
          </div>
        </Form>
      </FormProvider>
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-brand-600 underline">
          {t('backToSignIn')}
        </Link>
      </p>
      <ActionToast toast={actionData?.toast} />
    </>
  )
}
