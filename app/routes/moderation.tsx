// /moderation/*: signed in, activated, and admin or superAdmin (SPEC §2, §6); others get the guard screen
// or the 403 page. Tabs Users, Events, Places (SPEC §2), Reports (with the count of OPEN ones, and of those
// over 24 hours) and the moderation Log; the header shows the age of the oldest open report.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { REPORT_LIMITS } from '#contract'
import { ok } from '~/utils/api.server'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation'] })

export const MODERATION_TABS = ['users', 'events', 'places', 'reports', 'log'] as const
export type ModerationTab = (typeof MODERATION_TABS)[number]

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  const summary = await ok(api.typed.GET('/admin/reports/summary'))
  const oldestHours = summary.oldestOpenAt ? Math.max(0, Math.floor((Date.now() - Date.parse(summary.oldestOpenAt)) / 3_600_000)) : null
  return { reports: summary, oldestHours }
}

export default function Moderation() {
  const { t } = useTranslation('moderation')
  const { reports, oldestHours } = useLoaderData<typeof loader>()
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
      <nav aria-label={t('tabsLabel')} className="mb-4 overflow-x-auto border-b border-slate-200">
        <ul className="-mb-px flex gap-1">
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
