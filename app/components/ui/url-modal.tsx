// A modal or side drawer whose open state is the URL (?show=… or a nested route). The server renders it
// open, so it works as a page without JavaScript: Close is a link back. With JavaScript, Escape and a
// click on the backdrop close it too, focus moves into it, Tab stays inside it, and closing it gives focus
// back to what opened it.
import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { DRAWER_WIDTH_PX, MODAL_WIDTH_PX } from '#contract'
import { useFocusTrap } from './focus'
import { CloseIcon } from './icons'

export function UrlModal({
  title,
  closeTo,
  closeLabel,
  variant = 'modal',
  testId,
  children,
}: {
  title: ReactNode
  /** Where Close leads (the page without the modal). */
  closeTo: string
  closeLabel: string
  /** modal: centred, 620 px; drawer: from the right, 600 px (SPEC §9), full width on narrow screens. */
  variant?: 'modal' | 'drawer'
  testId?: string
  children: ReactNode
}) {
  const titleId = useId()
  const navigate = useNavigate()
  const panel = useRef<HTMLDivElement>(null)
  const close = () => navigate(closeTo, { preventScrollReset: true })

  useFocusTrap(panel)
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') navigate(closeTo, { preventScrollReset: true })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [closeTo, navigate])

  const placement =
    variant === 'modal'
      ? 'left-1/2 top-4 max-h-[calc(100vh-2rem)] w-[calc(100vw-1rem)] -translate-x-1/2 rounded-xl'
      : 'right-0 top-0 h-full w-full'
  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={close} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        style={{ maxWidth: variant === 'modal' ? MODAL_WIDTH_PX : DRAWER_WIDTH_PX }}
        className={`absolute overflow-y-auto bg-white p-4 shadow-xl outline-none sm:p-6 ${placement}`}
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100"
            aria-label={closeLabel}
          >
            <CloseIcon className="h-5 w-5" />
          </Link>
        </div>
        {children}
      </div>
    </div>
  )
}
