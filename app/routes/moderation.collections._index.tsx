// /moderation/collections: the curated collections and the form for a new one (issue 43). Screen:
// features/moderation/collections-tab.tsx; loader and action: collections.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { loadCollectionsTab, saveCollection } from '~/features/moderation/collections.server'
import { CollectionsTab } from '~/features/moderation/collections-tab'
import { moderationMeta } from '~/features/moderation/meta'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'events'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return loadCollectionsTab(api)
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return saveCollection(request, api)
}

export default function ModerationCollections() {
  return <CollectionsTab />
}
