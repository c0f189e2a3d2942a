// /moderation/collections/{slug}: one collection's form, to change or remove it (issue 43). Screen:
// features/moderation/collections-tab.tsx; loader and action: collections.server.ts.
import { routeTexts } from '~/locales/load'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { loadCollectionEditor, saveCollection } from '~/features/moderation/collections.server'
import { CollectionEditor } from '~/features/moderation/collections-tab'
import { moderationMeta } from '~/features/moderation/meta'
import { requireAdminUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['moderation', 'events'] })

export const meta: MetaFunction = moderationMeta

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return loadCollectionEditor(api, params.slug)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdminUser(request)
  return saveCollection(request, api, params.slug)
}

export default function ModerationCollection() {
  return <CollectionEditor />
}
