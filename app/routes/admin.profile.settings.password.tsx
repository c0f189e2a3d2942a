// /admin/profile/settings/password: POST /auth/changePassword. Success: toast 'Password changed' (SPEC §8);
// failure: a toast with the response message, field errors on their fields. Passwords never come back.
import { routeTexts } from '~/locales/load'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { changePasswordFormSchema } from '#contract'
import type { ActionFunctionArgs } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { ActionToast } from '~/components/forms/action-toast'
import { SubmitButton } from '~/components/forms/submit-button'
import { apiFailure, invalid, type FormActionData } from '~/components/forms/submission.server'
import { ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormData } from '~/utils/form.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

const HIDDEN = ['oldPassword', 'password', 'confirmPassword']

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: changePasswordFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)
  const { oldPassword, password } = submission.value
  try {
    // refreshToken names this session: the API keeps it and ends the user's other sessions.
    await ok(
      api.typed.POST('/auth/changePassword', {
        body: { oldPassword, password, refreshToken: api.session.get('refreshToken') },
      }),
    )
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN, toast: true })
  }
  return redirectWithToast(
    '/admin/profile/settings/password',
    { message: 'passwordChanged' },
  )
}

export default function ChangePassword() {
  const { t } = useTranslation('settings')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordFormSchema }),
  })
  return (
    <>
      <h2 className="mb-1 text-xl font-semibold">{t('password.title')}</h2>
      <p className="mb-5 text-sm text-slate-600">{t('password.note')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-sm space-y-3">
          <FormErrors formId={form.id} />
          <Field
            meta={fields.oldPassword}
            label={t('password.oldPassword')}
            type="password"
            inputProps={{ autoComplete: 'current-password' }}
          />
          <Field
            meta={fields.password}
            label={t('password.password')}
            type="password"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            meta={fields.confirmPassword}
            label={t('password.confirmPassword')}
            type="password"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <SubmitButton>{t('password.submit')}</SubmitButton>
        </Form>
      </FormProvider>
      <ActionToast toast={actionData?.toast} />
    </>
  )
}
