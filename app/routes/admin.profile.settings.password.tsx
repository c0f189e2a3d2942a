// /admin/profile/settings/password: POST /auth/changePassword. Screen: features/settings/password.tsx;
// action: password.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs } from '@remix-run/node'
import { ChangePassword } from '~/features/settings/password'
import { changePassword } from '~/features/settings/password.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return changePassword(request, api)
}

export default function ChangePasswordRoute() {
  return <ChangePassword />
}
