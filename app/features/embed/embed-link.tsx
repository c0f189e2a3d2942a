// "Embed on your site": the link to the builder (/embed) from an organizer, a place and a city's list.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

export function EmbedLink({ search, className = '' }: { search: string; className?: string }) {
  const { t } = useTranslation('events')
  return (
    <Link to={`/embed?${search}`} className={`text-sm text-slate-600 underline hover:text-slate-900 ${className}`} data-testid="embed-link">
      {t('embed')}
    </Link>
  )
}
