// An unknown settings section leads to the settings page.
import { redirect } from '@remix-run/node'

export function loader() {
  return redirect('/admin/profile/settings')
}
