// "Load more" without JavaScript: the page asks for ?page=N and the loader renders pages 1..N at once.

/** The number of pages asked for by ?{param}=N: 1 when absent or not a positive integer, at most `max`. */
export function requestedPages(request: Request, param: string, max: number): number {
  const value = Number(new URL(request.url).searchParams.get(param) ?? '1')
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : 1
}

/** Pages 1..`pages` of a paged API list, stopping early at the last one. */
export async function loadPages<T>(
  pages: number,
  fetchPage: (page: number) => Promise<{ items: T[]; hasMore: boolean }>,
): Promise<{ items: T[]; hasMore: boolean; pages: number }> {
  const items: T[] = []
  let hasMore = false
  for (let page = 1; page <= pages; page += 1) {
    const result = await fetchPage(page)
    items.push(...result.items)
    hasMore = result.hasMore
    if (!hasMore) break
  }
  return { items, hasMore, pages }
}
