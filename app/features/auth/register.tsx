// The registration screen (/auth/register). Action: register.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import type { RegisterForm } from '#contract'
import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CheckboxField, Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'
import { useAuthValidation } from './use-auth-validation'

export function Register() {
  const { t } = useTranslation('auth')
  const actionData = useActionData<FormActionData>()
  const validation = useAuthValidation<RegisterForm>(() => 'register')
  const [form, fields] = useForm<RegisterForm>({
    lastResult: actionData?.result,
    ...validation.options,
  })

  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('register.title')}</h1>
      <p className="mb-5 text-sm text-slate-600">{t('register.intro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} onFocus={validation.onFocus} noValidate className="space-y-3">
          <FormErrors formId={form.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              meta={fields.name}
              label={t('register.name')}
              inputProps={{ autoComplete: 'given-name' }}
            />
            <Field
              meta={fields.lastname}
              label={t('register.lastname')}
              inputProps={{ autoComplete: 'family-name' }}
            />
          </div>
          <Field
            meta={fields.username}
            label={t('register.username')}
            inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false }}
          />
          <Field
            meta={fields.email}
            label={t('email')}
            type="email"
            inputProps={{ autoComplete: 'email', spellCheck: false }}
          />
          <Field
            meta={fields.password}
            label={t('password')}
            type="password"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            meta={fields.confirmPassword}
            label={t('confirmPassword')}
            type="password"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <CheckboxField
            meta={fields.agreement}
            label={
              <>
                {t('register.agreementPrefix')}{' '}
                <Link to="/terms-of-use" className="text-brand-600 underline" target="_blank">
                  {t('register.termsOfUse')}
                </Link>{' '}
                {t('register.and')}{' '}
                <Link to="/privacy-policy" className="text-brand-600 underline" target="_blank">
                  {t('register.privacyPolicy')}
                </Link>
              </>
            }
          />
          <SubmitButton className="w-full">{t('register.submit')}</SubmitButton>
        </Form>
      </FormProvider>
      <p className="mt-6 text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link to="/auth" className="font-medium text-brand-600 underline">
          {t('register.signIn')}
        </Link>
      </p>
    </>
  )
}
