// /admin/profile/settings/calendar: the personal calendar feed (decision 029). Screen:
// features/settings/calendar.tsx; loader and action: calendar.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CalendarSettings } from '~/features/settings/calendar'
import { loadCalendarFeed, resetCalendarFeed } from '~/features/settings/calendar.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadCalendarFeed(api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return resetCalendarFeed(request, api)
}

export default function CalendarSettingsRoute() {
  return <CalendarSettings />
}
