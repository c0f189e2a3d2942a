// The moderation log (/moderation/log): who decided what, when, on which target, and why, newest first;
// ?targetId= narrows it to one post or user (linked from each row). Loader: moderation.server.ts (loadLog).
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ModerationLogEntry } from '#contract'
import { formatDateTime } from '~/features/events/format'
import { useRootData } from '~/components/layout/use-root-data'
import { Pager } from '~/components/ui/pager'
import type { loadLog } from './moderation.server'
import { ConsoleTable, consoleHref } from './console-table'

export function ModerationLog() {
  const { t, i18n } = useTranslation('moderation')
  const { log, query, queryError } = useLoaderData<typeof loadLog>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const value = (entry: ModerationLogEntry, v: string | null) => {
    if (v === null) return '—'
    if (
      entry.field === 'moderationStatus' ||
      entry.field === 'moderationImageStatus' ||
      entry.field === 'postStatus'
    )
      return t(`status.${v as 'PENDING'}`)
    if (entry.field === 'role') return t(`roles.${v as 'user'}`)
    if (entry.field === 'isActivated') return v === '1' ? t('yes') : t('no')
    if (entry.field === 'federation') return t(`fediverse.statuses.${v as 'ALLOWED'}`)
    if (entry.field === 'groupStatus') return t(`groups.statuses.${v as 'ACTIVE'}`)
    return v
  }
  const targetHref = (entry: ModerationLogEntry) =>
    entry.targetType === 'POST'
      ? `/event/${entry.targetId}`
      : entry.targetType === 'DOMAIN'
        ? '/moderation/fediverse'
        : entry.targetType === 'GROUP'
          ? '/moderation/groups'
          : `/profile/${entry.targetId}`
  return (
    <div className="space-y-3">
      {query.targetId ? (
        <Link to="/moderation/log" className="text-sm text-brand-700 underline">
          {t('log.all')}
        </Link>
      ) : null}
      <ConsoleTable
        total={log.total}
        totalCapped={log.totalCapped}
        queryError={queryError}
        headers={[t('log.when'), t('log.who'), t('log.target'), t('log.change'), t('log.reason')]}
      >
        {log.entries.map((entry) => (
          <tr key={entry._id} data-testid="log-row" className="align-top">
            <td className="whitespace-nowrap px-3 py-2">
              <time dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt, i18n.language, timeZone)}
              </time>
            </td>
            <td className="px-3 py-2">
              {entry.actor
                ? `${entry.actor.name} ${entry.actor.lastname}`.trim() || entry.actor.username
                : '—'}
            </td>
            <td className="px-3 py-2">
              <span className="block text-xs text-slate-500">{t(`log.targetType.${entry.targetType}`)}</span>
              <Link to={targetHref(entry)} className="text-brand-700 underline">
                {entry.targetType === 'DOMAIN' ? entry.targetId : (entry.targetLabel ?? t('log.gone'))}
              </Link>{' '}
              {query.targetId ? null : (
                <Link
                  to={consoleHref('/moderation/log', {}, { targetId: entry.targetId })}
                  className="text-xs text-slate-600 underline"
                >
                  {t('log.history')}
                </Link>
              )}
            </td>
            <td className="px-3 py-2">
              <span className="font-medium">{t(`log.fields.${entry.field}`)}</span>:{' '}
              {value(entry, entry.from)} → {value(entry, entry.to)}
            </td>
            <td className="px-3 py-2 text-slate-700">{entry.reason ?? ''}</td>
          </tr>
        ))}
      </ConsoleTable>
      <Pager
        page={log.page}
        hasMore={log.hasMore}
        href={(n) => consoleHref('/moderation/log', query, { page: n > 1 ? String(n) : null })}
      />
    </div>
  )
}
