// /places: places (venues) near a city, as cards and on a map (SPEC §2 "Home and places screens").
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { listMeta } from '~/features/events/list/meta'
import { EventsScreen } from '~/features/events/list/events-screen'
import { loadEventList } from '~/features/events/list/list.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList', 'fediverse'] })

export const meta: MetaFunction<typeof loader> = (args) => listMeta(args)

export async function loader({ request }: LoaderFunctionArgs) {
  return loadEventList(request, 'PLACE')
}

export default function Places() {
  return <EventsScreen data={useLoaderData<typeof loader>()} />
}
