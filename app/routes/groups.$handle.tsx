// /groups/{handle}: a group's page (issue 45). Screen: features/groups/group-page.tsx; loader and action:
// groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaDescriptor, MetaFunction } from '@remix-run/node'
import { GroupScreen } from '~/features/groups/group-page'
import { groupPageAction, loadGroupPage } from '~/features/groups/groups.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['groups', 'eventList', 'events'] })

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Nearby' }]
  const tags: MetaDescriptor[] = [{ title: `${data.group.name} · Nearby` }]
  if (data.group.description) tags.push({ name: 'description', content: data.group.description.slice(0, 300) })
  return tags
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadGroupPage(request, params.handle)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return groupPageAction(request, params.handle)
}

export default function GroupRoute() {
  return <GroupScreen />
}
