// /event/{id}/checkin: the door, for the event's organizers (issue 45). Screen: features/events/day/door-page.tsx;
// loader and action: roster.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { DoorScreen } from '~/features/events/day/door-page'
import { doorAction, loadDoor } from '~/features/events/day/roster.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventDay'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ title: `${metaText(metaLanguage(matches), 'eventDay', 'door')} · ${data.roster.title}` }, { name: 'robots', content: 'noindex' }] : [{ title: 'Nearby' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDoor(request, params.id)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return doorAction(request, params.id)
}

export default function DoorRoute() {
  return <DoorScreen />
}
