// Notification rows → the contract shape (SPEC §3 Notification: _id, notificationType, userFrom, entityId,
// createdAt), and the short texts of push messages in the recipient's language.
import {
  type EventType,
  formatDateTime,
  type Language,
  messages,
  type MessageCode,
  type ModerationField,
  type ModerationTargetType,
  type Notification,
  type NotificationType,
  type PushPayload,
  type ReminderKind,
  notificationPath,
  type ReportTargetType,
} from '#contract'
import type { Selectable } from 'kysely'
import type { Db } from '../../db'
import type { NotificationsTable } from '../../db/schema'
import { loadUserSummaries } from '../events/relations'

export type NotificationRow = Selectable<NotificationsTable>

/** Types whose entityId is a post id. */
export const POST_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'newPost',
  'updatePost',
  'invite',
  'newParticipate',
  'postLike',
  'waitlistSeat',
  'eventCancelled',
  'eventMoved',
  'eventReminder',
  'eventMessage',
  'joinRequest',
  'joinAccepted',
  'joinWaitlisted',
  'joinDeclined',
]

export async function toNotificationDtos(db: Db, rows: NotificationRow[], publicUrl: string): Promise<Notification[]> {
  if (rows.length === 0) return []
  const userIds = rows.flatMap((r) => (r.user_from ? [r.user_from] : []))
  const postIds = [
    ...new Set(
      rows.flatMap((r) => (r.entity_id && POST_NOTIFICATION_TYPES.includes(r.notification_type as NotificationType) ? [r.entity_id] : [])),
    ),
  ]
  const logIds = rows.flatMap((r) => (r.moderation_log_id ? [r.moderation_log_id] : []))
  const reportIds = rows.flatMap((r) => (r.notification_type === 'report' && r.entity_id ? [r.entity_id] : []))
  const groupIds = rows.flatMap((r) => (r.notification_type === 'groupInvite' && r.entity_id ? [r.entity_id] : []))
  const messageIds = rows.flatMap((r) => (r.event_message_id ? [r.event_message_id] : []))
  const [users, posts, decisions, reports, groups, eventMessages] = await Promise.all([
    loadUserSummaries(db, userIds, publicUrl),
    postIds.length || logIds.length
      ? db
          .selectFrom('posts')
          .select(['id', 'title', 'event_type', 'post_status', 'start_date', 'online_url'])
          .where('id', 'in', [...postIds, ...rows.flatMap((r) => (r.moderation_log_id && r.entity_id ? [r.entity_id] : []))])
          .execute()
      : Promise.resolve([]),
    logIds.length
      ? db.selectFrom('moderation_log').select(['id', 'target_type', 'field', 'to_value', 'reason']).where('id', 'in', logIds).execute()
      : Promise.resolve([]),
    reportIds.length ? reportSummaries(db, reportIds) : Promise.resolve(new Map<string, NonNullable<Notification['report']>>()),
    groupIds.length
      ? db.selectFrom('groups').select(['id', 'handle', 'name']).where('id', 'in', groupIds).where('status', '=', 'ACTIVE').execute()
      : Promise.resolve([]),
    messageIds.length ? db.selectFrom('event_messages').select(['id', 'body']).where('id', 'in', messageIds).execute() : Promise.resolve([]),
  ])
  const messageById = new Map(eventMessages.map((m) => [m.id, { _id: m.id, body: m.body }]))
  const postById = new Map(posts.map((p) => [p.id, p]))
  const decisionById = new Map(decisions.map((d) => [d.id, d]))
  return rows.map((r) => {
    const found = r.entity_id ? postById.get(r.entity_id) : undefined
    const decision = r.moderation_log_id ? decisionById.get(r.moderation_log_id) : undefined
    // A moderation notice names its post even when the post was removed; other notices only active posts.
    const post = found && (decision ? decision.target_type === 'POST' : found.post_status === 'ACTIVE') ? found : undefined
    return {
      _id: r.id,
      notificationType: r.notification_type as NotificationType,
      userFrom: (r.user_from && users.get(r.user_from)) || null,
      entityId: r.entity_id,
      createdAt: r.created_at,
      openedAt: r.opened_at,
      isOpened: r.opened_at !== null,
      post: post && (decision || POST_NOTIFICATION_TYPES.includes(r.notification_type as NotificationType))
        ? { _id: post.id, title: post.title, eventType: post.event_type as EventType }
        : null,
      moderation: decision
        ? {
            targetType: decision.target_type as ModerationTargetType,
            field: decision.field as ModerationField,
            to: decision.to_value,
            reason: decision.reason,
          }
        : null,
      report: r.notification_type === 'report' && r.entity_id ? (reports.get(r.entity_id) ?? null) : null,
      group:
        r.notification_type === 'groupInvite'
          ? (groups.flatMap((g) => (g.id === r.entity_id ? [{ handle: g.handle, name: g.name }] : []))[0] ?? null)
          : null,
      message: r.notification_type === 'eventMessage' && r.event_message_id ? (messageById.get(r.event_message_id) ?? null) : null,
      reminder:
        r.notification_type === 'eventReminder'
          ? {
              kind: (r.reminder_kind === '1h' ? '1h' : '24h') as ReminderKind,
              startDate: found?.start_date ?? null,
              // Reminders go to participants: the link to take part online is theirs (issue 43).
              onlineUrl: found?.online_url ?? null,
            }
          : null,
    }
  })
}

