// The screen of an account waiting for deletion (/account/deletion): when it goes, and "Cancel deletion" or
// sign out. Loader and action: deletion.server.ts.
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DATE_LOCALES, languageOr } from '#contract'
import { SignOutForm } from '~/features/auth/sign-out-form'
import { SubmitButton } from '~/components/forms/submit-button'
import type { loadDeletion } from './deletion.server'

export function AccountDeletion() {
  const { t, i18n } = useTranslation('settings')
  const { requestedAt, purgeAt } = useLoaderData<typeof loadDeletion>()
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(DATE_LOCALES[languageOr(i18n.language)], { day: 'numeric', month: 'long', year: 'numeric' })
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
