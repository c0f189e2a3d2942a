// /groups: groups by name with a search, and the viewer's own and their invitations (issue 45). Screen:
// features/groups/group-list.tsx; loader and action: groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GroupListScreen } from '~/features/groups/group-list'
import { groupListAction, loadGroupList } from '~/features/groups/groups.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['groups'] })

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const locale = metaLanguage(matches)
  return [{ title: `${metaText(locale, 'groups', 'title')} · Nearby` }, { name: 'description', content: metaText(locale, 'groups', 'intro') }]
}

export async function loader({ request }: LoaderFunctionArgs) {
  return loadGroupList(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return groupListAction(request)
}

export default function GroupsRoute() {
  return <GroupListScreen />
}
