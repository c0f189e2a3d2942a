// /profile/{id}: a user's public profile (SPEC §2 Profile): the card with Follow/Unfollow, the about card,
// the moderation banner (for the user themself and moderators) and the user's posts.
import { routeTexts } from '~/locales/load'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/utils/use-translation'
import { calendarFeedPaths, can, DEFAULT_LANGUAGE } from '#contract'
import { FeedLink } from '~/features/calendar/feed-link'
import { personName } from '~/features/events/page/meta'
import { useRootData } from '~/components/layout/use-root-data'
import { AboutCard, ProfileCard, UserModerationBanner } from '~/features/profile/profile-header'
import { loadPosts, loadProfile } from '~/features/profile/profile.server'
import { UserPosts } from '~/features/profile/user-posts'
import { metaText } from '~/utils/meta-text'
import type { loader as rootLoader } from '~/root'
import { getApi } from '~/utils/api.server'

/** The texts of this screen beyond the root's (app/i18n.ts). */
export const handle = routeTexts({ i18n: ['eventList', 'eventPage', 'profile', 'report'] })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await getApi(request)
  const id = params.id ?? ''
  const profile = await loadProfile(api, id)
  const posts = await loadPosts(api, request, profile._id)
  const url = new URL(request.url)
  return data({ profile, posts, returnTo: `${url.pathname}${url.search}` })
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const locale = matches.find((match) => match.id === 'root')?.data?.locale ?? DEFAULT_LANGUAGE
  if (!page) return matches.find((match) => match.id === 'root')?.meta ?? []
  const name = personName(page.profile)
  return [
    { title: metaText(locale, 'profile', 'meta.title', { name }) },
    { name: 'description', content: page.profile.profession ?? `@${page.profile.username}` },
  ]
}

export default function PublicProfile() {
  const { profile, posts, returnTo } = useLoaderData<typeof loader>()
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
        {isSelf ? null : (
          <Link to={`/profile/${profile._id}/report`} preventScrollReset className="text-sm text-slate-600 underline hover:text-slate-900" data-testid="report-link">
            {t('linkUser')}
          </Link>
        )}
      </p>
      <AboutCard profile={profile} />
      <UserPosts {...posts} />
      {/* The report drawer (/profile/{id}/report) opens over the profile. */}
      <Outlet />
    </div>
  )
}
