// /auth/* layout with the reverse guard of SPEC §2: activated users are sent to /; signed-out users and
// signed-in users who still have to confirm their email may stay.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useRouteLoaderData } from '@remix-run/react'
import { requireAnonymous } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAnonymous(request)
  return { pendingUser: user ? { email: user.email, username: user.username } : null }
}

/** The signed-in user who still has to confirm the email, if any. */
export function usePendingUser() {
  return useRouteLoaderData<typeof loader>('routes/auth')?.pendingUser ?? null
}

export default function AuthLayout() {
  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </div>
  )
}
