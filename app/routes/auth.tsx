// /auth/* layout with the reverse guard of SPEC §2: activated users are sent to /; signed-out users and
// signed-in users who still have to confirm their email may stay.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useNavigation, useRouteLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { SIGNED_IN_NAMESPACES } from '~/i18n'
import { loadTexts } from '~/locales/load'
import { requireAnonymous } from '~/utils/auth.server'
import { useTranslation } from '~/utils/use-translation'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAnonymous(request)
  return { pendingUser: user ? { email: user.email, username: user.username } : null }
}

/** The signed-in user who still has to confirm the email, if any. */
export function usePendingUser() {
  return useRouteLoaderData<typeof loader>('routes/auth')?.pendingUser ?? null
}

/**
 * A form sent from these screens may sign the person in: the signed-in header's texts (not on a visitor's
 * pages) load while the server answers, so the page after it renders at once instead of waiting for them.
 */
function usePreloadSignedInTexts() {
  const submitting = useNavigation().state === 'submitting'
  const { language } = useTranslation().i18n
  useEffect(() => {
    if (submitting) void loadTexts(language, SIGNED_IN_NAMESPACES).catch(() => {})
  }, [submitting, language])
}

export default function AuthLayout() {
  usePreloadSignedInTexts()
  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </div>
  )
}
