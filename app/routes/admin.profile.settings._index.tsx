import { routeTexts } from '~/locales/load'
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

const SECTIONS = [
  { to: '/admin/profile/settings/profile', key: 'profile.title' },
  { to: '/admin/profile/settings/password', key: 'password.title' },
  { to: '/admin/profile/settings/notifications', key: 'notifications.title' },
  { to: '/admin/profile/settings/calendar', key: 'calendar.title' },
] as const

export default function SettingsIndex() {
  const { t } = useTranslation('settings')
  return (
    <>
      <p className="mb-3 text-slate-700">{t('intro')}</p>
      <ul className="list-disc pl-5">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className="text-brand-600 underline">
              {t(section.key)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
