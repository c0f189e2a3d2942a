// A user on the people list: avatar, name, @username, profession and follower count, linking to the profile.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ProfileCard } from '#contract'
import { personName } from '~/features/events/page/meta'
import { Avatar } from '~/components/ui/avatar'

export function UserCard({ user }: { user: ProfileCard }) {
  const { t } = useTranslation('users')
  const name = personName(user)
  return (
    <Link
      to={`/profile/${encodeURIComponent(user._id)}`}
      data-testid="user-card"
      className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300 hover:shadow-sm"
    >
      <Avatar name={name} avatarFile={user.avatarFile} size="md" />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900">{name}</span>
        <span className="block truncate text-xs text-slate-500">@{user.username}</span>
        {user.profession ? <span className="block truncate text-sm text-slate-700">{user.profession}</span> : null}
        <span className="block text-xs text-slate-500">{t('followers', { count: user.followers })}</span>
      </span>
    </Link>
  )
}
