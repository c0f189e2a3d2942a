// Settings → Delete account (/admin/profile/settings/delete; /docs/deleteAccount links here): the
// consequences, the password (or, for accounts without one, a code by email) and a confirming checkbox.
// Loader and action: delete-account.server.ts.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ACCOUNT_DELETION_DAYS, deleteAccountFormSchema } from '#contract'
import { CheckboxField, Field, FormErrors, FormProvider } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import type { deleteAccountForm } from './delete-account.server'

export function DeleteAccount() {
  const { t } = useTranslation('settings')
  const actionData = useActionData<FormActionData>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ password?: string; verificationCode?: string; confirm?: boolean }>({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountFormSchema }),
  })
  const { codeRequested } = useLoaderData<typeof deleteAccountForm>()
  const consequences = [
    t('delete.consequences.signedOut'),
    t('delete.consequences.hidden'),
    t('delete.consequences.purged', { count: ACCOUNT_DELETION_DAYS }),
  ]
  return (
    <>
      <h2 className="mb-1 text-xl font-semibold">{t('delete.title')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('delete.note', { count: ACCOUNT_DELETION_DAYS })}</p>
      <ul className="mb-5 list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="deletion-consequences">
        {consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-sm space-y-3">
          <FormErrors formId={form.id} />
          <Field meta={fields.password} label={t('delete.password')} type="password" inputProps={{ autoComplete: 'current-password' }} />
          <details open={codeRequested || Boolean(fields.verificationCode.errors)} className="text-sm">
            <summary className="cursor-pointer text-slate-700">{t('delete.noPassword')}</summary>
            <div className="mt-2 space-y-2">
              <SubmitButton variant="secondary" name="intent" value="sendCode" formNoValidate disabled={navigation.state !== 'idle'}>
                {t('delete.sendCode')}
              </SubmitButton>
              <Field meta={fields.verificationCode} label={t('delete.code')} inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }} />
            </div>
          </details>
          <CheckboxField meta={fields.confirm} label={t('delete.confirm')} />
          <SubmitButton name="intent" value="delete" className="bg-red-600 hover:bg-red-700">
            {t('delete.submit')}
          </SubmitButton>
        </Form>
      </FormProvider>
    </>
  )
}
