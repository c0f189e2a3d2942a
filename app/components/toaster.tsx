// The flash toast of the last mutation. Rendered by the server (role=status) so it shows with JavaScript
// off, where a CSS animation fades it out after a while; with JavaScript it has a close button and
// dismisses itself after ~5 s.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Toast } from '~/utils/toast.server'
import { CheckIcon, CloseIcon } from './ui/icons'
import { useHydrated } from './ui/use-hydrated'

export const TOAST_DURATION_MS = 5000
const TOAST_SHOWN_EVENT = 'nearby:toast-shown'
let toastCounter = 0

const tone = {
  success: 'border-green-200 bg-white text-slate-900 [--toast-accent:theme(colors.green.600)]',
  info: 'border-brand-100 bg-white text-slate-900 [--toast-accent:theme(colors.brand.600)]',
  error: 'border-red-200 bg-red-50 text-red-900 [--toast-accent:theme(colors.red.600)]',
} as const

export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation('common')
  const hydrated = useHydrated()
  const [visible, setVisible] = useState<Toast | null>(toast)
  const [lastToast, setLastToast] = useState<Toast | null>(toast)
  const element = useRef<HTMLDivElement>(null)

  // A new toast (each loader run that carries one makes a new object) shows and starts its own timer. A
  // run without one (a revalidation after a fetcher's post, e.g. a card's view) leaves the current toast
  // until its time is up. Only one toast is shown at a time: a route may render its own Toaster (an
  // action's error), which replaces the flash. Set during render (React's way to adjust state to a changed
  // prop), so the new toast shows in this very render.
  if (toast !== lastToast) {
    setLastToast(toast)
    if (toast) setVisible(toast)
  }

  useEffect(() => {
    if (!visible) return
    const id = ++toastCounter
    window.dispatchEvent(new CustomEvent(TOAST_SHOWN_EVENT, { detail: id }))
    function onOtherToast(event: Event) {
      if ((event as CustomEvent<number>).detail !== id) setVisible(null)
    }
    window.addEventListener(TOAST_SHOWN_EVENT, onOtherToast)
    // Its time counts from when it is on screen, not from when it was rendered: a page that waits for its
    // texts or code after a navigation keeps the new content hidden meanwhile, and a timer started then
    // could run out before anyone saw the toast.
    let timer: ReturnType<typeof setTimeout> | undefined
    const startTimer = () => {
      timer ??= setTimeout(() => setVisible(null), TOAST_DURATION_MS)
    }
    const target = element.current
    const observer =
      target && 'IntersectionObserver' in window
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) {
              observer?.disconnect()
              startTimer()
            }
          })
        : null
    if (observer && target) observer.observe(target)
    else startTimer()
    return () => {
      observer?.disconnect()
      clearTimeout(timer)
      window.removeEventListener(TOAST_SHOWN_EVENT, onOtherToast)
    }
  }, [visible])

  if (!visible) return null
  return (
    <>
      {/* Room under the footer while a toast shows, so it never covers the footer's links and version. */}
      <div aria-hidden="true" data-testid="toast-spacer" className="h-24" />
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 sm:justify-end sm:p-5">
        <div
          ref={element}
          role="status"
          aria-live="polite"
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${
            tone[visible.type]
          } ${hydrated ? '' : 'animate-toast-out'}`}
        >
          <span className="mt-0.5 text-[color:var(--toast-accent)]">
            {visible.type === 'error' ? (
              <span aria-hidden="true" className="font-bold">
                !
              </span>
            ) : (
              <CheckIcon className="h-4 w-4" />
            )}
          </span>
          {/* Already in the reader's language (the root loader's toastInLanguage, or an API message). */}
          <p className="flex-1">{visible.message}</p>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setVisible(null)}
              aria-label={t('toastClose')}
              className="-m-1 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      </div>
    </>
  )
}
