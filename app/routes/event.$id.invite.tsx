// /event/{id}/invite: "Invite people", a side drawer over the event page (a page of its own without
// JavaScript). Screen: features/events/page/invite-drawer.tsx; loader and action: invite.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { InviteDrawer } from '~/features/events/page/invite-drawer'
import { inviteAction, loadInvitePage } from '~/features/events/page/invite.server'
import type { loader as rootLoader } from '~/root'
import { requireActivatedUser } from '~/utils/auth.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['profile'] })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadInvitePage(request, api, params.id ?? '')
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return inviteAction(request, api, params.id ?? '')
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = metaLanguage(matches)
  return [{ title: metaText(locale, 'profile', 'meta.invite') }]
}

export default function InviteDrawerRoute() {
  return <InviteDrawer />
}
