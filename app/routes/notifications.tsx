// /notifications: every notification of the signed-in, activated user (SPEC §2), paged with "Load more".
// Actions: markAllOpened, markOpened {id}, delete {id}. Screen: features/notifications/notifications-screen.tsx;
// action: notifications.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { NotificationsScreen } from '~/features/notifications/notifications-screen'
import { notificationAction } from '~/features/notifications/notifications.server'
import type { loader as rootLoader } from '~/root'
import { requireActivatedUser } from '~/utils/auth.server'
import { metaLanguage, metaText } from '~/utils/meta-text'
import { loadNotificationPages } from '~/utils/notifications.server'

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = metaLanguage(matches)
  return [{ title: `${metaText(locale, 'notifications', 'title')} · Nearby` }]
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return data(await loadNotificationPages(api, request))
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return notificationAction(request, api)
}

export default function Notifications() {
  return <NotificationsScreen />
}
