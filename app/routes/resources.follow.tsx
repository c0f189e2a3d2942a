// POST /resources/follow {userId, intent: follow|unfollow, redirectTo}: every Follow/Unfollow button of the
// web (features/profile/follow.server.ts). A GET goes to /users.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { follow } from '~/features/profile/follow.server'

export async function loader() {
  return redirect('/users')
}

export async function action({ request }: ActionFunctionArgs) {
  return follow(request)
}
