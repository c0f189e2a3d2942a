// SPEC §2: /admin redirects to profile/settings.
import { redirect } from '@remix-run/node'

export function loader() {
  return redirect('/admin/profile/settings')
}
