// /profile/{id}: a user's public profile (SPEC §2 Profile). Screen: features/profile/public-profile.tsx;
// loader: profile.server.ts (loadPublicProfile).
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { personName } from '~/features/events/page/meta'
import { PublicProfile } from '~/features/profile/public-profile'
import { loadPublicProfile } from '~/features/profile/profile.server'
import type { loader as rootLoader } from '~/root'
import { getApi } from '~/utils/api.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList', 'eventPage', 'profile', 'report', 'fediverse'] })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await getApi(request)
  return loadPublicProfile(request, api, params.id ?? '')
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const locale = metaLanguage(matches)
  if (!page) return matches.find((match) => match.id === 'root')?.meta ?? []
  const name = personName(page.profile)
  return [
    { title: metaText(locale, 'profile', 'meta.title', { name }) },
    { name: 'description', content: page.profile.profession ?? `@${page.profile.username}` },
  ]
}

export default function PublicProfileRoute() {
  return <PublicProfile />
}
