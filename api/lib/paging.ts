// A page of rows with the counts the console's tables show (page, pageSize, total, hasMore): the count and
// the page are read at once. Pages stop at MAX_LIST_DEPTH rows and counts at MAX_COUNTED, so no page costs
// more than a bounded number of rows however large the table grows (docs/decisions/033-lists-at-scale.md).
import { lastReachablePage, MAX_LIST_DEPTH } from '#contract'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { validationError } from './errors'

export interface PageQuery {
  page: number
  pageSize: number
}

/** Refuses a page past MAX_LIST_DEPTH rows (400, field `page`). */
export function assertReachable(q: PageQuery): void {
  if (q.page > lastReachablePage(q.pageSize)) throw validationError({ page: ['pageTooDeep'] })
}

/** Whether a page after this one exists and can be asked for: more rows were read and the next page is reachable. */
export function hasNextPage(q: PageQuery, moreRows: boolean): boolean {
  return moreRows && q.page < lastReachablePage(q.pageSize)
}

/** A count stops here: the console shows "more than" past it (`totalCapped`). */
export const MAX_COUNTED = MAX_LIST_DEPTH

/**
 * One page of `filtered` (through `page`, given offset and limit) and its count up to MAX_COUNTED, read at once.
 */
export async function paged<R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  q: PageQuery,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  filtered: SelectQueryBuilder<any, any, any>,
  page: (offset: number, limit: number) => Promise<R[]>,
): Promise<{ rows: R[]; page: number; pageSize: number; total: number; totalCapped: boolean; hasMore: boolean }> {
  assertReachable(q)
  const capped = filtered.select(sql<number>`1`.as('one')).limit(MAX_COUNTED + 1)
  const [counted, rows] = await Promise.all([
    db.selectFrom(capped.as('capped')).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    page(offsetOf(q), q.pageSize),
  ])
  const n = Number(counted?.n ?? 0)
  return {
    rows,
    page: q.page,
    pageSize: q.pageSize,
    total: Math.min(n, MAX_COUNTED),
    totalCapped: n > MAX_COUNTED,
    hasMore: hasNextPage(q, q.page * q.pageSize < n),
  }
}

/** The offset of a page. */
export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize

