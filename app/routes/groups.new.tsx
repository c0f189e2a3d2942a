// /groups/new: the new-group form (issue 45). Screen: features/groups/group-forms.tsx; action: groups.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NewGroupScreen } from '~/features/groups/group-forms'
import { createGroupAction } from '~/features/groups/groups.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['groups'] })

export const meta: MetaFunction = ({ matches }) => [{ title: `${metaText(metaLanguage(matches), 'groups', 'form.title')} · Nearby` }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActivatedUser(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  return createGroupAction(request)
}

export default function NewGroupRoute() {
  return <NewGroupScreen />
}
