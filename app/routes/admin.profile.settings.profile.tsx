// /admin/profile/settings/profile: edit the profile (PATCH /profile/my) and the avatar (POST /profile/upload,
// DELETE /profile/avatar). Screen: features/settings/profile.tsx; loader and action: profile.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ProfileSettings } from '~/features/settings/profile'
import { loadProfileSettings, saveProfileSettings } from '~/features/settings/profile.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings', 'eventForm'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadProfileSettings(api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return saveProfileSettings(request, api)
}

export default function ProfileSettingsRoute() {
  return <ProfileSettings />
}
