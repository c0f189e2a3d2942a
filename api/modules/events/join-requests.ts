// Events that need the organizer's approval (issue 27, decision 042). People ask to join; the organizer
// accepts or declines each request, or all at once. An accepted request takes a seat under the same seat
// rules as Join, in the same seat transaction (a full event puts the person in line, a freed seat goes to the
// line first); a declined request stays, so that person cannot ask again. Invitees join directly.
import type { JoinDecisionBody, JoinDecisionResult, JoinRequestList, JoinRequestState } from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { activeAccounts } from '../../access/policy'
import { HttpError } from '../../lib/errors'
import { loadUserSummaries, mustAsk, type Viewer, waitlistPlaces } from './relations'
import { assertMayTakePart } from './participation'
import type { PostRows } from './rows'
import { announceSeats, isParticipant, isWaiting, joinWaitlist, lockPost, seatTransaction, takeSeat } from './seats'

async function requestOf(conn: Db, postId: string, userId: string) {
  return conn
    .selectFrom('post_join_requests')
    .select(['status', 'created_at'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

async function pendingCount(conn: Db, postId: string): Promise<number> {
  const row = await conn
    .selectFrom('post_join_requests')
    .innerJoin('users', 'users.id', 'post_join_requests.user_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('post_join_requests.post_id', '=', postId)
    .where('post_join_requests.status', '=', 'PENDING')
    .where(activeAccounts('users'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export function createJoinRequests(ctx: AppContext, rows: PostRows) {
  const db: Db = ctx.db
  const { visibleRow } = rows

  async function stateOf(postId: string, userId: string): Promise<JoinRequestState> {
    const [request, participant, places] = await Promise.all([
      requestOf(db, postId, userId),
      isParticipant(db, postId, userId),
      waitlistPlaces(db, [postId], userId),
    ])
    return {
      postId,
      joinRequest: request ? { status: request.status, createdAt: request.created_at } : null,
      isParticipant: participant,
      waitlistPosition: places[0]?.position ?? null,
    }
  }

  return {
    /** PUT /event/{id}/join-request: asks the organizer (idempotent); 403 requestDeclined after a decline. */
    async askToJoin(id: string, viewer: Viewer): Promise<JoinRequestState> {
      const { row, rel, access } = await visibleRow(id, viewer)
      if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNoParticipants')
      if (access.isOwner) throw new HttpError(400, 'organizerCannotJoin')
      assertMayTakePart(row, access)
      if (!mustAsk(row, rel)) throw new HttpError(400, 'approvalNotNeeded')
      const asked = await seatTransaction(ctx, async (conn) => {
        await lockPost(conn, ctx.dialect, id)
        if ((await isParticipant(conn, id, viewer.id)) || (await isWaiting(conn, id, viewer.id))) return false
        const existing = await requestOf(conn, id, viewer.id)
        if (existing?.status === 'DECLINED') throw new HttpError(403, 'requestDeclined')
        if (existing) return false
        await conn
          .insertInto('post_join_requests')
          .values({ post_id: id, user_id: viewer.id, status: 'PENDING', created_at: nowIso(), decided_at: null })
          .execute()
        return true
      })
      if (asked) await ctx.domainEvents.emit({ type: 'joinRequest', postId: id, userFrom: viewer.id })
      return stateOf(id, viewer.id)
    },

    /** DELETE /event/{id}/join-request: withdraws a pending request (a declined one stays; idempotent). */
    async withdrawRequest(id: string, viewer: Viewer): Promise<JoinRequestState> {
      const { row } = await visibleRow(id, viewer)
      const withdrawn = await db
        .deleteFrom('post_join_requests')
        .where('post_id', '=', id)
        .where('user_id', '=', viewer.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()
      // The organizer's unread notice of it goes too: asking again and again does not ring their bell each time.
      if (Number(withdrawn.numDeletedRows) > 0)
        await db
          .deleteFrom('notifications')
          .where('recipient_id', '=', row.posted_by)
          .where('notification_type', '=', 'joinRequest')
          .where('user_from', '=', viewer.id)
          .where('entity_id', '=', id)
          .where('opened_at', 'is', null)
          .execute()
      return stateOf(id, viewer.id)
    },

    /** GET /event/{id}/join-requests: the pending requests, oldest first (the organizer and moderators). */
    async joinRequests(id: string, viewer: Viewer): Promise<JoinRequestList> {
      const { access } = await visibleRow(id, viewer)
      if (!access.isOwner && !access.isModerator) throw new HttpError(403, 'notOrganizer')
      const list = await db
        .selectFrom('post_join_requests')
        .select(['user_id', 'status', 'created_at'])
        .where('post_id', '=', id)
        .orderBy('created_at')
        .orderBy('user_id')
        .execute()
      const pending = list.filter((r) => r.status === 'PENDING')
      const users = await loadUserSummaries(
        db,
        pending.map((r) => r.user_id),
        ctx.config.publicUrl,
        viewer,
      )
      return {
        postId: id,
        requests: pending.flatMap((r) => {
          const user = users.get(r.user_id)
          return user ? [{ user, since: r.created_at }] : []
        }),
        declinedCount: list.length - pending.length,
      }
    },

    /**
     * PUT /event/{id}/join-requests[/{userId}]: the organizer accepts or declines one pending request, or every
     * one (userId null), oldest first. Accepting seats each person while seats are free, then puts the rest in
     * line, all in one seat transaction; a cancelled or ended event accepts nobody.
     */
    async decideJoinRequests(
      id: string,
      userId: string | null,
      body: JoinDecisionBody,
      viewer: Viewer,
    ): Promise<JoinDecisionResult> {
      const { row, access } = await visibleRow(id, viewer)
      if (row.post_status === 'DELETED') throw new HttpError(404, 'notFound')
      if (!access.mayEdit) throw new HttpError(403, 'notOrganizer')
      if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNoParticipants')
      const accept = body.decision === 'ACCEPT'
      const outcome = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        // A deactivated account's request waits hidden (the list leaves it out): nobody decides on it.
        let query = conn
          .selectFrom('post_join_requests')
          .innerJoin('users', 'users.id', 'post_join_requests.user_id')
          .select('post_join_requests.user_id')
          .where('post_join_requests.post_id', '=', id)
          .where('post_join_requests.status', '=', 'PENDING')
          .where(activeAccounts('users'))
          .orderBy('post_join_requests.created_at')
          .orderBy('post_join_requests.user_id')
        if (userId !== null) query = query.where('post_join_requests.user_id', '=', userId)
        const requesters = (await query.execute()).map((r) => r.user_id)
        if (userId !== null && requesters.length === 0) throw new HttpError(404, 'noJoinRequest')
        const result = { locked, seated: [] as string[], waitlisted: [] as string[], declined: [] as string[], promoted: [] as string[] }
        if (!accept) {
          if (requesters.length)
            await conn
              .updateTable('post_join_requests')
              .set({ status: 'DECLINED', decided_at: nowIso() })
              .where('post_id', '=', id)
              .where('user_id', 'in', requesters)
              .execute()
          result.declined = requesters
          return result
        }
        // The organizer seats people whatever the access type; the event must still take participants.
        assertMayTakePart(row, { ...access, mayJoin: true })
        for (const requester of requesters) {
          await conn
            .deleteFrom('post_join_requests')
            .where('post_id', '=', id)
            .where('user_id', '=', requester)
            .execute()
          try {
            const seat = await takeSeat(conn, locked, requester)
            result.promoted.push(...seat.promoted)
            if (seat.joined) result.seated.push(requester)
          } catch (error) {
            if (!(error instanceof HttpError && error.code === 'eventFull')) throw error
            if (await joinWaitlist(conn, id, requester)) result.waitlisted.push(requester)
          }
        }
        return result
      })
      // The organizer decided: they need no notice of the seats they gave; the people in line who got one do.
      await announceSeats(ctx, outcome.locked, { promoted: outcome.promoted })
      const answers = [
        ['joinAccepted', outcome.seated],
        ['joinWaitlisted', outcome.waitlisted],
        ['joinDeclined', outcome.declined],
      ] as const
      for (const [type, recipientIds] of answers)
        if (recipientIds.length) await ctx.domainEvents.emit({ type, postId: id, userFrom: viewer.id, recipientIds })
      const participants = await db
        .selectFrom('post_participants')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('post_id', '=', id)
        .executeTakeFirst()
      return {
        postId: id,
        seated: outcome.seated,
        waitlisted: outcome.waitlisted,
        declined: outcome.declined,
        participantsCount: Number(participants?.n ?? 0),
        maxParticipants: row.max_participants,
        pending: await pendingCount(db, id),
      }
    },
  }
}
