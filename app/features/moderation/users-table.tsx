// The Users table of the console (SPEC §2 "Moderation tabs": a column chooser, filters by role, moderation
// status and image status; row actions Edit (super admin only), Reject Image, Reject Information).
import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { AdminUsersResponse } from '#contract'

/** A row of the console's users: the account, and whether the viewer may decide on it (the API's policy). */
type UserRow = AdminUsersResponse['users'][number]
import { formatDateTime } from '~/features/events/format'
import { useRootData } from '~/components/layout/use-root-data'
import { Avatar } from '~/components/ui/avatar'
import { TABLE_COLUMNS, type TableColumn } from './columns'
import { StatusBadge } from './cells'
import { KindTable } from './console-table'
import { intentsFor, RowActions } from './row-actions'

export interface UsersTableData {
  page: AdminUsersResponse
  query: Record<string, string>
  columns: TableColumn[]
  canEdit: boolean
  queryError: string | null
  /** The signed-in moderator: nobody decides on their own account. */
}

export function UsersTable({ data }: { data: UsersTableData }) {
  const { t, i18n } = useTranslation('moderation')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const { page, query, columns } = data
  // Edit keeps the table's filters and page in its URL, so closing it comes back to the same view.
  const { search } = useLocation()
  const fullName = (user: UserRow) => `${user.name} ${user.lastname}`.trim() || user.username

  const cell = (user: UserRow, column: TableColumn) => {
    switch (column) {
      case 'avatar':
        return <Avatar name={fullName(user)} avatarFile={user.avatarFile} alt={fullName(user)} />
      case 'name':
        return (
          <span className="flex flex-col">
            <Link to={`/profile/${user._id}`} className="font-medium text-brand-700 underline">
              {fullName(user)}
            </Link>
            <span className="text-xs text-slate-500">@{user.username}</span>
          </span>
        )
      case 'email':
        return <span className="break-all">{user.email ?? ''}</span>
      case 'role':
        return t(`roles.${user.role}`)
      case 'activated':
        return user.isActivated ? t('yes') : t('no')
      case 'statuses':
        return (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge field="moderationStatus" status={user.moderationStatus} />
            <StatusBadge field="moderationImageStatus" status={user.moderationImageStatus} />
          </span>
        )
      case 'updated':
        return (
          <time dateTime={user.updatedAt} className="whitespace-nowrap">
            {formatDateTime(user.updatedAt, i18n.language, timeZone)}
          </time>
        )
      case 'actions':
        // The API's policy: another moderator decides on a moderator's own account.
        return !user.mayModerate ? null : (
          <RowActions
            kind="users"
            id={user._id}
            name={fullName(user)}
            intents={intentsFor(user)}
            editHref={data.canEdit ? `/moderation/users/${user._id}${search}` : null}
          />
        )
      default:
        return null
    }
  }

  const shown = TABLE_COLUMNS.users.filter((c) => columns.includes(c))
  return (
    <KindTable
      kind="users"
      query={query}
      chosen={columns}
      shown={shown}
      rows={page.users}
      page={page}
      queryError={data.queryError}
      cell={cell}
    />
  )
}
