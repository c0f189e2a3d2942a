// The Events and Places tables of the console (SPEC §2 "Moderation tabs"): filters, column chooser, rows with
// at most 3 images and '+N', status badges, row actions, and page links of 7 rows.
import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { AdminPostsResponse, Event } from '#contract'
import { formatDateTime } from '~/features/events/format'
import { useRootData } from '~/components/layout/use-root-data'
import { TABLE_COLUMNS, type TableColumn } from './columns'
import { ImagesCell, StatusBadge, truncate } from './cells'
import { KindTable } from './console-table'
import { intentsFor, RowActions } from './row-actions'

export interface PostsTableData {
  page: AdminPostsResponse
  query: Record<string, string>
  columns: TableColumn[]
  canEdit: boolean
  queryError: string | null
}

export function PostsTable({ kind, data }: { kind: 'events' | 'places'; data: PostsTableData }) {
  const { t, i18n } = useTranslation('moderation')
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const { page, query, columns } = data
  // Edit keeps the table's filters and page in its URL, so closing it comes back to the same view.
  const { search } = useLocation()
  const show = (column: TableColumn) => columns.includes(column)
  const date = (iso: string | null) => formatDateTime(iso, i18n.language, timeZone)

  const cell = (event: Event, column: TableColumn) => {
    switch (column) {
      case 'images':
        return <ImagesCell images={event.images} title={event.title} />
      case 'title':
        return (
          <Link to={`/event/${event._id}`} className="font-medium text-brand-700 underline">
            {event.title}
          </Link>
        )
      case 'description':
        return <span className="block max-w-xs text-slate-600">{truncate(event.description)}</span>
      case 'dates':
        return event.startDate ? (
          <span className="whitespace-nowrap">
            {date(event.startDate)}
            {event.endDate ? ` – ${date(event.endDate)}` : ''}
          </span>
        ) : (
          <span className="text-slate-500">{t('noDates')}</span>
        )
      case 'owner':
        return (
          <Link to={`/profile/${event.postedBy._id}`} className="text-brand-700 underline">
            {`${event.postedBy.name} ${event.postedBy.lastname}`.trim() || event.postedBy.username}
          </Link>
        )
      case 'statuses':
        return (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge field="moderationStatus" status={event.moderationStatus} />
            <StatusBadge field="moderationImageStatus" status={event.moderationImageStatus} />
            <StatusBadge field="postStatus" status={event.postStatus} />
          </span>
        )
      case 'updated':
        return (
          <time dateTime={event.updatedAt} className="whitespace-nowrap">
            {date(event.updatedAt)}
          </time>
        )
      case 'actions':
        // The API's policy: another moderator decides on a moderator's own post.
        return !event.mayModerate ? null : (
          <RowActions
            kind={kind}
            id={event._id}
            name={event.title}
            intents={intentsFor(event)}
            editHref={data.canEdit ? `/moderation/${kind}/${event._id}${search}` : null}
          />
        )
      default:
        return null
    }
  }

  const shown = TABLE_COLUMNS[kind].filter(show)
  return (
    <KindTable
      kind={kind}
      query={query}
      chosen={columns}
      shown={shown}
      rows={page.events}
      page={page}
      queryError={data.queryError}
      cell={cell}
    />
  )
}
