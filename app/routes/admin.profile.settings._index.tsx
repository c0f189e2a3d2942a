import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

export default function SettingsIndex() {
  const { t } = useTranslation('settings')
  return (
    <>
      <p className="mb-3 text-slate-700">{t('intro')}</p>
      <ul className="mb-4 list-disc pl-5">
        <li>
          <Link to="/admin/profile/settings/password" className="text-brand-600 underline">
            {t('password.title')}
          </Link>
        </li>
      </ul>
      <p className="text-sm text-slate-500">{t('more')}</p>
    </>
  )
}
