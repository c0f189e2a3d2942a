// /docs/deleteAccount: how to delete the account (SPEC §2, §9). Static: ships no JavaScript.
import { routeTexts } from '~/locales/load'
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { StaticPage, staticPageMeta } from '~/components/layout/static-page'
import { useRootData } from '~/components/layout/use-root-data'

export const handle = routeTexts({ hydrate: false as const, i18n: ['static'] })
export const meta = staticPageMeta('deleteAccount')

export default function DeleteAccountPage() {
  const { t } = useTranslation('static')
  const supportUrl = useRootData()?.ENV.SUPPORT_URL ?? null
  return (
    <StaticPage
      page="deleteAccount"
      supportUrl={supportUrl}
      actions={
        <>
          <Link
            to="/admin/profile/settings/delete"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('openSettings')}
          </Link>
          {supportUrl ? (
            <a
              href={supportUrl}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              {t('contactSupport')}
            </a>
          ) : null}
        </>
      }
    />
  )
}
