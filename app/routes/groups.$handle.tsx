// /groups/{handle}: a group's page (issue 45). Screen: features/groups/group-page.tsx; loader and action:
// groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaDescriptor, MetaFunction } from '@remix-run/node'
import { GroupScreen } from '~/features/groups/group-page'
import { groupPageAction, loadGroupPage } from '~/features/groups/groups.server'
import { calendarFeedPaths } from '#contract'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['groups', 'eventList', 'events'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: 'Nearby' }]
  const { name, description, handle, status } = data.group
  const tags: MetaDescriptor[] = [{ title: `${name} · Nearby` }]
  if (description) tags.push({ name: 'description', content: description.slice(0, 300) })
  // Feed readers find the group's Atom feed from the page.
  const apiUrl = ((matches.find((match) => match.id === 'root')?.data as { ENV?: { PUBLIC_API_URL?: string } } | undefined)?.ENV?.PUBLIC_API_URL ?? '').replace(/\/+$/, '')
  if (apiUrl && status === 'ACTIVE')
    tags.push({
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: metaText(metaLanguage(matches), 'groups', 'feeds.atomTitle', { name }),
      href: `${apiUrl}${calendarFeedPaths.group(handle, 'atom')}`,
    })
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
