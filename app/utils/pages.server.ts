// Paged lists. Without JavaScript "Load more" asks for ?page=N and the loader renders pages 1..N at once
// (nothing already seen is lost); the infinite scroll's fetcher adds &only=1 and gets page N alone
// (components/ui/use-infinite-pages.ts).

/** The page asked for by ?{param}=N: 1 when absent or not a positive integer, at most `max`. */
export function requestedPages(request: Request, param: string, max: number): number {
  const value = Number(new URL(request.url).searchParams.get(param) ?? '1')
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : 1
}

/**
 * The pages a list loader renders: 1..N (at most `maxAtOnce`), or N alone with &only=1; N at most `lastPage`
 * (the API refuses pages past MAX_LIST_DEPTH rows: lastReachablePage).
 */
export function requestedPageRange(request: Request, maxAtOnce: number, lastPage = 10_000): { from: number; to: number } {
  const page = requestedPages(request, 'page', lastPage)
  if (new URL(request.url).searchParams.get('only') === '1') return { from: page, to: page }
  return { from: 1, to: Math.min(page, maxAtOnce) }
}

/** Pages from..to (or 1..`range`) of a paged API list, stopping early at the last one. */
export async function loadPages<T>(
  range: number | { from: number; to: number },
  fetchPage: (page: number) => Promise<{ items: T[]; hasMore: boolean }>,
): Promise<{ items: T[]; hasMore: boolean; pages: number; page: number }> {
  const { from, to } = typeof range === 'number' ? { from: 1, to: range } : range
  const items: T[] = []
  let hasMore = false
  let page = from
  for (let current = from; current <= to; current += 1) {
    const result = await fetchPage(current)
    items.push(...result.items)
    hasMore = result.hasMore
    page = current
    if (!hasMore) break
  }
  return { items, hasMore, pages: to, page }
}
