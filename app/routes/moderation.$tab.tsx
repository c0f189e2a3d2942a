// One moderation tab. The tables (filters, row actions) come with a later issue.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MODERATION_TABS, type ModerationTab } from './moderation'

function isTab(value: string | undefined): value is ModerationTab {
  return (MODERATION_TABS as readonly string[]).includes(value ?? '')
}

export function loader({ params }: LoaderFunctionArgs) {
  if (!isTab(params.tab)) throw redirect('/moderation/users')
  return null
}

export default function ModerationTabPage() {
  const { t } = useTranslation('settings')
  const { tab } = useParams()
  const name = isTab(tab) ? t(`moderation.tabs.${tab}`) : ''
  return <p className="text-slate-600">{t('moderation.comingSoon', { tab: name })}</p>
}
