// The moderation tables' GET forms: the filters and the column chooser (they work without JavaScript).
import { Form, Link } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_LIMITS, ADMIN_SORTS, MODERATION_STATUSES, POST_STATUSES, ROLES } from '#contract'
import { type TableColumn, type TableKind } from './columns'

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
