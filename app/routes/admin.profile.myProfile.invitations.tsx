// /admin/profile/myProfile/invitations: the invitations the user received, with Accept / Decline. Screen:
// features/profile/invitations.tsx; loader and action: invitations.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Invitations } from '~/features/profile/invitations'
import { answerInvitation, loadInvitations } from '~/features/profile/invitations.server'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['profile'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadInvitations(request, api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return answerInvitation(request, api)
}

export default function InvitationsRoute() {
  return <Invitations />
}
