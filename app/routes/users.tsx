// /users: the people list (public), a search over GET /profile/?query=. Screen: features/users/users-screen.tsx;
// loader: users.server.ts.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { UsersScreen } from '~/features/users/users-screen'
import { searchUsers } from '~/features/users/users.server'
import type { loader as rootLoader } from '~/root'
import { metaLanguage, metaText } from '~/utils/meta-text'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['users'] })

export async function loader({ request }: LoaderFunctionArgs) {
  return searchUsers(request)
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = metaLanguage(matches)
  return [{ title: metaText(locale, 'users', 'meta.title') }]
}

export default function Users() {
  return <UsersScreen />
}
