// The reports queue of the moderation console (/moderation/reports; docs/decisions/019-reports.md): OPEN
// reports oldest first with their age and a red mark past 24 hours; each row closes the report (or all of its
// target's) as Dismissed or Resolved, optionally with a decision. Plain form posts; with JavaScript a fetcher
// per row. Loader and action: moderation.server.ts (loadReports, decideReport).
import { Form, Link, useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_LIMITS, type AdminReport, REPORT_LIMITS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportDecision } from '#contract'
import { Pager } from '~/components/ui/pager'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { loadReports } from './moderation.server'
import { ConsoleTable, consoleHref } from './console-table'

function Decisions({ report }: { report: AdminReport }) {
  const { t } = useTranslation('moderation')
  const fetcher = useFetcher()
  const hydrated = useHydrated()
  const location = useLocation()
  const noteId = useId()
  const busy = fetcher.state !== 'idle'
  const target = report.target
  const decisions: ReportDecision[] = ['dismiss', 'resolve']
  // A group is decided on in its own tab (suspend, delete): here its reports are only closed.
  const isGroup = report.targetType === 'GROUP'
  if (target && !isGroup && target.moderationStatus !== 'REJECTED') decisions.push('rejectInfo')
  if (target && !isGroup && target.moderationImageStatus !== 'REJECTED') decisions.push('rejectImage')
  if (target && report.targetType === 'POST' && target.postStatus === 'ACTIVE') decisions.push('delete')
  return (
    <fetcher.Form
      method="post"
      action="/moderation/reports"
      preventScrollReset
      className="flex min-w-44 flex-col gap-1.5 sm:min-w-60"
      data-testid={`report-actions-${report._id}`}
    >
      <input type="hidden" name="id" value={report._id} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <label htmlFor={noteId} className="sr-only">
        {t('reports.note')}
      </label>
      <input
        id={noteId}
        name="resolutionNote"
        maxLength={ADMIN_LIMITS.reasonMax}
        placeholder={t('reports.note')}
        title={t('reports.notePlaceholder')}
        className="rounded-md border border-slate-300 px-2 py-1 text-xs"
      />
      {report.openReporters > 1 ? (
        <label className="flex items-center gap-1 text-xs text-slate-700">
          <input type="checkbox" name="wholeTarget" defaultChecked />
          {t('reports.wholeTarget')}
        </label>
      ) : null}
      <span className="flex flex-wrap gap-1">
        {decisions.map((decision) => (
          <button
            key={decision}
            type="submit"
            name="decision"
            value={decision}
            disabled={busy}
            className={`rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset disabled:opacity-50 ${
              decision === 'dismiss' || decision === 'resolve'
                ? 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                : 'bg-white text-red-800 ring-red-300 hover:bg-red-50'
            }`}
          >
            {t(`reports.decisions.${decision}`)}
          </button>
        ))}
      </span>
    </fetcher.Form>
  )
}

export function ReportsQueue() {
  const { t } = useTranslation('moderation')
  const { queue, query, queryError } = useLoaderData<typeof loadReports>()
  const status = query.status ?? 'OPEN'
  const targetHref = (r: AdminReport) =>
    r.targetType === 'POST' ? `/event/${r.targetId}` : r.targetType === 'GROUP' ? `/groups/${r.target?.handle ?? ''}` : `/profile/${r.targetId}`
  return (
    <div className="space-y-3">
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="moderation-filters">
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t('reports.status')}
          <select
            name="status"
            defaultValue={status}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal"
          >
            {REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`reports.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t('reports.targetType')}
          <select
            name="targetType"
            defaultValue={query.targetType ?? ''}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal"
          >
            <option value="">{t('filters.any')}</option>
            {REPORT_TARGET_TYPES.map((s) => (
              <option key={s} value={s}>
                {t(`reports.targetTypes.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('filters.apply')}
        </button>
      </Form>
      <ConsoleTable
        total={queue.total}
        totalCapped={queue.totalCapped}
        queryError={queryError}
        headers={[
          t('reports.target'),
          t('reports.reason'),
          t('reports.reporter'),
          t('reports.reports'),
          t('reports.age'),
          t('columns.actions'),
        ]}
      >
        {queue.reports.map((report) => (
          <tr key={report._id} data-testid={`report-${report._id}`} className="align-top">
            <td className="px-3 py-2">
              <span className="flex items-start gap-2">
                {report.target?.thumbnailUrl ? (
                  <img
                    src={report.target.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    width={40}
                    height={40}
                    className="h-10 w-10 rounded object-cover"
                  />
                ) : null}
                <span className="flex flex-col">
                  <span className="text-xs text-slate-500">
                    {t(`reports.targetTypes.${report.targetType}`)}
                  </span>
                  <Link to={targetHref(report)} className="font-medium text-brand-700 underline">
                    {report.target?.label ?? t('reports.gone')}
                  </Link>
                  {report.targetType === 'GROUP' && report.target?.handle && report.status === 'OPEN' ? (
                    <Link to={`/moderation/groups?q=${encodeURIComponent(report.target.handle)}`} className="text-xs text-slate-600 underline">
                      {t('reports.decideGroup')}
                    </Link>
                  ) : null}
                </span>
              </span>
            </td>
            <td className="min-w-48 max-w-xs px-3 py-2">
              <span className="font-medium">{t(`reports.reasons.${report.reason}`)}</span>
              {report.details ? (
                <span className="block whitespace-pre-line break-words text-slate-600">{report.details}</span>
              ) : null}
            </td>
            <td className="px-3 py-2">
              {report.reporter
                ? `${report.reporter.name} ${report.reporter.lastname}`.trim() || report.reporter.username
                : '—'}
            </td>
            <td className="px-3 py-2">
              {report.openReporters}
              {report.openReasons.length ? ' ' : null}
              {report.openReasons.length ? (
                <span className="block text-xs text-slate-500">
                  {report.openReasons.map((r) => t(`reports.reasons.${r}`)).join(', ')}
                </span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              {t('reports.ageHours', { hours: report.ageHours })}
              {/* A space, so the age and the badge are two words to a screen reader too. */}
              {report.overdue ? ' ' : null}
              {report.overdue ? (
                <span
                  className="ml-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
                  data-testid="overdue"
                >
                  {t('reports.overdue', { hours: REPORT_LIMITS.reviewHours })}
                </span>
              ) : null}
            </td>
            <td className="px-3 py-2">
              {report.status === 'OPEN' && report.target && !report.target.mayModerate ? (
                // Nobody closes a report about their own post or profile (the API's policy says which).
                <span className="text-xs text-slate-600" data-testid={`report-own-${report._id}`}>
                  {t('reports.ownContent')}
                </span>
              ) : report.status === 'OPEN' ? (
                <Decisions report={report} />
              ) : (
                <span className="text-xs text-slate-600">
                  {t(`reports.statuses.${report.status}`)}
                  {report.resolvedBy
                    ? ` · ${t('reports.resolvedBy', { name: report.resolvedBy.username })}`
                    : ''}
                  {report.resolutionNote ? <span className="block">{report.resolutionNote}</span> : null}
                </span>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <Pager
        page={queue.page}
        hasMore={queue.hasMore}
        href={(n) => consoleHref('/moderation/reports', query, { page: n > 1 ? String(n) : null })}
      />
    </div>
  )
}
