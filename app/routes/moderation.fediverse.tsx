// /moderation/fediverse: the fediverse servers we know and the admins' decisions on them (decision 040).
// Screen: features/moderation/fediverse-tab.tsx; loader and action: fediverse.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { decideOnServer, loadFediverseTab } from '~/features/moderation/fediverse.server'
import { FediverseTab } from '~/features/moderation/fediverse-tab'
import { moderationMeta } from '~/features/moderation/meta'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return loadFediverseTab(request, api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return decideOnServer(request, api)
}

export default function ModerationFediverse() {
  return <FediverseTab />
}
