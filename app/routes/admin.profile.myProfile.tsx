// /admin/profile/myProfile/*: the signed-in user's own profile with the tabs of its sub-pages (posts,
// activity, invitations). Screen: features/profile/my-profile.tsx; loader: profile.server.ts (loadMyProfile).
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { MyProfile } from '~/features/profile/my-profile'
import { loadMyProfile } from '~/features/profile/profile.server'
import type { loader as rootLoader } from '~/root'
import { requireActivatedUser } from '~/utils/auth.server'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventPage', 'profile'] })

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  return loadMyProfile(request, api)
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = metaLanguage(matches)
  return [{ title: metaText(locale, 'profile', 'meta.myTitle') }]
}

export default function MyProfileRoute() {
  return <MyProfile />
}
