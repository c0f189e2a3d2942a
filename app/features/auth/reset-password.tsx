// The new-password screen of the mailed link (/auth/resetPassword/<link>). Action: reset-password.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import type { ResetPasswordForm } from '#contract'
import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'
import { useAuthValidation } from './use-auth-validation'

export function ResetPassword() {
  const { t } = useTranslation('auth')
  const actionData = useActionData<FormActionData>()
  const validation = useAuthValidation<ResetPasswordForm>(() => 'resetPassword')
  const [form, fields] = useForm<ResetPasswordForm>({
    lastResult: actionData?.result,
    ...validation.options,
  })
  return (
    <>
      <h1 className="mb-5 text-2xl font-semibold">{t('resetPassword.title')}</h1>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} onFocus={validation.onFocus} noValidate className="space-y-3">
          <FormErrors formId={form.id} />
          <Field
            meta={fields.password}
            label={t('resetPassword.password')}
            type="password"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            meta={fields.confirmPassword}
            label={t('confirmPassword')}
            type="password"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <SubmitButton className="w-full">{t('resetPassword.submit')}</SubmitButton>
        </Form>
      </FormProvider>
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-brand-600 underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </>
  )
}
