// A dropdown built on <details>/<summary>: it opens, and its links and forms work, with JavaScript off.
// With JavaScript it also closes on an outside click, on Escape (focus returns to the toggle) and after a
// navigation, and its toggle reports aria-expanded.
import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useHydrated } from './use-hydrated'

type DropdownProps = {
  /** The visible content of the toggle. */
  summary: ReactNode
  /** Accessible name of the toggle when its content is only an icon. */
  label?: string
  align?: 'left' | 'right'
  className?: string
  summaryClassName?: string
  panelClassName?: string
  /** data-testid of the <details>, for tests. */
  testId?: string
  /** Called when the panel opens or closes (with JavaScript). */
  onOpenChange?: (open: boolean) => void
  children: ReactNode
}

export function Dropdown({
  summary,
  label,
  align = 'right',
  className = '',
  summaryClassName = '',
  panelClassName = '',
  testId,
  onOpenChange,
  children,
}: DropdownProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const summaryRef = useRef<HTMLElement>(null)
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  const location = useLocation()
  const lastLocationKey = useRef(location.key)

  // Close after a client-side navigation, even to the same URL (a full page load starts closed anyway).
  useEffect(() => {
    if (location.key !== lastLocationKey.current) {
      lastLocationKey.current = location.key
      if (detailsRef.current) detailsRef.current.open = false
    }
  }, [location.key])

  useEffect(() => {
    if (!open) return
    function close(returnFocus: boolean) {
      if (detailsRef.current) detailsRef.current.open = false
      if (returnFocus) summaryRef.current?.focus()
    }
    function onPointerDown(event: PointerEvent) {
      if (detailsRef.current && !detailsRef.current.contains(event.target as Node)) close(false)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') close(true)
    }
    function onFocusIn(event: FocusEvent) {
      if (detailsRef.current && !detailsRef.current.contains(event.target as Node)) close(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [open])

  return (
    <details
      ref={detailsRef}
      className={`group relative ${className}`}
      data-testid={testId}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open
        setOpen(isOpen)
        onOpenChange?.(isOpen)
      }}
    >
      <summary
        ref={summaryRef}
        aria-label={label}
        // Only once JavaScript keeps it in sync; without it the browser reports the state of <details>.
        aria-expanded={hydrated ? open : undefined}
        className={`flex cursor-pointer list-none items-center rounded-lg transition-colors [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      <div
        className={`absolute z-40 mt-2 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg ring-1 ring-black/5 ${
          align === 'right' ? 'right-0' : 'left-0'
        } ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  )
}

/** Shared look of the rows of a dropdown panel (links and buttons). */
export const menuItemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100'
