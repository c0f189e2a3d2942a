// /moderation/log: the moderation log (who decided what, when, on which target, and why), newest first;
// ?targetId= narrows it to one post or user (linked from each row).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ModerationLogEntry } from '#contract'
import { formatDateTime } from '~/components/events/format'
import { useRootData } from '~/components/layout/use-root-data'
import { moderationMeta } from '~/components/moderation/meta'
import { Pager } from '~/components/ui/pager'
import { ApiError, ok } from '~/utils/api.server'
import { requireAdminUser } from '~/utils/auth.server'

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  const url = new URL(request.url)
  const query: Record<string, string> = {}
  for (const name of ['page', 'targetType', 'targetId']) {
    const value = url.searchParams.get(name)?.trim()
    if (value) query[name] = value
  }
  try {
    return { log: await ok(api.typed.GET('/admin/log', { params: { query } })), query, queryError: null as string | null }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    return { log: { entries: [], page: 1, pageSize: 7, total: 0, hasMore: false }, query, queryError: error.body.message }
  }
}

function logHref(query: Record<string, string>, changes: Record<string, string | null>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...query, ...changes })) if (value) params.set(name, value)
  const search = params.toString()
  return `/moderation/log${search ? `?${search}` : ''}`
}

export default function ModerationLog() {
  const { t, i18n } = useTranslation('moderation')
  const { log, query, queryError } = useLoaderData<typeof loader>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const value = (entry: ModerationLogEntry, v: string | null) => {
    if (v === null) return '—'
    if (entry.field === 'moderationStatus' || entry.field === 'moderationImageStatus' || entry.field === 'postStatus')
      return t(`status.${v as 'PENDING'}`)
    if (entry.field === 'role') return t(`roles.${v as 'user'}`)
    if (entry.field === 'isActivated') return v === '1' ? t('yes') : t('no')
    return v
  }
  const targetHref = (entry: ModerationLogEntry) => (entry.targetType === 'POST' ? `/event/${entry.targetId}` : `/profile/${entry.targetId}`)
  return (
    <div className="space-y-3">
      {query.targetId ? (
        <Link to="/moderation/log" className="text-sm text-brand-700 underline">
          {t('log.all')}
        </Link>
      ) : null}
      {queryError ? (
        <p role="alert" className="text-sm text-red-700">
          {queryError}
        </p>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="moderation-total">
        {t('total', { count: log.total })}
      </p>
      {log.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">{t('log.when')}</th>
                <th scope="col" className="px-3 py-2">{t('log.who')}</th>
                <th scope="col" className="px-3 py-2">{t('log.target')}</th>
                <th scope="col" className="px-3 py-2">{t('log.change')}</th>
                <th scope="col" className="px-3 py-2">{t('log.reason')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {log.entries.map((entry) => (
                <tr key={entry._id} data-testid="log-row" className="align-top">
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language, timeZone)}</time>
                  </td>
                  <td className="px-3 py-2">
                    {entry.actor ? `${entry.actor.name} ${entry.actor.lastname}`.trim() || entry.actor.username : '—'}
                  </td>
                  <td className="px-3 py-2">
                    <span className="block text-xs text-slate-500">{t(`log.targetType.${entry.targetType}`)}</span>
                    <Link to={targetHref(entry)} className="text-brand-700 underline">
                      {entry.targetLabel ?? t('log.gone')}
                    </Link>{' '}
                    {query.targetId ? null : (
                      <Link to={logHref({}, { targetId: entry.targetId })} className="text-xs text-slate-600 underline">
                        {t('log.history')}
                      </Link>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <span className="font-medium">{t(`log.fields.${entry.field}`)}</span>: {value(entry, entry.from)} → {value(entry, entry.to)}
                  </td>
                  <td className="px-3 py-2 text-slate-700">{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={log.page} hasMore={log.hasMore} href={(n) => logHref(query, { page: n > 1 ? String(n) : null })} />
    </div>
  )
}
