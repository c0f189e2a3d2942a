// Unknown moderation paths open the first tab.
import { redirect } from '@remix-run/node'

export function loader() {
  return redirect('/moderation/users')
}
