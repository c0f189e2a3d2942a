// /groups/{handle}/members: a group's members, roles and invitations (issue 45). Screen:
// features/groups/group-people.tsx; loader and action: groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GroupPeopleScreen } from '~/features/groups/group-people'
import { groupPeopleAction, loadGroupPeople } from '~/features/groups/groups.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['groups'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ title: `${metaText(metaLanguage(matches), 'groups', 'people.title', { name: data.group.name })} · Nearby` }] : [{ title: 'Nearby' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadGroupPeople(request, params.handle)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return groupPeopleAction(request, params.handle)
}

export default function GroupPeopleRoute() {
  return <GroupPeopleScreen />
}
