// The profile card (SPEC §2 Profile): avatar, name, the description cut at 30 characters, stats, and either
// Follow/Unfollow (other users' profiles) or, on myProfile, follower/following counts that open their
// tables. The about card shows the bio, the phone as +X (XXX) XXX-XX-XX and the social links.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatPhone, LIMITS, truncateText, type Profile } from '#contract'
import { personName } from '~/features/events/page/meta'
import { Avatar } from '~/components/ui/avatar'
import { ModerationNotice } from '~/components/ui/list-parts'
import { FollowButton, useFollowState } from './follow-button'

type Mode =
  /** /admin/profile/myProfile: counts open the tables, no follow action. */
  | { kind: 'mine'; basePath: string }
  /** /profile/{id}: Follow/Unfollow unless it is the viewer's own profile. */
  | { kind: 'public'; isSelf: boolean; returnTo: string }

export function ProfileCard({ profile, mode }: { profile: Profile; mode: Mode }) {
  const { t } = useTranslation('profile')
  const name = personName(profile)
  const follow = useFollowState(profile._id, { followers: profile.followers, isFollowing: profile.isFollowing })
  const followers = mode.kind === 'public' ? follow.state.followers : profile.followers
  return (
    <section
      aria-labelledby="profile-name"
      data-testid="profile-card"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
    >
      <Avatar name={name} avatarFile={profile.avatarFile} size="lg" alt={name} />
      <div className="min-w-0 flex-1 space-y-1">
        <h1 id="profile-name" className="break-words text-2xl font-bold text-slate-900">
          {name}
        </h1>
        <p className="text-sm text-slate-500">@{profile.username}</p>
        {profile.profession ? <p className="text-sm text-slate-700">{profile.profession}</p> : null}
        {profile.userBio ? (
          <p data-testid="profile-description" title={profile.userBio} className="text-sm text-slate-600">
            {truncateText(profile.userBio, LIMITS.profileDescriptionTruncate)}
          </p>
        ) : null}
        <dl aria-label={t('stats.label')} className="flex flex-wrap gap-x-5 gap-y-1 pt-1 text-sm" data-testid="profile-stats">
          <Stat
            testId="stat-followers"
            label={t('stats.followers')}
            value={followers}
            to={mode.kind === 'mine' ? `${mode.basePath}?show=followers` : null}
            linkLabel={t('modal.showFollowers', { count: followers })}
          />
          <Stat
            testId="stat-following"
            label={t('stats.following')}
            value={profile.following}
            to={mode.kind === 'mine' ? `${mode.basePath}?show=following` : null}
            linkLabel={t('modal.showFollowing', { count: profile.following })}
          />
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col sm:items-end">
        {mode.kind === 'public' && !mode.isSelf ? (
          <FollowButton
            userId={profile._id}
            name={name}
            followers={profile.followers}
            isFollowing={profile.isFollowing}
            redirectTo={mode.returnTo}
          />
        ) : null}
        {mode.kind === 'public' && mode.isSelf ? (
          <Link to="/admin/profile/myProfile" className="text-sm font-medium text-brand-700 underline">
            {t('myProfile')}
          </Link>
        ) : null}
        {mode.kind === 'mine' ? (
          <>
            <Link
              to="/admin/profile/settings/profile"
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              {t('editProfile')}
            </Link>
            <Link to={`/profile/${encodeURIComponent(profile._id)}`} className="text-sm font-medium text-brand-700 underline">
              {t('viewPublic')}
            </Link>
          </>
        ) : null}
      </div>
    </section>
  )
}

function Stat({
  testId,
  label,
  value,
  to,
  linkLabel,
}: {
  testId: string
  label: string
  value: number
  to: string | null
  linkLabel: string
}) {
  return (
    <div className="flex items-baseline gap-1.5" data-testid={testId}>
      <dd className="order-first font-semibold text-slate-900" data-testid="stat-value">
        {to ? (
          <Link to={to} preventScrollReset aria-label={linkLabel} className="text-brand-700 underline hover:text-brand-800">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      <dt className="text-slate-600">{label}</dt>
    </div>
  )
}

export function AboutCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile')
  const links = (['facebook', 'instagram', 'vk'] as const).flatMap((network) => {
    const href = profile.socialMediaLinks[network]
    return href ? [{ network, href }] : []
  })
  const phone = formatPhone(profile.phone)
  const empty = !profile.userBio && !phone && links.length === 0 && !profile.city?.name
  return (
    <section aria-labelledby="about-title" data-testid="profile-about" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="about-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('about.title')}
      </h2>
      {empty ? <p className="text-sm text-slate-500">{t('about.empty')}</p> : null}
      <dl className="space-y-3 text-sm">
        {profile.userBio ? (
          <div>
            <dt className="font-medium text-slate-600">{t('about.bio')}</dt>
            <dd className="whitespace-pre-line break-words text-slate-900">{profile.userBio}</dd>
          </div>
        ) : null}
        {phone ? (
          <div>
            <dt className="font-medium text-slate-600">{t('about.phone')}</dt>
            <dd>
              <a href={`tel:+${profile.phone}`} className="text-slate-900 underline" data-testid="profile-phone">
                {phone}
              </a>
            </dd>
          </div>
        ) : null}
        {profile.city?.name ? (
          <div>
            <dt className="font-medium text-slate-600">{t('about.city')}</dt>
            <dd className="text-slate-900">{profile.city.name}</dd>
          </div>
        ) : null}
        {links.length ? (
          <div>
            <dt className="font-medium text-slate-600">{t('about.links')}</dt>
            <dd>
              <ul className="flex flex-wrap gap-3">
                {links.map((link) => (
                  <li key={link.network}>
                    <a href={link.href} rel="noopener noreferrer nofollow" target="_blank" className="text-brand-700 underline">
                      {t(`about.${link.network}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}

/** SPEC §2 "A moderation banner is shown": to the user themself (and moderators) while anything is not approved. */
export function UserModerationBanner({
  profile,
}: {
  profile: Pick<Profile, 'moderationStatus' | 'moderationImageStatus' | 'avatarFile' | 'moderationReasons'>
}) {
  const { t } = useTranslation('profile')
  const withReason = (text: string, reason: string | null | undefined) =>
    reason ? `${text} ${t('moderation.reason', { reason })}` : text
  const texts: Array<{ text: string; rejected: boolean }> = []
  if (profile.moderationStatus !== 'APPROVED')
    texts.push({
      text: withReason(t(`moderation.${profile.moderationStatus}`), profile.moderationReasons?.info),
      rejected: profile.moderationStatus === 'REJECTED',
    })
  // Without an avatar there is no picture to moderate.
  if (profile.avatarFile && profile.moderationImageStatus !== 'APPROVED')
    texts.push({
      text: withReason(t(`moderation.image${profile.moderationImageStatus}`), profile.moderationReasons?.image),
      rejected: profile.moderationImageStatus === 'REJECTED',
    })
  return <ModerationNotice texts={texts} testId="profile-moderation-banner" />
}
