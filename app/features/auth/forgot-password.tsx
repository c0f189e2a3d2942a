// The forgotten-password screen (/auth/forgotPassword) in three steps kept in the URL (?step=…&email=…), each
// a plain form post: email → a mailed 6-digit code → code → a mailed reset link → "check your email".
// Action: forgot-password.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import type { ResetCodeForm } from '#contract'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'
import { useAuthValidation } from './use-auth-validation'

export const STEP = 'step'
type Step = 'email' | 'code' | 'sent'

export function stepOf(value: string | null | undefined | FormDataEntryValue): Step {
  return value === 'code' || value === 'sent' ? value : 'email'
}

export function ForgotPassword() {
  const { t } = useTranslation('auth')
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email') ?? ''
  const step = email ? stepOf(searchParams.get(STEP)) : 'email'

  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">
        {step === 'sent' ? t('forgotPassword.sentTitle') : t('forgotPassword.title')}
      </h1>
      {step === 'sent' ? (
        <p className="text-sm text-slate-700">{t('forgotPassword.sentText', { email })}</p>
      ) : (
        // A new key per step: each step is its own conform form.
        <StepForm key={step} step={step} email={email} />
      )}
      <div className="mt-6 flex flex-col gap-2 text-sm">
        {step !== 'email' ? (
          <Link
            to={`/auth/forgotPassword?${new URLSearchParams({ email })}&step=email`}
            className="text-brand-600 underline"
          >
            {t('forgotPassword.otherEmail')}
          </Link>
        ) : null}
        <Link to="/auth" className="text-brand-600 underline">
          {t('backToSignIn')}
        </Link>
      </div>
    </>
  )
}

function StepForm({ step, email }: { step: 'email' | 'code'; email: string }) {
  const { t } = useTranslation('auth')
  const actionData = useActionData<FormActionData>()
  // Step 1 checks only the email (typed as the step 2 form: its fields are a superset).
  const validation = useAuthValidation<ResetCodeForm>(() => (step === 'code' ? 'resetCode' : 'forgotPassword'))
  const [form, fields] = useForm<ResetCodeForm>({
    id: `forgot-password-${step}`,
    lastResult: actionData?.result,
    defaultValue: { email },
    ...validation.options,
  })
  return (
    <>
      <p className="mb-5 text-sm text-slate-600">
        {step === 'code' ? t('forgotPassword.codeIntro', { email }) : t('forgotPassword.emailIntro')}
      </p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} onFocus={validation.onFocus} noValidate className="space-y-3">
          <FormErrors formId={form.id} />
          <input type="hidden" name={STEP} value={step} />
          <Field
            meta={fields.email}
            label={t('email')}
            type="email"
            inputProps={{ autoComplete: 'email', spellCheck: false }}
          />
          {step === 'code' ? (
            <Field
              meta={fields.verificationCode}
              label={t('code')}
              inputProps={{ autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 }}
            />
          ) : null}
          <SubmitButton className="w-full">
            {step === 'code' ? t('forgotPassword.sendLink') : t('forgotPassword.sendCode')}
          </SubmitButton>
        </Form>
      </FormProvider>
    </>
  )
}
