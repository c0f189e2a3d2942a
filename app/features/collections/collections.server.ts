// The public collection pages (issue 43): /collections lists them all, /collections/{slug}?page=N shows one with a
// page of its events that have not ended (GET /collections, GET /collections/{slug}). An unknown collection, or a
// page the API refuses, is the not-found page.
import { data } from '@remix-run/node'
import { type Api, ApiError, getApi, ok } from '~/utils/api.server'

export async function loadCollectionList(request: Request) {
  const api = await getApi(request)
  const { items } = await ok(api.typed.GET('/collections'))
  return { collections: items.map(({ slug, name, description }) => ({ slug, name, description })) }
}

/** GET /collections/{slug}: a collection and a page of its events; one the API does not know (or refuses) is 404. */
export async function fetchCollection(api: Api, slug: string | undefined, page = 1) {
  if (!slug) throw data(null, { status: 404 })
  try {
    return await ok(api.typed.GET('/collections/{slug}', { params: { path: { slug }, query: { page } } }))
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 })
    throw error
  }
}

export async function loadCollectionPage(request: Request, slug: string | undefined) {
  const api = await getApi(request)
  const pageParam = new URL(request.url).searchParams.get('page')
  const page = pageParam === null ? 1 : Number(pageParam)
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data(null, { status: 404 })
  const { collection, events, hasMore, fediverse } = await fetchCollection(api, slug, page)
  return {
    collection: { slug: collection.slug, name: collection.name, description: collection.description },
    fediverse: fediverse ?? null,
    events,
    page,
    hasMore,
    signedIn: api.isSignedIn(),
  }
}
