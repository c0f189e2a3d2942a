// /event/{id}: the page of an event or a place (SPEC §2 "Event page"); public, the loader asks the API as the
// viewer. Screen: features/events/page/event-page.tsx; loader and action: event-page.server.ts.
// Nested routes (e.g. /event/{id}/edit) render in the screen's <Outlet />.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EventPage } from '~/features/events/page/event-page'
import { eventPageAction, loadEventPage } from '~/features/events/page/event-page.server'
import { eventMeta } from '~/features/events/page/meta'
import type { loader as rootLoader } from '~/root'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventPage', 'profile', 'report', 'fediverse'] })

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventPage(request, params.id ?? '')
}

export async function action({ request, params }: ActionFunctionArgs) {
  return eventPageAction(request, params.id ?? '')
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const locale = metaLanguage(matches)
  const text = (key: string) => metaText(locale, 'eventPage', `meta.${key}`)
  // The loader threw (404, …): the root's meta names the error page.
  if (!data) return matches.find((match) => match.id === 'root')?.meta ?? []
  if (data.kind === 'private')
    return [
      { title: `${text('privateTitle')} · ${text('siteName')}` },
      { name: 'robots', content: 'noindex' },
    ]
  return eventMeta(data.event, data, text('siteName'))
}

export { eventShouldRevalidate as shouldRevalidate } from '~/features/events/revalidation'

export default function EventPageRoute() {
  return <EventPage />
}
