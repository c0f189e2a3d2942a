// A row's decisions in the moderation tables: one form post each (approve, reject, delete…), with a reason.
import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_LIMITS, type ModerationIntent } from '#contract'
import { useHydrated } from '~/components/ui/use-hydrated'
import { type TableKind } from './columns'

const ACTION_LABELS: Record<ModerationIntent, string> = {
  approve: 'actions.approve',
  rejectInfo: 'actions.rejectInfo',
  rejectImage: 'actions.rejectImage',
  delete: 'actions.delete',
  restore: 'actions.restore',
}

/**
 * A row's decisions: one form with the optional reason and a button per action. Without JavaScript it posts
 * and the page comes back at the same filters and page; with it a fetcher posts in place.
 */
export function RowActions({
  kind,
  id,
  name,
  intents,
  editHref,
}: {
  kind: TableKind
  id: string
  name: string
  intents: ModerationIntent[]
  /** Edit (super admin only, SPEC §6): a link that opens the editor. */
  editHref: string | null
}) {
  const { t } = useTranslation('moderation')
  const fetcher = useFetcher()
  const hydrated = useHydrated()
  const location = useLocation()
  const reasonId = useId()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form
      method="post"
      action={`/moderation/${kind}`}
      preventScrollReset
      className="flex min-w-40 flex-col gap-1.5 sm:min-w-56"
      aria-label={t('rowActions', { name })}
      data-testid={`row-actions-${id}`}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <label htmlFor={reasonId} className="sr-only">
        {t('reason')}
      </label>
      <input
        id={reasonId}
        name="reason"
        maxLength={ADMIN_LIMITS.reasonMax}
        placeholder={t('reason')}
        title={t('reasonPlaceholder')}
        className="rounded-md border border-slate-300 px-2 py-1 text-xs"
      />
      <span className="flex flex-wrap gap-1">
        {intents.map((intent) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            disabled={busy}
            className={`rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset disabled:opacity-50 ${
              intent === 'approve' || intent === 'restore'
                ? 'bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800'
                : 'bg-white text-red-800 ring-red-300 hover:bg-red-50'
            }`}
          >
            {kind === 'users' && intent === 'rejectInfo'
              ? t('actions.rejectInformation')
              : t(ACTION_LABELS[intent])}
          </button>
        ))}
        {editHref ? (
          <Link
            to={editHref}
            preventScrollReset
            className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 ring-1 ring-inset ring-brand-300 hover:bg-brand-50"
          >
            {t('actions.edit')}
          </Link>
        ) : null}
      </span>
    </fetcher.Form>
  )
}

/** The actions that change something for a row in its current state. */
export function intentsFor(row: {
  moderationStatus: string
  moderationImageStatus: string
  postStatus?: string
}): ModerationIntent[] {
  const intents: ModerationIntent[] = []
  if (row.moderationStatus !== 'APPROVED' || row.moderationImageStatus !== 'APPROVED') intents.push('approve')
  if (row.moderationStatus !== 'REJECTED') intents.push('rejectInfo')
  if (row.moderationImageStatus !== 'REJECTED') intents.push('rejectImage')
  if (row.postStatus === 'ACTIVE') intents.push('delete')
  if (row.postStatus === 'DELETED') intents.push('restore')
  return intents
}
