// /account/deletion: what an account waiting for deletion sees after signing in, and nothing else (the root
// sends every other page here). Screen: features/account/deletion.tsx; loader and action: deletion.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { AccountDeletion } from '~/features/account/deletion'
import { cancelDeletion, loadDeletion } from '~/features/account/deletion.server'
import { requireUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['settings'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request)
  return loadDeletion(api, user)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request)
  return cancelDeletion(request, api)
}

export default function AccountDeletionRoute() {
  return <AccountDeletion />
}
