// Previous / Page N / Next links of a paged table (followers, invite drawer): plain links, so they work
// without JavaScript.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

export function Pager({ page, hasMore, href }: { page: number; hasMore: boolean; href: (page: number) => string }) {
  const { t } = useTranslation('profile')
  if (page <= 1 && !hasMore) return null
  return (
    <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t('modal.page', { page })}>
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className="text-brand-700 underline">
          {t('modal.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">{t('modal.page', { page })}</span>
      {hasMore ? (
        <Link to={href(page + 1)} preventScrollReset className="text-brand-700 underline">
          {t('modal.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
