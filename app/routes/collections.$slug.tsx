// /collections/{slug}: one curated collection and its events (issue 43). Screen:
// features/collections/collection-page.tsx; loader: collections.server.ts.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaDescriptor, MetaFunction } from '@remix-run/node'
import { calendarFeedPaths, DEFAULT_LANGUAGE, type Language } from '#contract'
import { CollectionScreen } from '~/features/collections/collection-page'
import { loadCollectionPage } from '~/features/collections/collections.server'
import { metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList', 'events', 'fediverse'] })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((match) => match.id === 'root')?.data as { locale?: Language; ENV?: { PUBLIC_API_URL?: string } } | undefined
  if (!data) return [{ title: 'Nearby' }]
  const { name, description, slug } = data.collection
  const apiUrl = (root?.ENV?.PUBLIC_API_URL ?? '').replace(/\/+$/, '')
  const tags: MetaDescriptor[] = [{ title: `${name} · Nearby` }]
  if (description) tags.push({ name: 'description', content: description.slice(0, 300) })
  // Feed readers find the collection's Atom feed from the page.
  if (apiUrl)
    tags.push({
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: metaText(root?.locale ?? DEFAULT_LANGUAGE, 'eventList', 'collections.atomTitle', { name }),
      href: `${apiUrl}${calendarFeedPaths.collection(slug, 'atom')}`,
    })
  return tags
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCollectionPage(request, params.slug)
}

export default function CollectionRoute() {
  return <CollectionScreen />
}
