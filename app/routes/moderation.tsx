// /moderation/*: signed in, activated, and admin or superAdmin (SPEC §2, §6); others get the guard screen
// or the 403 page. Tabs Users, Events, Places (SPEC §2) and the moderation Log.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireAdminUser } from '~/utils/auth.server'

export const MODERATION_TABS = ['users', 'events', 'places', 'log'] as const
export type ModerationTab = (typeof MODERATION_TABS)[number]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminUser(request)
  return null
}

export default function Moderation() {
  const { t } = useTranslation('moderation')
  return (
    <div className="py-4">
      <h1 className="mb-4 text-2xl font-semibold">{t('title')}</h1>
      <nav aria-label={t('tabsLabel')} className="mb-4 border-b border-slate-200">
        <ul className="-mb-px flex gap-1">
          {MODERATION_TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={`/moderation/${tab}`}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-4 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`
                }
              >
                {t(`tabs.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
