// GET ?q=: city suggestions for the header's autocomplete (SPEC §7 POST {city API}/city/), from the API's
// bundled city data. Read-only, so a GET; blank queries answer nothing without asking the API.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getApi, ok } from '~/utils/api.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const city = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100)
  if (!city) return Response.json([])
  const api = await getApi(request)
  try {
    const suggestions = await ok(api.typedAsVisitor.POST('/city', { body: { city } }))
    return Response.json(suggestions, { headers: { 'Cache-Control': 'private, max-age=300' } })
  } catch {
    return Response.json([])
  }
}
