// Invitations (SPEC §2 event page, §4, §6, §7). The organizer of an event invites followers; recipients
// accept (joining within maxParticipants, atomically) or decline; the organizer sees the status of each
// recipient and may revoke one. A recipient is invited once per event whatever the number of invitations.
// {id} in the paths is an invitation id; GET statuses, respond and revoke also take the event's id (the
// event page knows the post, and one event may have several invitations).
import {
  type CreateInvitationInput,
  type CreateInvitationResponse,
  INVITATION_LIMITS,
  type InvitationRecipient,
  type InvitationResponse,
  type InvitationStatus,
  type MyInvitation,
  type UserSummary,
} from '#contract'
import { eventRoleIn } from '../../access/group-roles'
import { postAccess, postsVisibleTo, type PostTies } from '../../access/policy'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import type { PostRow } from '../../db/schema'
import { newId } from '../../lib/crypto'
import { type FieldErrors, HttpError } from '../../lib/errors'
import { isEnded, toEventDtos } from '../events/dto'
import { loadUserSummaries, type Viewer } from '../events/relations'
import { announceSeats, isParticipant, leaveSeat, lockPost, participantIds, seatTransaction, takeSeat } from '../events/seats'

const NO_TIES: PostTies = { isParticipant: false, isInvited: false, followsAuthor: false, authorInactive: false }

const emptyUser = (id: string): UserSummary => ({ _id: id, name: '', lastname: '', username: '', avatarFile: null })

