// /event/{id}/participants: the organizer's printable list of participants (issue 45). Screen:
// features/events/day/roster-page.tsx; loader: roster.server.ts.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { RosterScreen } from '~/features/events/day/roster-page'
import { loadRoster } from '~/features/events/day/roster.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventDay'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ title: `${metaText(metaLanguage(matches), 'eventDay', 'title', { title: data.roster.title })} · Nearby` }, { name: 'robots', content: 'noindex' }] : [{ title: 'Nearby' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRoster(request, params.id)
}

export default function RosterRoute() {
  return <RosterScreen />
}
