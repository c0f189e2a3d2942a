// GET ?q=: address candidates for the event form's autocomplete (SPEC §7 geocoding), through the API's
// cached, rate-limited geocoding proxy. Read-only; blank queries answer nothing.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getApi, ok } from '~/utils/api.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 300)
  if (!q) return Response.json([])
  const api = await getApi(request)
  try {
    const { items } = await ok(api.typed.GET('/geo/search', { params: { query: { q } } }))
    return Response.json(items)
  } catch {
    return Response.json([])
  }
}