export function createInvitationsService(ctx: AppContext) {
  const { db } = ctx
  const publicUrl = ctx.config.publicUrl

  async function getPost(id: string): Promise<PostRow | undefined> {
    if (id.length > 100) return undefined
    return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The post for its organizer (the access policy's mayEdit): 404 when gone or hidden, 403 for anyone else. */
  async function requireOrganizer(post: PostRow | undefined, viewer: Viewer) {
    if (!post || post.post_status === 'DELETED') throw new HttpError(404, 'notFound')
    // Only an organizer passes (the author, or a co-organizer of its group); their other ties do not matter here.
    const access = postAccess(post, viewer, { ...NO_TIES, groupRole: await eventRoleIn(db, post.group_id, viewer.id) })
    if (!access.visible) throw new HttpError(404, 'notFound')
    if (!access.mayEdit) throw new HttpError(403, 'notOrganizer')
    return { post, access }
  }

  /** {id}: an invitation id, or a post id (every invitation of that event). */
  async function resolve(id: string): Promise<{ postId: string; invitationId: string | null }> {
    if (id.length > 100) throw new HttpError(404, 'invitationNotFound')
    const inv = await db.selectFrom('invitations').select(['id', 'post_id']).where('id', '=', id).executeTakeFirst()
    if (inv) return { postId: inv.post_id, invitationId: inv.id }
    const post = await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst()
    if (post) return { postId: post.id, invitationId: null }
    throw new HttpError(404, 'invitationNotFound')
  }

  async function recipientRows(postId: string, opts: { invitationId?: string | null; userIds?: string[] } = {}) {
    let q = db
      .selectFrom('invitation_recipients as r')
      .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
      .select(['r.id', 'r.invitation_id', 'r.recipient_id', 'r.status', 'r.responded_at', 'r.created_at'])
      .where('i.post_id', '=', postId)
    if (opts.invitationId) q = q.where('r.invitation_id', '=', opts.invitationId)
    if (opts.userIds) q = q.where('r.recipient_id', 'in', opts.userIds)
    return q.orderBy('r.created_at').orderBy('r.id').execute()
  }

  return {
    async create(input: CreateInvitationInput, viewer: Viewer): Promise<CreateInvitationResponse> {
      const { post, access } = await requireOrganizer(await getPost(input.postId), viewer)
      if (post.event_type === 'PLACE') throw new HttpError(400, 'invitationsNotForPlaces')
      if (!access.open) throw new HttpError(400, 'eventNotAvailable')
      if (isEnded(post)) throw new HttpError(400, 'eventEnded')
      if (post.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')

      const ids = [...new Set(input.recipientIds)]
      const errors: FieldErrors = {}
      const followers = new Set(
        (
          await db
            .selectFrom('follows')
            .select('follower_id')
            .where('followee_id', '=', viewer.id)
            .where('follower_id', 'in', ids)
            .execute()
        ).map((r) => r.follower_id),
      )
      input.recipientIds.forEach((rid, i) => {
        if (rid === viewer.id) errors[`recipientIds.${i}`] = ['cannotInviteSelf']
        else if (!followers.has(rid)) errors[`recipientIds.${i}`] = ['notFollower']
      })
      if (Object.keys(errors).length) {
        const codes = new Set(Object.values(errors).flat())
        errors.recipientIds = [...codes]
        throw new HttpError(400, codes.has('notFollower') ? 'notFollower' : 'cannotInviteSelf', errors)
      }

      const invitationId = newId()
      const now = nowIso()
      const outcome = await seatTransaction(ctx, async (conn) => {
        await lockPost(conn, ctx.dialect, post.id)
        const existing = await conn
          .selectFrom('invitation_recipients as r')
          .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
          .select(['r.recipient_id', 'r.status', 'r.invitation_id'])
          .where('i.post_id', '=', post.id)
          .where('r.recipient_id', 'in', ids)
          .execute()
        const invited = new Map(existing.map((e) => [e.recipient_id, e]))
        const participants = new Set(
          (
            await conn
              .selectFrom('post_participants')
              .select('user_id')
              .where('post_id', '=', post.id)
              .where('user_id', 'in', ids)
              .execute()
          ).map((r) => r.user_id),
        )
        const fresh = ids.filter((id) => !invited.has(id) && !participants.has(id))
        if (fresh.length === 0) throw new HttpError(409, 'alreadyInvited')
        await conn.insertInto('invitations').values({ id: invitationId, post_id: post.id, sender_id: viewer.id, created_at: now }).execute()
        await conn
          .insertInto('invitation_recipients')
          .values(
            fresh.map((recipient) => ({
              id: newId(),
              invitation_id: invitationId,
              recipient_id: recipient,
              status: 'PENDING',
              responded_at: null,
              created_at: now,
            })),
          )
          .execute()
        return { fresh, invited, participants }
      })

      await ctx.domainEvents.emit({ type: 'invite', userFrom: viewer.id, postId: post.id, invitationId, recipientIds: outcome.fresh })

      const users = await loadUserSummaries(db, ids, publicUrl)
      const freshSet = new Set(outcome.fresh)
      return {
        _id: invitationId,
        id: invitationId,
        postId: post.id,
        createdAt: now,
        recipients: ids.map((rid) => {
          const before = outcome.invited.get(rid)
          const recipient = users.get(rid) ?? emptyUser(rid)
          if (freshSet.has(rid)) return { recipientId: rid, recipient, invitationId, status: 'PENDING' as const, result: 'invited' as const }
          if (before)
            return {
              recipientId: rid,
              recipient,
              invitationId: before.invitation_id,
              status: before.status as InvitationStatus,
              result: 'alreadyInvited' as const,
            }
          return { recipientId: rid, recipient, invitationId: null, status: null, result: 'alreadyParticipant' as const }
        }),
      }
    },

    /** Invitations the caller received (newest first), each with the post as the caller may see it. */
    async mine(viewer: Viewer, page: number) {
      const size = INVITATION_LIMITS.pageSize
      const rows = await db
        .selectFrom('invitation_recipients as r')
        .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
        .innerJoin('posts as p', 'p.id', 'i.post_id')
        .select(['r.invitation_id', 'r.status', 'r.created_at', 'i.post_id', 'i.sender_id'])
        .where('r.recipient_id', '=', viewer.id)
        .where(postsVisibleTo(viewer, 'p'))
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(size + 1)
        .offset((page - 1) * size)
        .execute()
      const pageRows = rows.slice(0, size)
      const postIds = [...new Set(pageRows.map((r) => r.post_id))]
      const posts = postIds.length ? await db.selectFrom('posts').selectAll().where('id', 'in', postIds).execute() : []
      const [events, senders] = await Promise.all([
        toEventDtos(db, posts, viewer, publicUrl),
        loadUserSummaries(
          db,
          pageRows.map((r) => r.sender_id),
          publicUrl,
        ),
      ])
      const eventById = new Map(events.map((e) => [e._id, e]))
      const invitations: MyInvitation[] = pageRows.flatMap((r) => {
        const event = eventById.get(r.post_id)
        if (!event) return []
        return [
          {
            ...event,
            postId: r.post_id,
            invitationId: r.invitation_id,
            status: r.status as InvitationStatus,
            invitedAt: r.created_at,
            invitedBy: senders.get(r.sender_id) ?? emptyUser(r.sender_id),
          },
        ]
      })
      return { invitations, page, pageSize: size, hasMore: rows.length > size }
    },

    async statuses(id: string, viewer: Viewer) {
      const { postId, invitationId } = await resolve(id)
      await requireOrganizer(await getPost(postId), viewer)
      const rows = await recipientRows(postId, { invitationId })
      const users = await loadUserSummaries(
        db,
        rows.map((r) => r.recipient_id),
        publicUrl,
      )
      const statuses: InvitationRecipient[] = rows.map((r) => ({
        _id: r.id,
        invitationId: r.invitation_id,
        recipientId: r.recipient_id,
        recipient: users.get(r.recipient_id) ?? emptyUser(r.recipient_id),
        status: r.status as InvitationStatus,
        respondedAt: r.responded_at,
        createdAt: r.created_at,
      }))
      return { postId, invitationId, statuses }
    },

    async respond(id: string, status: InvitationResponse, viewer: Viewer) {
      const { postId, invitationId } = await resolve(id)
      const [mine] = await recipientRows(postId, { invitationId, userIds: [viewer.id] })
      if (!mine) throw new HttpError(404, 'invitationNotFound')
      const post = await getPost(postId)
      if (!post || !postAccess(post, viewer, NO_TIES).open) throw new HttpError(404, 'notFound')

      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, postId)
        // Revoked meanwhile?
        const still = await conn.selectFrom('invitation_recipients').select('id').where('id', '=', mine.id).executeTakeFirst()
        if (!still) throw new HttpError(404, 'invitationNotFound')
        let joined = false
        let promoted: string[]
        if (status === 'ACCEPTED') {
          if (!(await isParticipant(conn, postId, viewer.id)) && isEnded(post)) throw new HttpError(400, 'eventEnded')
          // 409 eventFull rolls the whole transaction back: the status stays as it was.
          ;({ joined, promoted } = await takeSeat(conn, locked, viewer.id))
        } else {
          ;({ promoted } = await leaveSeat(conn, locked, viewer.id))
        }
        await conn.updateTable('invitation_recipients').set({ status, responded_at: nowIso() }).where('id', '=', mine.id).execute()
        return { locked, joined, promoted }
      })
      await announceSeats(ctx, seats.locked, { joined: seats.joined ? viewer.id : null, promoted: seats.promoted })
      const participants = await participantIds(db, postId)
      return {
        invitationId: mine.invitation_id,
        postId,
        status,
        isParticipant: participants.includes(viewer.id),
        participantsCount: participants.length,
        maxParticipants: post.max_participants,
      }
    },

    /** The organizer withdraws one recipient's invitation; one who had accepted also leaves the event. */
    async revoke(id: string, userId: string, viewer: Viewer) {
      const { postId } = await resolve(id)
      await requireOrganizer(await getPost(postId), viewer)
      const { leftEvent, promoted, locked } = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, postId)
        const rows = await conn
          .selectFrom('invitation_recipients as r')
          .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
          .select(['r.id', 'r.status'])
          .where('i.post_id', '=', postId)
          .where('r.recipient_id', '=', userId)
          .execute()
        if (rows.length === 0) throw new HttpError(404, 'notInvited')
        await conn
          .deleteFrom('invitation_recipients')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
        const seat = rows.some((r) => r.status === 'ACCEPTED') ? await leaveSeat(conn, locked, userId) : { left: false, promoted: [] }
        return { leftEvent: seat.left, promoted: seat.promoted, locked }
      })
      await announceSeats(ctx, locked, { promoted })
      // The invitation notification would lead to an event the user may no longer open.
      await db
        .deleteFrom('notifications')
        .where('recipient_id', '=', userId)
        .where('notification_type', '=', 'invite')
        .where('entity_id', '=', postId)
        .execute()
      return { postId, userId, revoked: true as const, leftEvent }
    },
  }
}
