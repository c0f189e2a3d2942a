// /groups/{handle}/settings: a group's name and description, and deleting it (issue 45). Screen:
// features/groups/group-forms.tsx; loader and action: groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GroupSettingsScreen } from '~/features/groups/group-forms'
import { groupSettingsAction, loadGroupSettings } from '~/features/groups/groups.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['groups'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ title: `${metaText(metaLanguage(matches), 'groups', 'settings.title', { name: data.group.name })} · Nearby` }] : [{ title: 'Nearby' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadGroupSettings(request, params.handle)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return groupSettingsAction(request, params.handle)
}

export default function GroupSettingsRoute() {
  return <GroupSettingsScreen />
}
