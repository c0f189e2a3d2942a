// SPEC §2: any other /auth path redirects to /auth.
import { redirect } from '@remix-run/node'

export function loader() {
  return redirect('/auth')
}

export function action() {
  return redirect('/auth')
}
