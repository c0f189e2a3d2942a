// Links to the API's public calendar feeds (decision 029): an organizer's, a place's and a city's. Plain links
// to the API's public address (PUBLIC_API_URL), so they work without JavaScript and calendar apps can
// subscribe to the address they point to.
import type { ReactNode } from 'react'
import { useRootData } from '~/components/layout/use-root-data'
import { CalendarIcon } from '~/components/ui/icons'

/** The absolute address of an API path as the browser reaches it. */
export function useApiUrl(path: string): string {
  const base = (useRootData()?.ENV.PUBLIC_API_URL ?? '').replace(/\/+$/, '')
  return `${base}${path}`
}

export function FeedLink({ path, children, testId, className = '' }: { path: string; children: ReactNode; testId?: string; className?: string }) {
  const href = useApiUrl(path)
  return (
    <a href={href} type="text/calendar" data-testid={testId} className={`inline-flex items-center gap-1.5 text-sm text-slate-600 underline hover:text-slate-900 ${className}`}>
      <CalendarIcon className="h-4 w-4 shrink-0" />
      {children}
    </a>
  )
}
