// The frame of the /auth/* screens, and what they share: the signed-in user who still has to confirm the
// email (the layout's loader: layout.server.ts), and the signed-in header's texts and code loaded while a form
// is sent.
import { Outlet, useNavigation, useRouteLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { loadSignedInParts } from '~/features/layout/signed-in'
import { SIGNED_IN_NAMESPACES } from '~/i18n'
import { loadTexts } from '~/locales/load'
import type { authLayoutData } from './layout.server'

/** The signed-in user who still has to confirm the email, if any. */
export function usePendingUser() {
  return useRouteLoaderData<typeof authLayoutData>('routes/auth')?.pendingUser ?? null
}

/**
 * A form sent from these screens may sign the person in: the signed-in header's texts and code (not on a
 * visitor's pages) load while the server answers, so the page after it renders at once instead of waiting.
 */
function usePreloadSignedInTexts() {
  const submitting = useNavigation().state === 'submitting'
  useEffect(() => {
    if (!submitting) return
    void loadTexts(SIGNED_IN_NAMESPACES).catch(() => {})
    void loadSignedInParts().catch(() => {})
  }, [submitting])
}

export function AuthLayout() {
  usePreloadSignedInTexts()
  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </div>
  )
}
