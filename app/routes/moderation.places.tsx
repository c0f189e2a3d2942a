// /moderation/places: the Places table of the console (SPEC §2 "Moderation tabs"). Row actions post here.
import { routeTexts } from '~/locales/load'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { can } from '#contract'
import { handleRowAction, loadPostsTable } from '~/features/moderation/moderation.server'
import { PostsTable } from '~/features/moderation/posts-table'
import { moderationMeta } from '~/features/moderation/meta'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'profile'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireAdminUser(request)
  const { setCookie, ...table } = await loadPostsTable(
    request,
    api,
    'places',
    can(user.role, 'editAnyContent'),
  )
  return data(
    table,
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return handleRowAction(request, api, 'places')
}

export default function ModerationPlaces() {
  return (
    <>
      <PostsTable kind="places" data={useLoaderData<typeof loader>()} />
      {/* The editor of a row (/moderation/places/{id}) opens over the table. */}
      <Outlet />
    </>
  )
}
