// /admin/profile/settings/notifications: the event reminders and web push for this device. Screen:
// features/settings/notifications.tsx; loader and action: notifications.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NotificationSettings } from '~/features/settings/notifications'
import { loadNotificationSettings, saveNotificationSettings } from '~/features/settings/notifications.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadNotificationSettings(api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return saveNotificationSettings(request, api)
}

export default function NotificationSettingsRoute() {
  return <NotificationSettings />
}
