// A link to a form page (/event/new, /place/new, /event/{id}/edit) that, with JavaScript, opens the same
// form in a modal (620 px, SPEC §9) or a side drawer (600 px; full width on narrow screens) instead of
// leaving the page. The form's data comes from the page's own loader (a fetcher), and the form posts to
// the page's action, so a success navigates with its toast; without JavaScript it is a plain link. Radix
// keeps focus inside the open dialog; closing it (Escape, Close, the backdrop) gives focus back to the link,
// or to the toggle of the dropdown the link was in.
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DRAWER_WIDTH_PX, MODAL_WIDTH_PX } from '#contract'
import { useRootData } from '~/components/layout/use-root-data'
import { focusOpener } from '~/components/ui/focus'
import { CloseIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { EventForm } from './event-form'
import type { EventFormLoaderData } from './types'

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
  title: string
  className?: string
  children: ReactNode
}) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const root = useRootData()
  const location = useLocation()
  const fetcher = useFetcher<EventFormLoaderData>()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLAnchorElement>(null)
  const closedByNavigation = useRef(false)
  // A navigation (the form's success redirect) closes it; focus then stays with the new page.
  useEffect(() => {
    closedByNavigation.current = true
    setOpen(false)
  }, [location.key])

  if (!hydrated)
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    )

  const panel =
    variant === 'modal'
      ? 'left-1/2 top-4 max-h-[calc(100vh-2rem)] w-[calc(100vw-1rem)] -translate-x-1/2 rounded-xl'
      : 'right-0 top-0 h-full w-full'
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <a
        ref={opener}
        href={to}
        className={className}
        onClick={(event) => {
          // A new tab or window (modifier keys) still gets the page.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          closedByNavigation.current = false
          setOpen(true)
          if (fetcher.state === 'idle') fetcher.load(to)
        }}
      >
        {children}
      </a>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (!closedByNavigation.current) focusOpener(opener.current)
          }}
          style={{ maxWidth: variant === 'modal' ? MODAL_WIDTH_PX : DRAWER_WIDTH_PX }}
          className={`fixed z-50 overflow-y-auto bg-white p-4 shadow-xl sm:p-6 ${panel}`}
        >
          <div className="mb-4 flex items-center justify-between gap-3">
            <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label={t('cancel')}>
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {fetcher.data ? (
            <EventForm
              {...fetcher.data}
              timeZone={root?.ENV.TIME_ZONE ?? 'UTC'}
              actionData={undefined}
              action={to}
            />
          ) : (
            <p className="text-sm text-slate-500">{t('loading')}</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
