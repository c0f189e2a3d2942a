// Notifications: rows made from domain events for the right recipients (ARCHITECTURE: follow → followee;
// newPost → the author's followers (and a group's followers, or its members for a members-only event); updatePost → participants; invite → recipients; newParticipate →
// organizer; postLike → post owner; never the actor; eventReminder → the participants the reminders job
// claimed, decision 030; eventMessage → the people the organizer's message went to, issue 45), then delivered in the background over the socket
// and by web push. Storing is awaited (the response that caused it comes after); delivering is not.
import { languageOr, type Language, NOTIFICATION_LIMITS, REALTIME, type NotificationType } from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { Work } from '../../db/transaction'
import type { DomainEvent } from '../../lib/domain-events'
import { newId } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'
import { joinAnswerMail, type MailContent, waitlistSeatMail } from '../../mail/templates'
import { createPushService } from '../push/service'
import { type NotificationRow, pushPayloadOf, toNotificationDtos } from './dto'
import { activeAccounts } from '../../access/policy'

/** Types that toggle (follow, like, join): an unopened identical notification is not repeated. */
const TOGGLE_TYPES: readonly NotificationType[] = ['follow', 'postLike', 'newParticipate']
const INSERT_CHUNK = 500

export function createNotificationsService(ctx: AppContext) {
  const { db, log, config } = ctx
  const push = createPushService(ctx)
  const pending = new Set<Promise<void>>()

  async function existingUserIds(conn: Db, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return []
    const out: string[] = []
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      // A remote actor (decision 040) hears nothing from here: its server is where it reads.
      const rows = await conn
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
        .where('remote_actor', 'is', null)
        .execute()
      out.push(...rows.map((r) => r.id))
    }
    return out
  }

  /** Everyone an event's cancellation or new dates concern: participants, people waiting or asking, invitees who did not decline. */
  async function concernedWith(conn: Db, postId: string): Promise<string[]> {
    const [participants, waiting, asking, invited] = await Promise.all([
      conn.selectFrom('post_participants').select('user_id').where('post_id', '=', postId).execute(),
      conn.selectFrom('post_waitlist').select('user_id').where('post_id', '=', postId).execute(),
      conn.selectFrom('post_join_requests').select('user_id').where('post_id', '=', postId).where('status', '=', 'PENDING').execute(),
      conn
        .selectFrom('invitation_recipients as r')
        .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
        .select('r.recipient_id as user_id')
        .where('i.post_id', '=', postId)
        .where('r.status', '!=', 'DECLINED')
        .execute(),
    ])
    return [...participants, ...waiting, ...asking, ...invited].map((r) => r.user_id)
  }

  /** Recipients and entity of a domain event (the actor is removed later). */
  async function targetsOf(
    conn: Db,
    event: DomainEvent,
  ): Promise<{ type: NotificationType; entityId: string; recipients: string[]; logId?: string; reminderKind?: string; messageId?: string } | null> {
    if (event.type === 'reportClosed') {
      return { type: 'report', entityId: event.reportId, recipients: await existingUserIds(conn, [event.recipientId]) }
    }
    if (event.type === 'groupInvite') {
      return { type: 'groupInvite', entityId: event.groupId, recipients: await existingUserIds(conn, event.recipientIds) }
    }
    if (event.type === 'moderation') {
      return { type: 'moderation', entityId: event.targetId, recipients: await existingUserIds(conn, [event.recipientId]), logId: event.logId }
    }
    if (event.type === 'follow') {
      return { type: 'follow', entityId: event.userFrom, recipients: await existingUserIds(conn, [event.followeeId]) }
    }
    if (event.type === 'invite') {
      return { type: 'invite', entityId: event.postId, recipients: await existingUserIds(conn, event.recipientIds) }
    }
    // What only the fediverse hears of (api/federation).
    if (
      event.type === 'postRemoved' ||
      event.type === 'postPhotosChanged' ||
      event.type === 'accountGone' ||
      event.type === 'groupChanged' ||
      event.type === 'federationSwitch' ||
      event.type === 'unfollow' ||
      event.type === 'postsImported' ||
      event.type === 'participantLeft'
    )
      return null
    const post = await conn
      .selectFrom('posts')
      .select(['id', 'posted_by', 'post_status', 'group_id', 'access_type'])
      .where('id', '=', event.postId)
      .executeTakeFirst()
    if (!post || post.post_status !== 'ACTIVE') return null
    switch (event.type) {
      case 'newPost': {
        // A group's event (issue 45): its members-only ones to its members; the others to the group's followers too.
        if (post.group_id && post.access_type === 'SUBSCRIBERS') {
          const members = await conn.selectFrom('group_members').select('user_id').where('group_id', '=', post.group_id).execute()
          return { type: 'newPost', entityId: post.id, recipients: members.map((r) => r.user_id) }
        }
        const rows = await conn.selectFrom('follows').select('follower_id').where('followee_id', '=', post.posted_by).execute()
        const groupFollowers = post.group_id ? await conn.selectFrom('group_followers').select('user_id').where('group_id', '=', post.group_id).execute() : []
        return { type: 'newPost', entityId: post.id, recipients: [...new Set([...rows.map((r) => r.follower_id), ...groupFollowers.map((r) => r.user_id)])] }
      }
      case 'updatePost': {
        const rows = await conn.selectFrom('post_participants').select('user_id').where('post_id', '=', post.id).execute()
        return { type: 'updatePost', entityId: post.id, recipients: rows.map((r) => r.user_id) }
      }
      case 'newParticipate':
      case 'postLike':
        return { type: event.type, entityId: post.id, recipients: await existingUserIds(conn, [post.posted_by]) }
      case 'waitlistSeat':
      case 'joinAccepted':
      case 'joinWaitlisted':
      case 'joinDeclined':
        return { type: event.type, entityId: post.id, recipients: await existingUserIds(conn, event.recipientIds) }
      case 'joinRequest':
        return { type: 'joinRequest', entityId: post.id, recipients: await existingUserIds(conn, [post.posted_by]) }
      case 'eventCancelled':
      case 'eventMoved':
        return { type: event.type, entityId: post.id, recipients: await concernedWith(conn, post.id) }
      case 'eventReminder':
        return { type: 'eventReminder', entityId: post.id, recipients: await existingUserIds(conn, event.recipientIds), reminderKind: event.kind }
      case 'eventMessage':
        return { type: 'eventMessage', entityId: post.id, recipients: await existingUserIds(conn, event.recipientIds), messageId: event.messageId }
      default:
        return null
    }
  }

  /** Stores the notification rows of one domain event; answers the rows created. */
  async function createFrom(conn: Db, event: DomainEvent): Promise<NotificationRow[]> {
    const target = await targetsOf(conn, event)
    if (!target) return []
    let recipients = [...new Set(target.recipients)].filter((id) => id !== event.userFrom)
    if (recipients.length === 0) return []
    if (TOGGLE_TYPES.includes(target.type)) {
      const repeated = await conn
        .selectFrom('notifications')
        .select('recipient_id')
        .where('recipient_id', 'in', recipients)
        .where('notification_type', '=', target.type)
        .where('user_from', '=', event.userFrom)
        .where('entity_id', '=', target.entityId)
        .where('opened_at', 'is', null)
        .execute()
      const skip = new Set(repeated.map((r) => r.recipient_id))
      recipients = recipients.filter((id) => !skip.has(id))
    }
    const now = nowIso()
    const rows: NotificationRow[] = recipients.map((recipient) => ({
      id: newId(),
      recipient_id: recipient,
      notification_type: target.type,
      // Moderators act as "the moderators": the owner is not told which one decided.
      user_from: target.type === 'moderation' || target.type === 'report' ? null : event.userFrom,
      entity_id: target.entityId,
      opened_at: null,
      created_at: now,
      moderation_log_id: target.logId ?? null,
      reminder_kind: target.reminderKind ?? null,
      event_message_id: target.messageId ?? null,
    }))
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await conn.insertInto('notifications').values(rows.slice(i, i + INSERT_CHUNK)).execute()
    return rows
  }

  /** The notices that also go by mail: a seat, or an answer to a request, the person may have stopped watching for. */
  function mailOf(type: DomainEvent['type']): ((language: Language, name: string, title: string, url: string) => MailContent) | null {
    if (type === 'waitlistSeat') return waitlistSeatMail
    if (type === 'joinAccepted') return (l, n, t, u) => joinAnswerMail(l, n, t, u, 'accepted')
    if (type === 'joinWaitlisted') return (l, n, t, u) => joinAnswerMail(l, n, t, u, 'waitlisted')
    if (type === 'joinDeclined') return (l, n, t, u) => joinAnswerMail(l, n, t, u, 'declined')
    return null
  }

  async function mailAbout(postId: string, recipients: string[], mail: NonNullable<ReturnType<typeof mailOf>>): Promise<void> {
    const post = await db.selectFrom('posts').select(['title']).where('id', '=', postId).executeTakeFirst()
    if (!post) return
    const users = await db
      .selectFrom('users')
      .select(['email', 'name', 'locale'])
      .where('id', 'in', recipients)
      .where('email', 'is not', null)
      .where(activeAccounts())
      .execute()
    const url = `${config.webUrl}/event/${encodeURIComponent(postId)}`
    for (const user of users)
      if (user.email) ctx.sendMail({ to: user.email, ...mail(user.locale === 'ru' ? 'ru' : 'en', user.name, post.title, url) })
  }

  /** Socket to every device of each recipient, then web push; failures are logged, never thrown. */
  async function deliver(rows: NotificationRow[]): Promise<void> {
    const dtos = await toNotificationDtos(db, rows, config.publicUrl)
    for (const [i, dto] of dtos.entries()) {
      const recipient = rows[i]?.recipient_id
      if (recipient) ctx.realtime.emitToUser(recipient, REALTIME.events.newNotification, dto)
    }
    if (!ctx.webPush.enabled) return
    const recipients = [...new Set(rows.map((r) => r.recipient_id))]
    const locales = new Map<string, Language>()
    for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
      const users = await db.selectFrom('users').select(['id', 'locale']).where('id', 'in', recipients.slice(i, i + INSERT_CHUNK)).execute()
      for (const u of users) locales.set(u.id, languageOr(u.locale))
    }
    // One domain event gives each recipient at most one notification.
    const payloads = new Map(
      dtos.map((dto, i) => {
        const recipient = rows[i]?.recipient_id ?? ''
        return [recipient, pushPayloadOf(dto, locales.get(recipient) ?? 'en', config.webUrl, config.timeZone)] as const
      }),
    )
    await push.sendToUsers(payloads)
  }

  function deliverInBackground(rows: NotificationRow[]) {
    const p: Promise<void> = deliver(rows)
      .catch((err: unknown) => log.error({ err }, 'notification delivery failed'))
      .finally(() => pending.delete(p))
    pending.add(p)
  }

  async function ownRow(userId: string, id: string): Promise<NotificationRow> {
    const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).where('recipient_id', '=', userId).executeTakeFirst()
    if (!row) throw new HttpError(404, 'notFound')
    return row
  }

  async function unreadCount(userId: string): Promise<number> {
    const n = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('recipient_id', '=', userId)
      .where('opened_at', 'is', null)
      .executeTakeFirst()
    return Number(n?.n ?? 0)
  }

  function newestFirst(userId: string) {
    return db
      .selectFrom('notifications')
      .selectAll()
      .where('recipient_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }

  return {
    /**
     * The domain-event listener: stores rows now (in the emitter's transaction when there is one) and delivers
     * them in the background once they are committed.
     */
    async handle(event: DomainEvent, work?: Work): Promise<void> {
      const rows = await createFrom(work?.db ?? db, event)
      if (rows.length === 0) return
      const mail = mailOf(event.type)
      const seatMail = () =>
        mail && 'postId' in event ? mailAbout(event.postId, rows.map((r) => r.recipient_id), mail) : Promise.resolve()
      if (work) {
        work.afterCommit(() => {
          deliverInBackground(rows)
          seatMail().catch((err: unknown) => log.error({ err }, 'seat mail failed'))
        })
        return
      }
      deliverInBackground(rows)
      await seatMail()
    },

    /** Resolves when every delivery started so far has finished. */
    async flush(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending])
    },

    async list(userId: string, page: number) {
      const size = NOTIFICATION_LIMITS.pageSize
      const rows = await newestFirst(userId)
        .limit(size + 1)
        .offset((page - 1) * size)
        .execute()
      return {
        notifications: await toNotificationDtos(db, rows.slice(0, size), config.publicUrl),
        page,
        pageSize: size,
        hasMore: rows.length > size,
      }
    },

    async latest(userId: string) {
      const [rows, count] = await Promise.all([newestFirst(userId).limit(NOTIFICATION_LIMITS.latest).execute(), unreadCount(userId)])
      return { lastNotifications: await toNotificationDtos(db, rows, config.publicUrl), count }
    },

    async markOpened(userId: string, id: string) {
      await ownRow(userId, id)
      await db
        .updateTable('notifications')
        .set({ opened_at: nowIso() })
        .where('id', '=', id)
        .where('recipient_id', '=', userId)
        .where('opened_at', 'is', null)
        .execute()
      const [dto] = await toNotificationDtos(db, [await ownRow(userId, id)], config.publicUrl)
      if (!dto) throw new HttpError(404, 'notFound')
      return dto
    },

    async markAllOpened(userId: string) {
      const res = await db
        .updateTable('notifications')
        .set({ opened_at: nowIso() })
        .where('recipient_id', '=', userId)
        .where('opened_at', 'is', null)
        .executeTakeFirst()
      return { updated: Number(res.numUpdatedRows), count: await unreadCount(userId) }
    },

    async remove(userId: string, id: string) {
      const res = await db.deleteFrom('notifications').where('id', '=', id).where('recipient_id', '=', userId).executeTakeFirst()
      if (Number(res.numDeletedRows) === 0) throw new HttpError(404, 'notFound')
      return { _id: id, deleted: true as const }
    },
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>
