// The frame of the settings screens (/admin/profile/settings/*): their sub-navigation and Sign out.
import { NavLink, Outlet } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignOutForm } from '~/features/auth/sign-out-form'

const sections = [
  { to: '/admin/profile/settings/profile', key: 'profile' },
  { to: '/admin/profile/settings/password', key: 'password' },
  { to: '/admin/profile/settings/notifications', key: 'notifications' },
  { to: '/admin/profile/settings/calendar', key: 'calendar' },
  { to: '/admin/profile/settings/sources', key: 'sources' },
  { to: '/admin/profile/settings/webhooks', key: 'webhooks' },
  { to: '/admin/profile/settings/fediverse', key: 'fediverse' },
  { to: '/admin/profile/settings/delete', key: 'delete' },
] as const

export function SettingsLayout() {
  const { t } = useTranslation('settings')
  return (
    <div className="mx-auto grid max-w-4xl gap-6 py-4 md:grid-cols-[14rem_1fr]">
      <aside>
        <h1 className="mb-4 text-2xl font-semibold">{t('title')}</h1>
        <nav aria-label={t('nav.label')}>
          <ul className="space-y-1">
            {sections.map((section) => (
              <li key={section.key}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {t(`nav.${section.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SignOutForm className="mt-6" />
      </aside>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Outlet />
      </div>
    </div>
  )
}
