// /admin/profile/settings/sources: calendars imported as the person's events (issue 42). Screen:
// features/settings/sources.tsx; loader and action: sources.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { SourcesSettings } from '~/features/settings/sources'
import { loadSources, saveSources } from '~/features/settings/sources.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings', 'events'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadSources(api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return saveSources(request, api)
}

export default function SourcesSettingsRoute() {
  return <SourcesSettings />
}
