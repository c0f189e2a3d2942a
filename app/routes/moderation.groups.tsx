// /moderation/groups: the console's groups and a moderator's decision on each (issue 45). Screen:
// features/moderation/groups-tab.tsx; loader and action: groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { decideOnGroup, loadGroupsTab } from '~/features/moderation/groups.server'
import { GroupsTab } from '~/features/moderation/groups-tab'
import { moderationMeta } from '~/features/moderation/meta'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return loadGroupsTab(request, api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return decideOnGroup(request, api)
}

export default function ModerationGroups() {
  return <GroupsTab />
}
