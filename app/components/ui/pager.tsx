// Previous / Page N / Next links of a paged list (followers, invite drawer, the console, a group's events): plain links, so they work
// without JavaScript.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

export function Pager({ page, hasMore, href }: { page: number; hasMore: boolean; href: (page: number) => string }) {
  const { t } = useTranslation()
  if (page <= 1 && !hasMore) return null
  return (
    <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t('pager.page', { page })}>
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className="text-brand-700 underline">
          {t('pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">{t('pager.page', { page })}</span>
      {hasMore ? (
        <Link to={href(page + 1)} preventScrollReset className="text-brand-700 underline">
          {t('pager.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
