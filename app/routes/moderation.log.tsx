// /moderation/log: the moderation log, newest first; ?targetId= narrows it to one post or user.
// Screen: features/moderation/log.tsx.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ModerationLog } from '~/features/moderation/log'
import { moderationMeta } from '~/features/moderation/meta'
import { loadLog } from '~/features/moderation/moderation.server'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'profile'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return loadLog(request, api)
}

export default function ModerationLogRoute() {
  return <ModerationLog />
}
