// /admin/profile/settings/webhooks: endpoints that hear of the person's events (issue 42). Screen:
// features/settings/webhooks.tsx; loader and action: webhooks.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { WebhooksSettings } from '~/features/settings/webhooks'
import { loadWebhooks, saveWebhooks } from '~/features/settings/webhooks.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireActivatedUser(request)
  return loadWebhooks(request, api, user.role)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return saveWebhooks(request, api)
}

export default function WebhooksSettingsRoute() {
  return <WebhooksSettings />
}
