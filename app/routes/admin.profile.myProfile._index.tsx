// /admin/profile/myProfile: the user's own posts (GET /event/my, REJECTED ones included).
import { routeTexts } from '~/locales/load'
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { loadPosts } from '~/features/profile/profile.server'
import { UserPosts } from '~/features/profile/user-posts'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList', 'profile'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const posts = await loadPosts(api, request, 'my')
  return data(posts)
}

export default function MyPosts() {
  return <UserPosts {...useLoaderData<typeof loader>()} />
}
