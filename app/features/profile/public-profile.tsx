// A user's public profile (/profile/{id}, SPEC §2 Profile): the card with Follow/Unfollow, the about card, the
// moderation banner (for the user themself and moderators) and the user's posts. Loader: profile.server.ts
// (loadPublicProfile).
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { calendarFeedPaths, can } from '#contract'
import { FeedLink } from '~/features/calendar/feed-link'
import { EmbedLink } from '~/features/embed/embed-link'
import { FediverseCard } from '~/features/fediverse/fediverse-card'
import { RemoteOriginCard } from '~/features/fediverse/remote-origin'
import { useRootData } from '~/components/layout/use-root-data'
import { AboutCard, ProfileCard, UserModerationBanner } from './profile-header'
import type { loadPublicProfile } from './profile.server'
import { UserPosts } from './user-posts'

export function PublicProfile() {
  const { profile, posts, returnTo } = useLoaderData<typeof loadPublicProfile>()
  const viewer = useRootData()?.user ?? null
  const isSelf = viewer?.id === profile._id
  const { t } = useTranslation('report')
  const { t: tp } = useTranslation('profile')
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      {isSelf || can(viewer?.role, 'moderate') ? <UserModerationBanner profile={profile} /> : null}
      <ProfileCard profile={profile} mode={{ kind: 'public', isSelf, returnTo }} />
      <p className="flex flex-wrap items-center justify-end gap-x-5 gap-y-1">
        <FeedLink path={calendarFeedPaths.organizer(profile._id)} testId="organizer-feed-link">
          {tp('calendarFeed')}
        </FeedLink>
        <EmbedLink search={`organizer=${encodeURIComponent(profile._id)}`} />
        {isSelf ? null : (
          <Link to={`/profile/${profile._id}/report`} preventScrollReset className="text-sm text-slate-600 underline hover:text-slate-900" data-testid="report-link">
            {t('linkUser')}
          </Link>
        )}
      </p>
      {profile.remote ? <RemoteOriginCard remote={profile.remote} kind="profile" /> : null}
      <AboutCard profile={profile} />
      {profile.fediverse ? <FediverseCard presence={profile.fediverse} kind="person" /> : null}
      <UserPosts {...posts} />
      {/* The report drawer (/profile/{id}/report) opens over the profile. */}
      <Outlet />
    </div>
  )
}
