// /admin/profile/myProfile/*: the signed-in user's own profile (SPEC §2: the profile is 'myProfile' when the
// path contains myProfile): follower/following counts open their tables (?show=), follow actions hidden.
// Sub-pages: posts (index), activity and invitations.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { DEFAULT_LANGUAGE } from '#contract'
import { FollowTableModal } from '~/features/profile/follow-table'
import { AboutCard, ProfileCard, UserModerationBanner } from '~/features/profile/profile-header'
import { loadFollowTable, loadProfile } from '~/features/profile/profile.server'
import { metaText } from '~/utils/meta-text'
import type { loader as rootLoader } from '~/root'
import { requireActivatedUser } from '~/utils/auth.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventPage', 'profile'] })

const MY_PROFILE_PATH = '/admin/profile/myProfile'

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireActivatedUser(request)
  const [profile, table] = await Promise.all([loadProfile(api, 'my'), loadFollowTable(api, request, 'my')])
  return data({ profile, table, path: new URL(request.url).pathname })
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = matches.find((match) => match.id === 'root')?.data?.locale ?? DEFAULT_LANGUAGE
  return [{ title: metaText(locale, 'profile', 'meta.myTitle') }]
}

const TABS = [
  { key: 'events', to: MY_PROFILE_PATH, end: true },
  { key: 'activity', to: `${MY_PROFILE_PATH}/activity`, end: false },
  { key: 'invitations', to: `${MY_PROFILE_PATH}/invitations`, end: false },
] as const

export default function MyProfile() {
  const { t } = useTranslation('profile')
  const { profile, table, path } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <UserModerationBanner profile={profile} />
      <ProfileCard profile={profile} mode={{ kind: 'mine', basePath: path }} />
      <AboutCard profile={profile} />
      <nav aria-label={t('tabs.label')} className="border-b border-slate-200">
        <ul className="-mb-px flex gap-4">
          {TABS.map((tab) => (
            <li key={tab.key}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-1 pb-2 text-sm font-medium ${
                    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`
                }
              >
                {t(`tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
      {table ? <FollowTableModal table={table} basePath={path} /> : null}
    </div>
  )
}
