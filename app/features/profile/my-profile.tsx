// The signed-in user's own profile (/admin/profile/myProfile/*; SPEC §2: the profile is 'myProfile' when the
// path contains myProfile): follower/following counts open their tables (?show=), follow actions hidden, and
// the tabs of the sub-pages: posts (index), activity and invitations. Loader: profile.server.ts (loadMyProfile).
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FollowTableModal } from './follow-table'
import { AboutCard, ProfileCard, UserModerationBanner } from './profile-header'
import type { loadMyProfile } from './profile.server'

const MY_PROFILE_PATH = '/admin/profile/myProfile'

const TABS = [
  { key: 'events', to: MY_PROFILE_PATH, end: true },
  { key: 'activity', to: `${MY_PROFILE_PATH}/activity`, end: false },
  { key: 'invitations', to: `${MY_PROFILE_PATH}/invitations`, end: false },
] as const

export function MyProfile() {
  const { t } = useTranslation('profile')
  const { profile, table, path } = useLoaderData<typeof loadMyProfile>()
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
