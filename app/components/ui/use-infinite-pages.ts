// Infinite scroll over a paged loader (SPEC §4 and §9: the next page loads 50 px from the bottom). The
// loader renders pages 1..N for ?page=N (the "Load more" link without JavaScript) and page N alone with
// &only=1 (app/utils/pages.server.ts). With JavaScript this hook asks for the next page that way with a
// fetcher, appends it, keeps ?page in the address so a reload shows the same pages, and stops when the
// API says there is no more or a page comes back empty.
import { useFetcher, useLocation, useMatches } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { TIMINGS } from '#contract'
import { useHydrated } from './use-hydrated'

export type LoadedPages<T> = { items: T[]; page: number; hasMore: boolean }

/** The list's address without the paging parameters: pages of one list share it. */
function listKey(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  for (const key of ['page', 'only', 'index']) params.delete(key)
  params.sort()
  return `${pathname}?${params.toString()}`
}

/**
 * `data` is the route's loader data; `toPages` reads its items, page and hasMore, `idOf` names an item
 * (a page that overlaps the one before, after an insert, adds no duplicates). Both must be stable
 * (module-level functions): they are effect dependencies.
 */
export function useInfinitePages<D, T>(
  data: D,
  toPages: (data: D) => LoadedPages<T>,
  idOf: (item: T) => string,
) {
  const location = useLocation()
  const matches = useMatches()
  const fetcher = useFetcher<D>()
  const [loaded, setLoaded] = useState<LoadedPages<T>>(() => toPages(data))
  const currentList = listKey(location.pathname, location.search)
  /**
   * The list and page last asked for. Scroll events come faster than the fetcher's
   * state changes (a second load of the same page was a second request), and until the answer arrives the
   * fetcher still holds the previous page's, which must not count as this one's.
   */
  const requested = useRef<{ list: string; page: number } | null>(null)

  // New loader data. Another list (search, filter): start from it. The same list again (a revalidation
  // after a post on the page: a card's view, the bell, the language): fresh items for the pages it has,
  // and the pages loaded by scrolling stay (the router's address knows nothing of them).
  const dataList = useRef(currentList)
  useEffect(() => {
    const fresh = toPages(data)
    const sameList = dataList.current === currentList
    dataList.current = currentList
    setLoaded((current) => {
      if (!sameList || fresh.page >= current.page) return fresh
      const freshIds = new Set(fresh.items.map(idOf))
      const rest = current.items.slice(fresh.items.length).filter((item) => !freshIds.has(idOf(item)))
      return { items: [...fresh.items, ...rest], page: current.page, hasMore: current.hasMore }
    })
    // Runs for new data only; currentList is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, toPages, idOf])

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== 'idle') return
    // A page asked for before the search changed belongs to the previous list; and each answer is used
    // once (the effect runs again when the address changes).
    const pending = requested.current
    if (!pending || pending.list !== currentList) return
    const next = toPages(fetcher.data)
    if (next.page !== pending.page) return
    setLoaded((current) => {
      if (next.page <= current.page) return current
      const seen = new Set(current.items.map(idOf))
      const added = next.items.filter((item) => !seen.has(idOf(item)))
      return {
        items: [...current.items, ...added],
        page: next.page,
        hasMore: next.hasMore && next.items.length > 0,
      }
    })
  }, [fetcher.data, fetcher.state, currentList, toPages, idOf])

  // Keep ?page in the address. Only while the address is still this list's: a page that arrives after a
  // navigation away must not touch the next URL.
  const listPath = location.pathname
  useEffect(() => {
    if (loaded.page <= 1) return
    const url = new URL(window.location.href)
    if (url.pathname !== listPath) return
    if (url.searchParams.get('page') === String(loaded.page)) return
    url.searchParams.set('page', String(loaded.page))
    window.history.replaceState(window.history.state, '', url)
  }, [loaded.page, listPath])

  // An index route's own loader (not its parent's) answers a fetcher only with ?index.
  const isIndexRoute = matches.at(-1)?.id.endsWith('_index') ?? false
  const loadNext = useCallback(() => {
    if (!loaded.hasMore || fetcher.state !== 'idle') return
    // Until the page state catches up with an answer, this runs with the page before it: a page at or past
    // the next one already asked for is not asked for again.
    if (requested.current?.list === currentList && requested.current.page >= loaded.page + 1) return
    requested.current = { list: currentList, page: loaded.page + 1 }
    const params = new URLSearchParams(location.search)
    params.set('page', String(loaded.page + 1))
    params.set('only', '1')
    if (isIndexRoute) params.set('index', '')
    fetcher.load(`${location.pathname}?${params.toString()}`)
  }, [loaded, fetcher, location, isIndexRoute, currentList])

  const hydrated = useHydrated()
  useEffect(() => {
    if (!hydrated) return
    function onScroll() {
      const bottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight)
      if (bottom <= TIMINGS.scrollLoadThresholdPx) loadNext()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    // Also at once: a first page shorter than the window cannot be scrolled.
    onScroll()
    return () => window.removeEventListener('scroll', onScroll)
  }, [hydrated, loadNext])

  return { ...loaded, loading: fetcher.state !== 'idle' }
}
