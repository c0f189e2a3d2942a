// Taking part (SPEC §7 Events): likes, views, seats and the waiting list (decision 028), through the seat
// transactions of seats.ts; hidden accounts' likes and names are left out (loadSocial, decision 032).
import { type WaitlistResponse } from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { PostRow } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import type { PostAccess } from '../../access/policy'
import { isEnded } from './dto'
import { mustAsk, loadSocial, loadUserSummaries, type Viewer, waitlistPlaces } from './relations'
import {
  announceSeats,
  isParticipant,
  joinWaitlist,
  leaveSeat,
  leaveWaitlist,
  lockPost,
  participantIds,
  seatTransaction,
  takeSeat,
} from './seats'
import type { PostRows } from './rows'

/** Who may take a seat or a place in line now, given the policy's answer (the same rules as canJoin). */
export function assertMayTakePart(row: PostRow, access: Pick<PostAccess, 'mayJoin' | 'open' | 'denyCode'>) {
  // An event from the fediverse (decision 040) has its seats on its own server.
  if (row.remote_object !== null) throw new HttpError(400, 'remoteEventReadOnly')
  if (!access.mayJoin) throw new HttpError(403, access.denyCode)
  // Moderators may see a rejected or deleted post; nobody may join one.
  if (!access.open) throw new HttpError(400, 'eventNotAvailable')
  if (isEnded(row)) throw new HttpError(400, 'eventEnded')
  if (row.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
}

export function createParticipation(ctx: AppContext, rows: PostRows) {
  const db: Db = ctx.db
  const { config } = ctx
  const publicUrl = config.publicUrl
  const { getRow, visibleRow, readableRow, ownedRow } = rows

  async function seatsAsSeen(id: string, viewer: Viewer) {
    const social = await loadSocial(db, [id], viewer)
    return {
      participants: social.participants.get(id) ?? [],
      participantsCount: social.seatsTaken.get(id) ?? 0,
      isParticipant: social.joined.has(id),
    }
  }

  /** The seat and the line for one user after a change. */
  async function waitlistState(id: string, userId: string | null): Promise<WaitlistResponse> {
    const row = await getRow(id)
    if (!row) throw new HttpError(404, 'notFound')
    const [participants, count, places] = await Promise.all([
      participantIds(db, id),
      db
        .selectFrom('post_waitlist')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('post_id', '=', id)
        .executeTakeFirst(),
      userId ? waitlistPlaces(db, [id], userId) : Promise.resolve([]),
    ])
    return {
      postId: id,
      isParticipant: userId !== null && participants.includes(userId),
      waitlistPosition: places[0]?.position ?? null,
      waitlistCount: Number(count?.n ?? 0),
      participantsCount: participants.length,
      maxParticipants: row.max_participants,
    }
  }

  /** The organizer's changes of a dated event that a participant must act on: cancelled ones are final. */

  return {
    async setLike(id: string, viewer: Viewer, like?: boolean) {
      const { row } = await readableRow(id, viewer)
      const unlike = () =>
        db
          .deleteFrom('post_likes')
          .where('post_id', '=', id)
          .where('user_id', '=', viewer.id)
          .executeTakeFirst()
      // Toggle: an unlike that removed nothing means there was no like, so it becomes a like.
      const removed = like === true ? 0 : Number((await unlike()).numDeletedRows)
      if (like === true || (like === undefined && removed === 0)) {
        const inserted = await db
          .insertInto('post_likes')
          .values({ post_id: id, user_id: viewer.id, created_at: nowIso() })
          .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
          .executeTakeFirst()
        // Only a new like notifies, and not for liking one's own post.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 && row.posted_by !== viewer.id)
          await ctx.domainEvents.emit({ type: 'postLike', postId: id, userFrom: viewer.id })
      }
      const social = await loadSocial(db, [id], viewer)
      const likes = social.likes.get(id) ?? []
      return { postId: id, likes, likesCount: likes.length, isLiked: likes.includes(viewer.id) }
    },

    async view(id: string, viewer: Viewer) {
      await readableRow(id, viewer)
      await db
        .insertInto('post_views')
        .values({ post_id: id, user_id: viewer.id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .execute()
      const n = await db
        .selectFrom('post_views')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('post_id', '=', id)
        .executeTakeFirst()
      return { postId: id, views: Number(n?.n ?? 0) }
    },

    /** `participate` true/false sets it (a repeat changes nothing); undefined toggles (the mobile app's call). */
    async setParticipation(id: string, viewer: Viewer, participate?: boolean) {
      const { row, rel, access } = await visibleRow(id, viewer)
      if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNoParticipants')
      if (access.isOwner) throw new HttpError(400, 'organizerCannotJoin')
      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        const none = { locked, joined: false, promoted: [] as string[], left: false }
        // Leaving is always allowed; in the transaction, so "already joined" is decided atomically.
        if (participate !== true) {
          const { left, promoted } = await leaveSeat(conn, locked, viewer.id)
          if (left) return { ...none, promoted, left: true }
        }
        if (participate === false) return none
        if (participate === true && (await isParticipant(conn, id, viewer.id))) return none
        assertMayTakePart(row, access)
        // An event that needs approval seats its invitees directly, everyone else through a request.
        if (mustAsk(row, rel)) throw new HttpError(403, 'approvalRequired')
        return { locked, left: false, ...(await takeSeat(conn, locked, viewer.id)) }
      })
      if (seats.left) await ctx.domainEvents.emit({ type: 'participantLeft', postId: id, userFrom: viewer.id })
      await announceSeats(ctx, seats.locked, {
        joined: seats.joined ? viewer.id : null,
        promoted: seats.promoted,
      })
      return { postId: id, ...(await seatsAsSeen(id, viewer)), maxParticipants: row.max_participants }
    },

    async participants(id: string, viewer: Viewer | null) {
      const { row } = await readableRow(id, viewer)
      const ids = (await loadSocial(db, [id], viewer)).participants.get(id) ?? []
      const users = await loadUserSummaries(db, [...ids, row.posted_by], publicUrl, viewer)
      const owner = users.get(row.posted_by)
      if (!owner) throw new HttpError(404, 'notFound')
      return {
        participants: ids.flatMap((u) => {
          const s = users.get(u)
          return s ? [s] : []
        }),
        postedBy: owner,
        maxParticipants: row.max_participants,
      }
    },

    async removeParticipant(id: string, userId: string, viewer: Viewer) {
      const row = await ownedRow(id, viewer)
      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        const { left, promoted } = await leaveSeat(conn, locked, userId)
        if (!left) throw new HttpError(404, 'notParticipant')
        return { locked, promoted }
      })
      await ctx.domainEvents.emit({ type: 'participantLeft', postId: id, userFrom: userId })
      await announceSeats(ctx, seats.locked, { promoted: seats.promoted })
      return { postId: id, ...(await seatsAsSeen(id, viewer)), maxParticipants: row.max_participants }
    },

    /**
     * PUT /event/{id}/waitlist: a place at the end of the line of a full event, for whoever may join it. A free
     * seat (nobody waiting for it) is taken at once instead.
     */
    async joinWaitlist(id: string, viewer: Viewer): Promise<WaitlistResponse> {
      const { row, rel, access } = await visibleRow(id, viewer)
      if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNoParticipants')
      if (access.isOwner) throw new HttpError(400, 'organizerCannotJoin')
      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        if (await isParticipant(conn, id, viewer.id))
          return { locked, joined: false, promoted: [] as string[] }
        assertMayTakePart(row, access)
        // An event that needs approval seats its invitees directly, everyone else through a request.
        if (mustAsk(row, rel)) throw new HttpError(403, 'approvalRequired')
        if (locked.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
        // A seat if one is free once the line is served (takeSeat serves it first), else the end of the line.
        try {
          return { locked, ...(await takeSeat(conn, locked, viewer.id)) }
        } catch (error) {
          if (!(error instanceof HttpError && error.code === 'eventFull')) throw error
        }
        await joinWaitlist(conn, id, viewer.id)
        return { locked, joined: false, promoted: [] as string[] }
      })
      await announceSeats(ctx, seats.locked, {
        joined: seats.joined ? viewer.id : null,
        promoted: seats.promoted,
      })
      return waitlistState(id, viewer.id)
    },

    /** DELETE /event/{id}/waitlist: leaves the line (always allowed; a repeat changes nothing). */
    async leaveWaitlist(id: string, viewer: Viewer): Promise<WaitlistResponse> {
      await visibleRow(id, viewer)
      await seatTransaction(ctx, async (conn) => {
        await lockPost(conn, ctx.dialect, id)
        await leaveWaitlist(conn, id, viewer.id)
      })
      return waitlistState(id, viewer.id)
    },

    /** DELETE /event/{id}/waitlist/{userId}: the organizer takes someone out of the line. */
    async removeFromWaitlist(id: string, userId: string, viewer: Viewer): Promise<WaitlistResponse> {
      await ownedRow(id, viewer)
      const removed = await seatTransaction(ctx, async (conn) => {
        await lockPost(conn, ctx.dialect, id)
        return leaveWaitlist(conn, id, userId.slice(0, 100))
      })
      if (!removed) throw new HttpError(404, 'notWaiting')
      return waitlistState(id, null)
    },

    /** GET /event/{id}/waitlist: the line in order, for the organizer and moderators. */
    async waitlist(id: string, viewer: Viewer) {
      const { access } = await visibleRow(id, viewer)
      if (!access.isOwner && !access.isModerator) throw new HttpError(403, 'notOrganizer')
      const rows = await db
        .selectFrom('post_waitlist')
        .select(['user_id', 'created_at'])
        .where('post_id', '=', id)
        .orderBy('position')
        .execute()
      const users = await loadUserSummaries(
        db,
        rows.map((r) => r.user_id),
        publicUrl,
        viewer,
      )
      return {
        postId: id,
        waiting: rows.flatMap((r, index) => {
          const user = users.get(r.user_id)
          return user ? [{ user, position: index + 1, since: r.created_at }] : []
        }),
      }
    },
  }
}
