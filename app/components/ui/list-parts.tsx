// Small pieces every paged list shares: the empty state and the "Load more" link that works without
// JavaScript (the loader renders pages 1..N).
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p data-testid={testId} className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-500">
      {children}
    </p>
  )
}

export function LoadMoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-4 text-center">
      <Link to={to} preventScrollReset className="text-brand-600 underline">
        {children}
      </Link>
    </p>
  )
}

/** A notice above a profile or post while moderation has not approved it (pending: amber; rejected: red). */
export function ModerationNotice({ texts, testId }: { texts: Array<{ text: string; rejected: boolean }>; testId: string }) {
  if (!texts.length) return null
  const rejected = texts.some((text) => text.rejected)
  return (
    <div
      role="status"
      data-testid={testId}
      className={`rounded-xl border px-4 py-3 text-sm ${
        rejected ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900'
      }`}
    >
      <ul className="space-y-1">
        {texts.map((text) => (
          <li key={text.text}>{text.text}</li>
        ))}
      </ul>
    </div>
  )
}
