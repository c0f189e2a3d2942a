// Settings → Password (/admin/profile/settings/password). Action: password.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { changePasswordFormSchema } from '#contract'
import { Form, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field, FormErrors, FormProvider } from '~/components/forms/field'
import { ActionToast } from '~/components/forms/action-toast'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'

export function ChangePassword() {
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
