// The moderation console's frame (/moderation/*): tabs Users, Events, Places (SPEC §2), Reports (with the
// count of OPEN ones, and of those over 24 hours), the moderation Log, Fediverse and Collections (issue 43); the
// header shows the age of the oldest open report. Loader: moderation.server.ts (loadConsoleSummary).
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { REPORT_LIMITS } from '#contract'
import type { loadConsoleSummary } from './moderation.server'

export const MODERATION_TABS = ['users', 'events', 'places', 'reports', 'log', 'fediverse', 'collections', 'groups'] as const
export type ModerationTab = (typeof MODERATION_TABS)[number]

export function ConsoleLayout() {
  const { t } = useTranslation('moderation')
  const { reports, oldestHours } = useLoaderData<typeof loadConsoleSummary>()
  const label = (tab: ModerationTab) => {
    const name = t(`tabs.${tab}`)
    if (tab !== 'reports' || reports.open === 0) return name
    return reports.overdue > 0
      ? t('tabOverdue', { tab: name, count: reports.open, overdue: reports.overdue, hours: REPORT_LIMITS.reviewHours })
      : t('tabCount', { tab: name, count: reports.open })
  }
  return (
    <div className="py-4">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p
          className={`text-sm ${reports.overdue > 0 ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          data-testid="oldest-report"
        >
          {oldestHours === null ? t('noOpenReports') : t('oldestReport', { hours: oldestHours })}
        </p>
      </div>
      {/* The tabs wrap on a phone, so every label is whole and none is off screen. */}
      <nav aria-label={t('tabsLabel')} className="mb-4 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {MODERATION_TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={`/moderation/${tab}`}
                className={({ isActive }) =>
                  `inline-block whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'} ${tab === 'reports' && reports.overdue > 0 ? 'text-red-700' : ''}`
                }
              >
                {label(tab)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
