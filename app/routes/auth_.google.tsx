// POST /auth/google: the Google Identity Services callback in redirect mode (a GET goes to /auth). server.mjs
// lets this one path through its cross-site check; the action (features/auth/google.server.ts) does the
// CSRF check itself.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { signInWithGoogle } from '~/features/auth/google.server'

export function loader() {
  return redirect('/auth')
}

export async function action({ request }: ActionFunctionArgs) {
  return signInWithGoogle(request)
}
