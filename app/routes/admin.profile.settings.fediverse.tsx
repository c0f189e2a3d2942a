// /admin/profile/settings/fediverse: the person's handle and whether their public events go out to the fediverse.
// Screen: features/settings/fediverse.tsx; loader and action: fediverse.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { FediverseSettings } from '~/features/settings/fediverse'
import { loadFediverseSettings, saveFediverseSettings } from '~/features/settings/fediverse.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings', 'fediverse'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadFediverseSettings(api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return saveFediverseSettings(request, api)
}

export default function FediverseSettingsRoute() {
  return <FediverseSettings />
}
