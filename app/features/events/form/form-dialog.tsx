// The dialog of FormDialogLink: the event form in a modal or a side drawer, its data from the form page's
// own loader (a fetcher). A chunk of its own (Radix, the form and its validation), loaded on first use.
import * as Dialog from '@radix-ui/react-dialog'
import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { DRAWER_WIDTH_PX, MODAL_WIDTH_PX } from '#contract'
import { useRootData } from '~/components/layout/use-root-data'
import { CloseIcon } from '~/components/ui/icons'
import { EventForm } from './event-form'
import type { EventFormLoaderData, FormDialogTitle } from './types'

export default function FormDialog({
  to,
  variant,
  title,
  onClose,
  onCloseFocus,
}: {
  to: string
  variant: 'modal' | 'drawer'
  title: FormDialogTitle
  onClose: () => void
  /** Where focus goes when it closes (the link that opened it). */
  onCloseFocus: () => void
}) {
  const { t } = useTranslation('eventForm')
  const root = useRootData()
  const fetcher = useFetcher<EventFormLoaderData>()
  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(to)
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [to])

  const panel =
    variant === 'modal'
      ? 'left-1/2 top-4 max-h-[calc(100vh-2rem)] w-[calc(100vw-1rem)] -translate-x-1/2 rounded-xl'
      : 'right-0 top-0 h-full w-full'
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onCloseFocus()
          }}
          style={{ maxWidth: variant === 'modal' ? MODAL_WIDTH_PX : DRAWER_WIDTH_PX }}
          className={`fixed z-50 overflow-y-auto bg-white p-4 shadow-xl sm:p-6 ${panel}`}
        >
          <div className="mb-4 flex items-center justify-between gap-3">
            <Dialog.Title className="text-xl font-semibold">{t(title)}</Dialog.Title>
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
