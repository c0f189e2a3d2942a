// A person in a list or table row: avatar, name (a link to the profile unless the row links elsewhere) and
// @username. Used by the participants list, the followers/following tables and the invite drawer.
import { Link } from '@remix-run/react'
import type { UserSummary } from '#contract'
import { personName } from '~/features/events/page/meta'
import { Avatar } from '~/components/ui/avatar'

export function PersonLine({
  person,
  linkName = true,
  className = '',
}: {
  person: Pick<UserSummary, '_id' | 'name' | 'lastname' | 'username' | 'avatarFile'>
  linkName?: boolean
  className?: string
}) {
  const name = personName(person)
  return (
    <div className={`flex min-w-0 items-center gap-3 ${className}`}>
      <Avatar name={name} avatarFile={person.avatarFile} />
      <div className="min-w-0">
        {linkName ? (
          <Link
            to={`/profile/${encodeURIComponent(person._id)}`}
            className="block truncate text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {name}
          </Link>
        ) : (
          <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        )}
        <p className="truncate text-xs text-slate-500">@{person.username}</p>
      </div>
    </div>
  )
}
