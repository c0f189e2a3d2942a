// /auth/confirmEmail: the 6-digit code → POST /auth/verificateEmail (signs in, activated) → / with a toast.
// "Send a new code" posts /auth/activateEmail from the same form. The email is prefilled from the
// signed-in unactivated user or from ?email=.
import { getFormProps, useForm } from '@conform-to/react'
import type { ConfirmEmailForm } from '#contract'
import { activateEmailSchema, confirmEmailFormSchema } from '~/features/auth/auth-schemas.server'
import type { ActionFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { ActionToast } from '~/components/forms/action-toast'
import { SubmitButton } from '~/components/forms/submit-button'
import { useAuthValidation } from '~/features/auth/use-auth-validation'
import { apiFailure, invalid, parseWithZod, type FormActionData } from '~/components/forms/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'
import { usePendingUser } from './auth'
import { readFormData } from '~/utils/form.server'

const INTENT = 'intent'
const RESEND = 'resend'

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const api = await getApi(request)

  if (formData.get(INTENT) === RESEND) {
    const submission = parseWithZod(formData, { schema: activateEmailSchema })
    if (submission.status !== 'success') return invalid(submission)
    try {
      await ok(api.typedAsVisitor.POST('/auth/activateEmail', { body: submission.value }))
    } catch (error) {
      return apiFailure(submission, error)
    }
    const params = new URLSearchParams({ email: submission.value.email })
    return redirectWithToast(`/auth/confirmEmail?${params}`, { message: 'codeSent' })
  }

  const submission = parseWithZod(formData, { schema: confirmEmailFormSchema })
  if (submission.status !== 'success') return invalid(submission)
  let auth
  try {
    auth = await ok(api.typedAsVisitor.POST('/auth/verificateEmail', { body: submission.value }))
  } catch (error) {
    // SPEC §8: an error toast with the response message (and the field errors on their fields).
    return apiFailure(submission, error, { toast: true })
  }
  api.signIn({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, userId: auth.user.id })
  return redirectWithToast('/', { message: 'emailConfirmed' })
}

export default function ConfirmEmail() {
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
