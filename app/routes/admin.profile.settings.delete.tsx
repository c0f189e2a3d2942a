// /admin/profile/settings/delete: Settings → Delete account (/docs/deleteAccount links here). The consequences,
// the password (or, for accounts without one, a code by email) and a confirming checkbox; afterwards the user
// is signed out with a toast that says until when the deletion can be cancelled.
import { routeTexts } from '~/locales/load'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { ACCOUNT_DELETION_DAYS, deleteAccountFormSchema } from '#contract'
import { CheckboxField, Field, FormErrors, FormProvider } from '~/components/forms/field'
import { apiFailure, invalid, type FormActionData } from '~/components/forms/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'
import { getLanguage } from '~/language.server'
import { redirectWithToast } from '~/utils/toast.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

const PATH = '/admin/profile/settings/delete'
const HIDDEN = ['password']

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActivatedUser(request)
  // After "Email me a code" the code field is open (no JavaScript needed).
  return { codeRequested: new URL(request.url).searchParams.has('code') }
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const form = await readFormData(request)
  if (form.get('intent') === 'sendCode') {
    await ok(api.typed.POST('/profile/my/deletion/code'))
    return redirectWithToast(`${PATH}?code=1`, { message: 'deletionCodeSent', type: 'info' })
  }
  const submission = parseWithZod(form, { schema: deleteAccountFormSchema })
  if (submission.status !== 'success') return invalid(submission, HIDDEN)
  const { password, verificationCode } = submission.value
  let purgeAt: string
  try {
    ;({ purgeAt } = await ok(api.typed.POST('/profile/my/deletion', { body: { password: password || undefined, verificationCode } })))
  } catch (error) {
    return apiFailure(submission, error, { hideFields: HIDDEN })
  }
  // The API has ended every session; this browser forgets its tokens too.
  api.signOutLocally()
  const language = await getLanguage(request)
  const date = new Date(purgeAt).toLocaleDateString(language === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
  return redirectWithToast('/', { message: 'deletionRequested', values: { date } })
}

export default function DeleteAccount() {
  const { t } = useTranslation('settings')
  const actionData = useActionData<FormActionData>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ password?: string; verificationCode?: string; confirm?: boolean }>({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountFormSchema }),
  })
  const { codeRequested } = useLoaderData<typeof loader>()
  const consequences = t('delete.consequences', { returnObjects: true, days: ACCOUNT_DELETION_DAYS }) as unknown as string[]
  return (
    <>
      <h2 className="mb-1 text-xl font-semibold">{t('delete.title')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('delete.note', { days: ACCOUNT_DELETION_DAYS })}</p>
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
