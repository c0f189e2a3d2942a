// /auth/* layout with the reverse guard of SPEC §2: activated users are sent to /; signed-out users and
// signed-in users who still have to confirm their email may stay. Screen: features/auth/layout.tsx.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { AuthLayout } from '~/features/auth/layout'
import { authLayoutData } from '~/features/auth/layout.server'
import { requireAnonymous } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAnonymous(request)
  return authLayoutData(user)
}

export default function AuthRoute() {
  return <AuthLayout />
}