/** The closed reports of `report` notifications: status and what it was about (the post's title, the user's or the
 * group's name). */
async function reportSummaries(db: Db, ids: string[]): Promise<Map<string, NonNullable<Notification['report']>>> {
  const rows = await db
    .selectFrom('reports as r')
    .leftJoin('posts as p', (join) => join.onRef('p.id', '=', 'r.target_id').on('r.target_type', '=', 'POST'))
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.target_id').on('r.target_type', '=', 'USER'))
    .leftJoin('groups as g', (join) => join.onRef('g.id', '=', 'r.target_id').on('r.target_type', '=', 'GROUP'))
    .select(['r.id', 'r.status', 'r.target_type', 'r.target_id', 'p.title', 'u.name', 'u.lastname', 'u.username', 'g.name as group_name', 'g.handle'])
    .where('r.id', 'in', ids)
    .execute()
  const out = new Map<string, NonNullable<Notification['report']>>()
  for (const row of rows) {
    if (row.status !== 'RESOLVED' && row.status !== 'DISMISSED') continue
    const label =
      row.target_type === 'POST'
        ? row.title
        : row.target_type === 'GROUP'
          ? row.group_name
          : row.username
            ? `${row.name ?? ''} ${row.lastname ?? ''}`.trim() || row.username
            : null
    out.set(row.id, {
      status: row.status,
      targetType: row.target_type as ReportTargetType,
      targetId: row.target_id,
      targetLabel: label ?? null,
      ...(row.target_type === 'GROUP' ? { targetHandle: row.handle } : {}),
    })
  }
  return out
}

const TEXT_CODES: Record<NotificationType, MessageCode> = {
  follow: 'notifyFollow',
  newPost: 'notifyNewPost',
  updatePost: 'notifyUpdatePost',
  invite: 'notifyInvite',
  newParticipate: 'notifyNewParticipate',
  postLike: 'notifyPostLike',
  newMessage: 'notifyNewMessage',
  moderation: 'notifyModerationPostInfo',
  report: 'notifyReportResolved',
  waitlistSeat: 'notifyWaitlistSeat',
  eventCancelled: 'notifyEventCancelled',
  eventMoved: 'notifyEventMoved',
  eventReminder: 'notifyEventReminder24h',
  joinRequest: 'notifyJoinRequest',
  joinAccepted: 'notifyJoinAccepted',
  joinWaitlisted: 'notifyJoinWaitlisted',
  joinDeclined: 'notifyJoinDeclined',
  groupInvite: 'notifyGroupInvite',
  eventMessage: 'notifyEventMessage',
}

/** The text code of a moderation notice: what was decided on the post or the profile. */
function moderationTextCode(n: Notification): MessageCode {
  const m = n.moderation
  if (m?.targetType === 'USER') return m.field === 'moderationImageStatus' ? 'notifyModerationUserImage' : 'notifyModerationUserInfo'
  if (m?.field === 'postStatus') return 'notifyModerationPostDeleted'
  if (m?.field === 'moderationImageStatus') return 'notifyModerationPostImage'
  return 'notifyModerationPostInfo'
}

/** The one-line text of a notification, e.g. "Anna Petrova liked “Jazz night”"; times are in `timeZone`. */
export function notificationText(n: Notification, language: Language, timeZone = 'UTC'): string {
  const t = messages[language]
  const user = n.userFrom ? `${n.userFrom.name} ${n.userFrom.lastname}`.trim() || n.userFrom.username : t.someone
  const code =
    n.notificationType === 'moderation'
      ? moderationTextCode(n)
      : n.notificationType === 'report'
        ? n.report?.status === 'DISMISSED'
          ? 'notifyReportDismissed'
          : 'notifyReportResolved'
        : n.notificationType === 'eventReminder'
          ? n.reminder?.kind === '1h'
            ? 'notifyEventReminder1h'
            : 'notifyEventReminder24h'
          : TEXT_CODES[n.notificationType]
  const text = t[code]
    .replace('{user}', user)
    .replace('{title}', n.report?.targetLabel ?? n.post?.title ?? n.group?.name ?? '…')
    .replace('{time}', formatDateTime(n.reminder?.startDate, language, timeZone))
    // A function, so that "$&" and the like in the organizer's words stay as written.
    .replace('{message}', () => n.message?.body ?? '')
  const reason = n.moderation?.reason
  if (n.reminder?.onlineUrl) return `${text} ${t.notifyEventOnline.replace('{url}', n.reminder.onlineUrl)}`
  return reason ? `${text} ${t.moderationReason.replace('{reason}', reason)}` : text
}

/** {title, body, url} of the push message; url opens the event, or the follower's profile. */
export function pushPayloadOf(n: Notification, language: Language, webUrl: string, timeZone = 'UTC'): PushPayload {
  const url = `${webUrl}${notificationPath(n)}`
  return {
    title: messages[language].pushTitle,
    body: notificationText(n, language, timeZone).slice(0, 300),
    url,
    notificationType: n.notificationType,
    notificationId: n._id,
  }
}
