// POST /auth/logout: ends the session (features/auth/logout.server.ts) and goes to / with the toast
// signedOut. A GET never signs anyone out. Outside the /auth layout on purpose: its reverse guard must not
// run for signed-in users who sign out.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { signOut } from '~/features/auth/logout.server'

export function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request)
}
