// The forms that answer in place once the page runs (Join, Like, Follow…) and with a redirect before it does.
import { type FetcherWithComponents } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ENHANCED_FIELD } from '~/utils/enhanced'

/**
 * A form that works without JavaScript (the browser posts it; the action answers with a redirect and a toast)
 * and, once the page runs, posts through `fetcher` with the enhanced marker, so the action answers the new
 * state as data. The marker is added when the submission is handled, not when the page renders: a press
 * between hydration and the first effect (a slow phone, the page still starting) is a fetcher submission
 * too, and must not get the redirect meant for a plain post, which a fetcher does not reload the page for
 * (issue 39: the like was saved but the page kept its old count).
 */
export function EnhancedForm({
  fetcher,
  action,
  className,
  children,
}: {
  fetcher: FetcherWithComponents<unknown>
  action: string
  className?: string
  children: ReactNode
}) {
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        const formData = new FormData(event.currentTarget)
        // The pressed button's name and value, as a browser's own submission would carry them.
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        if (submitter instanceof HTMLButtonElement && submitter.name) formData.set(submitter.name, submitter.value)
        formData.set(ENHANCED_FIELD, '1')
        fetcher.submit(formData, { method: 'post', action })
      }}
    >
      {children}
    </fetcher.Form>
  )
}
