// A link to a form page (/event/new, /place/new, /event/{id}/edit) that, with JavaScript, opens the same
// form in a modal (620 px, SPEC §9) or a side drawer (600 px; full width on narrow screens) instead of
// leaving the page. The form's data comes from the page's own loader (a fetcher), and the form posts to
// the page's action, so a success navigates with its toast; without JavaScript it is a plain link. The
// dialog (Radix, the form, its validation) is a chunk of its own, fetched with its texts (the eventForm
// namespace) when the link is pointed at, focused or clicked: pages that only show the link do not pay for
// either. Radix keeps focus inside the open
// dialog; closing it (Escape, Close, the backdrop) gives focus back to the link, or to the toggle of the
// dropdown the link was in.
import { Link, useLocation } from '@remix-run/react'
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { focusOpener } from '~/components/ui/focus'
import { useHydrated } from '~/components/ui/use-hydrated'
import { loadTexts } from '~/locales/load'
import type { FormDialogTitle } from './types'

const loadDialog = () => Promise.all([import('./form-dialog'), loadTexts(['eventForm'])]).then(([dialog]) => dialog)
const FormDialog = lazy(loadDialog)

export function FormDialogLink({
  to,
  variant,
  title,
  className,
  children,
}: {
  to: string
  variant: 'modal' | 'drawer'
  /** The dialog's heading. */
  title: FormDialogTitle
  className?: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  // A navigation (the form's success redirect) closes it, in the render that shows the new page (React's way
  // to adjust state to a changed prop); focus then stays with the new page.
  const [pageKey, setPageKey] = useState(location.key)
  if (location.key !== pageKey) {
    setPageKey(location.key)
    setOpen(false)
  }
  /** Closed by its reader (Escape, Close, the backdrop) rather than by a navigation: focus goes back to the link. */
  const closedHere = useRef(false)

  if (!hydrated)
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    )

  return (
    <>
      <a
        ref={link}
        href={to}
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={(event) => {
          // A new tab or window (modifier keys) still gets the page.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          closedHere.current = false
          setOpen(true)
        }}
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <FormDialog
            to={to}
            variant={variant}
            title={title}
            onClose={() => {
              closedHere.current = true
              setOpen(false)
            }}
            onCloseFocus={() => {
              if (closedHere.current) focusOpener(link.current)
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
