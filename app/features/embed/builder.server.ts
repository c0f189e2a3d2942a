// The loader of "Embed on your site" (/embed; issue 27, decision 043): the programme asked for (organizer,
// place or city with categories), checked against the API, and the addresses the snippet and the preview use.
import { data } from '@remix-run/node'
import { getLanguage } from '~/i18n.server'
import { getEnv, getPublicEnv } from '~/utils/env.server'
import { embedQueryOf, fetchProgramme } from './programme.server'

export async function loadEmbedBuilder(request: Request) {
  const parsed = embedQueryOf(new URL(request.url))
  if (!parsed.success) throw data(null, { status: 400 })
  const query = parsed.data
  const list = await fetchProgramme(request, query, query.lang ?? (await getLanguage(request)))
  if (typeof list === 'number') throw data(null, { status: list === 404 ? 404 : list >= 500 || list === 429 ? 503 : 400 })
  return {
    query,
    title: list.title,
    webOrigin: getEnv().WEB_URL.replace(/\/+$/, ''),
    apiOrigin: getPublicEnv().PUBLIC_API_URL.replace(/\/+$/, ''),
  }
}
