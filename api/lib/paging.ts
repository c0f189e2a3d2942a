// A page of rows with the counts the console's tables show (page, pageSize, total, hasMore): the count and
// the page are read at once.
export interface PageQuery {
  page: number
  pageSize: number
}

export async function paged<R>(
  q: PageQuery,
  count: Promise<{ n: string | number } | undefined>,
  rows: Promise<R[]>,
): Promise<{ rows: R[]; page: number; pageSize: number; total: number; hasMore: boolean }> {
  const [counted, items] = await Promise.all([count, rows])
  const total = Number(counted?.n ?? 0)
  return { rows: items, page: q.page, pageSize: q.pageSize, total, hasMore: q.page * q.pageSize < total }
}

/** The offset of a page. */
export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize
