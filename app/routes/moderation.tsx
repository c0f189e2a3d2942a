// /moderation/*: signed in, activated, and admin or superAdmin (SPEC §2, §6); others get the guard screen
// or the 403 page. The console's tabs and header: features/moderation/console-layout.tsx.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ConsoleLayout } from '~/features/moderation/console-layout'
import { loadConsoleSummary } from '~/features/moderation/moderation.server'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return loadConsoleSummary(api)
}

export default function Moderation() {
  return <ConsoleLayout />
}
