// /admin/profile/myProfile: the user's own posts (GET /event/my, REJECTED ones included).
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { loadPosts } from '~/components/profile/profile.server'
import { UserPosts } from '~/components/profile/user-posts'
import { requireActivatedUser } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const posts = await loadPosts(api, request, 'my')
  return data(posts)
}

export default function MyPosts() {
  return <UserPosts {...useLoaderData<typeof loader>()} />
}
