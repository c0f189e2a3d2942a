// Infinite scroll of a paged list (SPEC §4, §9: 50 px from the bottom): the next page comes from the same
// loader with &only=1 and is appended; it stops when a page says there is no more. ?page stays in the
// address, so a reload or coming back renders the same pages (the loader renders 1..N without &only).
import { useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { TIMINGS } from '#contract'
import { useHydrated } from './use-hydrated'

export type PagedItems<T> = { items: T[]; page: number; hasMore: boolean }

export function useInfinitePages<T extends { _id: string }, D>(
  initial: PagedItems<T>,
  /** The fetcher's answer (the same loader's data) as a page of items. */
  pageOf: (data: D) => PagedItems<T>,
) {
  const location = useLocation()
  const fetcher = useFetcher<D>()
  const [loaded, setLoaded] = useState<PagedItems<T>>(initial)

  // New loader data (another search, a revalidation): start from it.
  useEffect(() => setLoaded(initial), [initial])

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== 'idle') return
    const next = pageOf(fetcher.data as D)
    setLoaded((current) => {
      if (next.page <= current.page) return current
      const seen = new Set(current.items.map((item) => item._id))
      const added = next.items.filter((item) => !seen.has(item._id))
      return { items: [...current.items, ...added], page: next.page, hasMore: next.hasMore && next.items.length > 0 }
    })
    // pageOf is a pure mapping given inline by the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state])

  // Only while the address is still this list's: a page that arrives after a navigation away must not
  // touch the next URL.
  const listPath = location.pathname
  useEffect(() => {
    if (loaded.page <= 1) return
    const url = new URL(window.location.href)
    if (url.pathname !== listPath) return
    if (url.searchParams.get('page') === String(loaded.page)) return
    url.searchParams.set('page', String(loaded.page))
    window.history.replaceState(window.history.state, '', url)
  }, [loaded.page, listPath])

  const loadNext = useCallback(() => {
    if (!loaded.hasMore || fetcher.state !== 'idle') return
    const params = new URLSearchParams(location.search)
    params.set('page', String(loaded.page + 1))
    params.set('only', '1')
    // The index route's own loader (not its parent's) answers only with ?index.
    if (location.pathname === '/') params.set('index', '')
    fetcher.load(`${location.pathname}?${params.toString()}`)
  }, [loaded, fetcher, location])

  const hydrated = useHydrated()
  useEffect(() => {
    if (!hydrated) return
    function onScroll() {
      const bottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight)
      if (bottom <= TIMINGS.scrollLoadThresholdPx) loadNext()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    onScroll()
    return () => window.removeEventListener('scroll', onScroll)
  }, [hydrated, loadNext])

  return { ...loaded, loading: fetcher.state !== 'idle' }
}
