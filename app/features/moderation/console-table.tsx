// The moderation console's table frame: links that keep the table's query, the table with its pager, and a
// table of one kind (events, places, users) with its chosen columns.
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '~/components/ui/pager'
import { TABLE_COLUMNS, type TableColumn, type TableKind } from './columns'
import { ColumnChooser, FiltersForm } from './table-controls'

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
