// The pieces of the moderation tables (SPEC §2 "Moderation tabs"): status badges, at most 3 images plus
// '+N', the filters and the column chooser (GET forms), and the row actions (a form post each).
import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ADMIN_LIMITS,
  ADMIN_SORTS,
  type EventImage,
  LIMITS,
  MODERATION_STATUSES,
  type ModerationIntent,
  POST_STATUSES,
  ROLES,
} from '#contract'
import { useHydrated } from '~/components/ui/use-hydrated'
import { Pager } from '~/components/ui/pager'
import { TABLE_COLUMNS, type TableColumn, type TableKind } from './columns'

const BADGE_TONES: Record<string, string> = {
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-200',
  APPROVED: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  REJECTED: 'bg-red-50 text-red-900 ring-red-200',
  ACTIVE: 'bg-slate-50 text-slate-700 ring-slate-200',
  DELETED: 'bg-slate-800 text-white ring-slate-800',
}

export function StatusBadge({
  field,
  status,
}: {
  field: 'moderationStatus' | 'moderationImageStatus' | 'postStatus'
  status: string
}) {
  const { t } = useTranslation('moderation')
  return (
    <span
      data-status={`${field}:${status}`}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[status] ?? ''}`}
    >
      {t(`statusLabel.${field}`, { status: t(`status.${status as 'PENDING'}`) })}
    </span>
  )
}

/** At most 3 thumbnails and '+N' for the rest (SPEC §9). */
export function ImagesCell({ images, title }: { images: EventImage[]; title: string }) {
  const { t } = useTranslation('moderation')
  if (images.length === 0) return <span className="text-xs text-slate-500">{t('noImages')}</span>
  const shown = images.slice(0, LIMITS.moderationRowImages)
  const more = images.length - shown.length
  return (
    <span className="flex items-center gap-1" data-testid="row-images">
      {shown.map((image, index) => (
        <a key={image._id} href={image.url} target="_blank" rel="noreferrer">
          <img
            src={image.thumbnailUrl ?? image.url}
            alt={`${title} ${index + 1}`}
            loading="lazy"
            width={40}
            height={40}
            className="h-10 w-10 rounded object-cover"
          />
        </a>
      ))}
      {more > 0 ? (
        <span className="text-xs font-medium text-slate-600">{t('moreImages', { count: more })}</span>
      ) : null}
    </span>
  )
}

/** Text cut at `max` characters with an ellipsis (place descriptions: 200, SPEC §9). */
export function truncate(
  text: string | null | undefined,
  max: number = LIMITS.moderationDescriptionTruncate,
): string {
  if (!text) return ''
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

/** A labelled <select> of the console (filters, the editors' statuses). */
export function Select({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string
  options: { value: string; label: string }[]
}) {
  const id = useId()
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Filters as a GET form: they stay in the URL, and a submit starts again at page 1. */
export function FiltersForm({ kind, values }: { kind: TableKind; values: Record<string, string> }) {
  const { t } = useTranslation('moderation')
  const queryId = useId()
  const statusOptions = [
    { value: '', label: t('filters.any') },
    ...MODERATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
  ]
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label={t('filters.label')}
      data-testid="moderation-filters"
    >
      <div className="flex flex-col text-sm">
        <label htmlFor={queryId} className="font-medium text-slate-700">
          {t('filters.query')}
        </label>
        <input
          id={queryId}
          type="search"
          name="query"
          defaultValue={values.query ?? ''}
          maxLength={ADMIN_LIMITS.queryMax}
          placeholder={
            kind === 'users' ? t('filters.queryPlaceholderUsers') : t('filters.queryPlaceholderPosts')
          }
          className="mt-1 w-56 rounded-md border border-slate-300 px-2 py-1.5"
        />
      </div>
      {kind === 'users' ? (
        <Select
          name="role"
          label={t('filters.role')}
          value={values.role ?? ''}
          options={[
            { value: '', label: t('filters.any') },
            ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
          ]}
        />
      ) : null}
      <Select
        name="moderationStatus"
        label={t('filters.moderationStatus')}
        value={values.moderationStatus ?? ''}
        options={statusOptions}
      />
      <Select
        name="moderationImageStatus"
        label={t('filters.moderationImageStatus')}
        value={values.moderationImageStatus ?? ''}
        options={statusOptions}
      />
      {kind !== 'users' ? (
        <Select
          name="postStatus"
          label={t('filters.postStatus')}
          value={values.postStatus ?? ''}
          options={[
            { value: '', label: t('filters.any') },
            ...POST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
      ) : null}
      <Select
        name="sort"
        label={t('filters.sort')}
        value={values.sort ?? 'newest'}
        options={ADMIN_SORTS.map((s) => ({ value: s, label: t(`filters.${s}`) }))}
      />
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('filters.apply')}
      </button>
      <Link to={`/moderation/${kind}`} className="py-1.5 text-sm text-brand-700 underline">
        {t('filters.reset')}
      </Link>
    </Form>
  )
}

/** The column chooser: a GET form of checkboxes (the server remembers the choice in a cookie). */
export function ColumnChooser({
  all,
  shown,
  values,
}: {
  all: readonly TableColumn[]
  shown: readonly TableColumn[]
  values: Record<string, string>
}) {
  const { t } = useTranslation('moderation')
  return (
    <details className="text-sm" data-testid="column-chooser">
      <summary className="cursor-pointer font-medium text-slate-700">{t('columns.label')}</summary>
      <Form method="get" className="mt-2 flex flex-wrap items-center gap-3">
        {/* The filters stay as they are. */}
        {Object.entries(values).map(([name, value]) =>
          name === 'page' ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <input type="hidden" name="columns" value="1" />
        {all
          .filter((c) => c !== 'actions')
          .map((column) => (
            <label key={column} className="flex items-center gap-1">
              <input type="checkbox" name="col" value={column} defaultChecked={shown.includes(column)} />
              {t(`columns.${column}`)}
            </label>
          ))}
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-1 hover:bg-slate-50"
        >
          {t('columns.apply')}
        </button>
      </Form>
    </details>
  )
}

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

/** A console URL with these query values, changed by `changes` (null removes one). */
export function consoleHref(
  path: string,
  values: Record<string, string>,
  changes: Record<string, string | null> = {},
): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...values, ...changes })) if (value) params.set(name, value)
  const search = params.toString()
  return `${path}${search ? `?${search}` : ''}`
}

/**
 * The frame of every console table: the API's message for a refused query, the count, and the table with its
 * header row — or the empty state.
 */
export function ConsoleTable({
  total,
  totalCapped,
  queryError,
  headers,
  children,
}: {
  total: number
  /** The API stopped counting at `total`: more match. */
  totalCapped: boolean
  queryError: string | null
  headers: string[]
  /** The rows; none: the empty state. */
  children: ReactNode[]
}) {
  const { t } = useTranslation('moderation')
  return (
    <>
      {queryError ? (
        <p role="alert" className="text-sm text-red-700">
          {queryError}
        </p>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="moderation-total">
        {t(totalCapped ? 'totalCapped' : 'total', { count: total })}
      </p>
      {children.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {t('empty')}
        </p>
      ) : (
        // The table scrolls in its own box (relative: so a visually hidden label inside it cannot widen the
        // page), and the last column, the row's actions, stays in view at the box's right edge on a phone.
        <div className="relative overflow-x-auto rounded-lg border border-slate-200" data-testid="console-table">
          <table className="min-w-full divide-y divide-slate-200 text-sm [&_td:last-child]:bg-white [&_th:last-child]:bg-slate-50 [&_tr>*:last-child]:sticky [&_tr>*:last-child]:right-0 [&_tr>*:last-child]:shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.3)] sm:[&_tr>*:last-child]:shadow-none">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className="px-3 py-2">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
          </table>
        </div>
      )}
    </>
  )
}

/**
 * A Users, Events or Places tab: its filters and column chooser, the chosen cells of every row (the refused
 * query, the count and the empty state through ConsoleTable), and the pager.
 */
export function KindTable<Row extends { _id: string }>({
  kind,
  query,
  chosen,
  shown,
  rows,
  page,
  queryError,
  cell,
}: {
  kind: TableKind
  query: Record<string, string>
  /** The columns picked in the chooser. */
  chosen: readonly TableColumn[]
  /** The columns shown (the chosen ones this viewer may see). */
  shown: readonly TableColumn[]
  rows: Row[]
  page: { page: number; total: number; totalCapped: boolean; hasMore: boolean }
  queryError: string | null
  cell: (row: Row, column: TableColumn) => ReactNode
}) {
  const { t } = useTranslation('moderation')
  return (
    <div className="space-y-3">
      <FiltersForm kind={kind} values={query} />
      <ColumnChooser all={TABLE_COLUMNS[kind]} shown={chosen} values={query} />
      <ConsoleTable
        total={page.total}
        totalCapped={page.totalCapped}
        queryError={queryError}
        headers={shown.map((column) => t(`columns.${column}`))}
      >
        {rows.map((row) => (
          <tr key={row._id} data-testid={`row-${row._id}`} className="align-top">
            {shown.map((column) => (
              <td key={column} className="px-3 py-2">
                {cell(row, column)}
              </td>
            ))}
          </tr>
        ))}
      </ConsoleTable>
      <Pager
        page={page.page}
        hasMore={page.hasMore}
        href={(n) => consoleHref(`/moderation/${kind}`, query, { page: n > 1 ? String(n) : null })}
      />
    </div>
  )
}
