// The people list (/users): a GET search form (?query=), 12 per page; without JavaScript "Load more" renders
// pages 1..N; with it the list loads on scroll (50 px from the bottom) and the search runs as you type
// (debounced). Loader: users.server.ts.
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { PROFILE_LIMITS, type ProfileCard } from '#contract'
import { EmptyState } from '~/components/ui/list-parts'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useInfinitePages, type LoadedPages } from '~/components/ui/use-infinite-pages'
import type { searchUsers, UsersData } from './users.server'
import { UserCard } from './user-card'

const SEARCH_DEBOUNCE_MS = 500

function usersPage(data: UsersData): LoadedPages<ProfileCard> {
  return { items: data.users, page: data.page, hasMore: data.hasMore }
}

const userId = (user: ProfileCard) => user._id

export function UsersScreen() {
  const { t } = useTranslation('users')
  const loaded = useLoaderData<typeof searchUsers>()
  const { items: users, page, hasMore, loading } = useInfinitePages<UsersData, ProfileCard>(loaded, usersPage, userId)
  const hydrated = useHydrated()
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  // A pending search-as-you-type must not fire after the person pressed Search or followed a link: it would
  // replace that navigation with the list again.
  const navigationState = useNavigation().state
  useEffect(() => {
    if (navigationState !== 'idle') clearTimeout(timer.current)
  }, [navigationState])

  return (
    <section className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <Form method="get" role="search" className="flex max-w-xl gap-2" onSubmit={() => clearTimeout(timer.current)}>
        <label htmlFor="users-query" className="sr-only">
          {t('searchLabel')}
        </label>
        <div className="min-w-0 flex-1">
          <input
            id="users-query"
            type="search"
            name="query"
            defaultValue={loaded.query}
            // A new search (or the same one again after navigating) starts from its own value.
            key={loaded.query}
            maxLength={PROFILE_LIMITS.searchQueryMax + 50}
            placeholder={t('searchPlaceholder')}
            aria-invalid={loaded.queryError ? true : undefined}
            aria-describedby={loaded.queryError ? 'users-query-error' : undefined}
            onChange={(event) => {
              if (!hydrated) return
              const form = event.currentTarget.form
              clearTimeout(timer.current)
              timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS)
            }}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {loaded.queryError ? (
            <p id="users-query-error" role="alert" className="mt-1 text-sm text-red-700">
              {loaded.queryError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t('search')}
        </button>
      </Form>
      {users.length === 0 && !loaded.queryError ? (
        <EmptyState testId="users-empty">{loaded.query ? t('emptyQuery', { query: loaded.query }) : t('empty')}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="users">
          {users.map((user) => (
            <li key={user._id}>
              <UserCard user={user} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-center text-sm text-slate-600" aria-live="polite">
        {loading ? t('loading') : null}
        {!loading && hasMore ? (
          <Link
            to={`?${new URLSearchParams({ ...(loaded.query ? { query: loaded.query } : {}), page: String(page + 1) }).toString()}`}
            preventScrollReset
            className="text-brand-600 underline"
          >
            {t('loadMore')}
          </Link>
        ) : null}
        {!hasMore && users.length > 0 && page > 1 ? t('end') : null}
      </p>
    </section>
  )
}
