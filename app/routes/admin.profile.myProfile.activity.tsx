// /admin/profile/myProfile/activity: the activity list, newest first with "Load more". Screen:
// features/profile/activity.tsx.
import { routeTexts } from '~/locales/load'
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Activity } from '~/features/profile/activity'
import { requireActivatedUser } from '~/utils/auth.server'
import { loadNotificationPages } from '~/utils/notifications.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['profile'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return data(await loadNotificationPages(api, request))
}

export default function ActivityRoute() {
  return <Activity />
}
