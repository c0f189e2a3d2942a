// /auth/resetPassword/<link>: the mailed link. New password + confirmation → POST /auth/newPassword →
// /auth with the toast passwordSet.
import { getFormProps, useForm } from '@conform-to/react'
import type { ResetPasswordForm } from '#contract'
import { resetPasswordFormSchema } from '~/features/auth/auth-schemas.server'
import type { ActionFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { useAuthValidation } from '~/features/auth/use-auth-validation'
import { apiFailure, invalid, parseWithZod, type FormActionData } from '~/components/forms/submission.server'
import { getApi, ok } from '~/utils/api.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form.server'

const HIDDEN = ['password', 'confirmPassword']

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: resetPasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)
  const api = await getApi(request)
  try {
    await ok(
      api.typedAsVisitor.POST('/auth/newPassword', {
        body: { password: submission.value.password, activatedLink: params.link ?? '' },
      }),
    )
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN })
  }
  return redirectWithToast('/auth', { message: 'passwordSet' })
}

export default function ResetPassword() {
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
