// /collections: every curated collection (issue 43). Screen: features/collections/collection-list.tsx; loader:
// collections.server.ts.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { DEFAULT_LANGUAGE, type Language } from '#contract'
import { CollectionListScreen } from '~/features/collections/collection-list'
import { loadCollectionList } from '~/features/collections/collections.server'
import { metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList'] })

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const locale = (matches.find((match) => match.id === 'root')?.data as { locale?: Language } | undefined)?.locale ?? DEFAULT_LANGUAGE
  return [{ title: `${metaText(locale, 'eventList', 'collections.title')} · Nearby` }, { name: 'description', content: metaText(locale, 'eventList', 'collections.intro') }]
}

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCollectionList(request)
}

export default function CollectionsRoute() {
  return <CollectionListScreen />
}
