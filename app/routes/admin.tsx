// /admin/*: SPEC §2 guard — signed in AND activated; otherwise the guard screen (sign in / confirm email).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { requireActivatedUser } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActivatedUser(request)
  return null
}

export default function AdminLayout() {
  return <Outlet />
}
