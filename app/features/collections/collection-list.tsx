// /collections (issue 43): every collection by name, each a link to its page with its description's start.
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LayersIcon } from '~/components/ui/icons'
import type { loadCollectionList } from './collections.server'

export function CollectionListScreen() {
  const { t } = useTranslation('eventList')
  const { collections } = useLoaderData<typeof loadCollectionList>()
  return (
    <section aria-labelledby="collections-title" className="mx-auto max-w-3xl py-4">
      <h1 id="collections-title" className="text-2xl font-semibold text-slate-900">
        {t('collections.title')}
      </h1>
      <p className="mb-4 mt-1 text-slate-600">{t('collections.intro')}</p>
      {collections.length === 0 ? (
        <p className="text-slate-600">{t('collections.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="collections">
          {collections.map((collection) => (
            <li key={collection.slug} className="relative rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                <LayersIcon className="h-4 w-4 shrink-0 text-brand-600" />
                <Link to={`/collections/${collection.slug}`} className="after:absolute after:inset-0">
                  {collection.name}
                </Link>
              </h2>
              {collection.description ? <p className="mt-1 line-clamp-2 break-words text-sm text-slate-600">{collection.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
