// Unknown myProfile sub-pages lead to myProfile.
import { redirect } from '@remix-run/node'

export function loader() {
  return redirect('/admin/profile/myProfile')
}
