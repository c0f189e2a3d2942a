// /account/deletion: what an account waiting for deletion sees after signing in, and nothing else (the root
// sends every other page here): when it goes, and "Cancel deletion" (DELETE /profile/my/deletion) or sign out.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { SignOutForm } from '~/features/auth/sign-out-form'
import { SubmitButton } from '~/components/forms/submit-button'
import { ApiError, ok } from '~/utils/api.server'
import { requireUser } from '~/utils/auth.server'
import { readFormData } from '~/utils/form.server'
import { redirectWithToast } from '~/utils/toast.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request)
  if (!user.deletionRequestedAt) throw redirect('/')
  try {
    return await ok(api.typed.GET('/profile/my/deletion'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw redirect('/')
    throw error
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request)
  await readFormData(request)
  try {
    await ok(api.typed.DELETE('/profile/my/deletion'))
  } catch (error) {
    // Nothing to cancel any more: the account is in use again.
    if (!(error instanceof ApiError && error.status === 404)) throw error
  }
  return redirectWithToast('/admin/profile/myProfile', { message: 'deletionCancelled' })
}

export default function AccountDeletion() {
  const { t, i18n } = useTranslation('settings')
  const { requestedAt, purgeAt } = useLoaderData<typeof loader>()
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
  return (
    <section className="mx-auto max-w-lg space-y-4 py-8" aria-labelledby="deletion-title">
      <h1 id="deletion-title" className="text-2xl font-semibold text-slate-900">
        {t('pending.title')}
      </h1>
      <p className="text-slate-700">{t('pending.body', { requested: date(requestedAt), purge: date(purgeAt) })}</p>
      <p className="text-slate-700">{t('pending.cancelNote')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post">
          <SubmitButton>{t('pending.cancel')}</SubmitButton>
        </Form>
        <SignOutForm />
      </div>
    </section>
  )
}
