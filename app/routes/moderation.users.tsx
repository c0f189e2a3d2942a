// /moderation/users: the Users table of the console (SPEC §2 "Moderation tabs"). Row actions post here.
import { routeTexts } from '~/locales/load'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { can } from '#contract'
import { moderationMeta } from '~/features/moderation/meta'
import { handleRowAction, loadUsersTable } from '~/features/moderation/moderation.server'
import { UsersTable } from '~/features/moderation/users-table'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'profile'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireAdminUser(request)
  const { setCookie, ...table } = await loadUsersTable(request, api, can(user.role, 'manageRoles'))
  return data(
    table,
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return handleRowAction(request, api, 'users')
}

export default function ModerationUsers() {
  return (
    <>
      <UsersTable data={useLoaderData<typeof loader>()} />
      {/* The editor of a row (/moderation/users/{id}) opens over the table. */}
      <Outlet />
    </>
  )
}
