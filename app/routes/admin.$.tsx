// SPEC §2: /admin/profile/* leads to settings/*, and any other admin path redirects to profile/settings
// (myProfile/* joins with the profile issue).
import { redirect } from '@remix-run/node'

export function loader() {
  return redirect('/admin/profile/settings')
}
