// /admin/profile/settings/delete: Settings → Delete account (/docs/deleteAccount links here). Screen:
// features/settings/delete-account.tsx; loader and action: delete-account.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { DeleteAccount } from '~/features/settings/delete-account'
import { deleteAccountForm, requestDeletion } from '~/features/settings/delete-account.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActivatedUser(request)
  return deleteAccountForm(request)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return requestDeletion(request, api)
}

export default function DeleteAccountRoute() {
  return <DeleteAccount />
}
