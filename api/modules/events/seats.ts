// Taking and leaving seats of an event, atomically within maxParticipants (ARCHITECTURE "Limited seats"):
// one transaction that serializes seat taking per post (PostgreSQL: the post row locked FOR UPDATE;
// SQLite: BEGIN IMMEDIATE), plus the UNIQUE (post, user) key so a repeated join is a no-op.
// Used by PUT /event/{id}/participate, the waiting list and accepting an invitation.
//
// The waiting list (decision 028) lives in the same transactions: a seat that frees goes to the first person
// in line before the transaction ends, and nobody takes a free seat while someone waits for it.
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { lockedRows, writeTransaction } from '../../db/transaction'
import type { PostRow } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { isEnded } from './dto'
import { freeCheckinCode } from './checkin-codes'

/** Runs fn in one write transaction, which serializes seat taking; call lockPost first inside it. */
export async function seatTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  fn: (conn: Db) => Promise<T>,
): Promise<T> {
  return writeTransaction(ctx, (work) => fn(work.db))
}

export type LockedPost = Pick<
  PostRow,
  'id' | 'posted_by' | 'max_participants' | 'cancelled_at' | 'event_type' | 'start_date' | 'end_date'
>

/** The post row, locked for the rest of the seat transaction (PostgreSQL); 404 when it is gone. */
export async function lockPost(
  conn: Db,
  dialect: AppContext['dialect'],
  postId: string,
): Promise<LockedPost> {
  const locked = await lockedRows(
    dialect,
    conn
      .selectFrom('posts')
      .select(['id', 'posted_by', 'max_participants', 'cancelled_at', 'event_type', 'start_date', 'end_date'])
      .where('id', '=', postId),
  ).executeTakeFirst()
  if (!locked) throw new HttpError(404, 'notFound')
  return locked
}

export async function isParticipant(conn: Db, postId: string, userId: string): Promise<boolean> {
  const row = await conn
    .selectFrom('post_participants')
    .select('user_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return !!row
}

async function participantCount(conn: Db, postId: string): Promise<number> {
  const count = await conn
    .selectFrom('post_participants')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('post_id', '=', postId)
    .executeTakeFirst()
  return Number(count?.n ?? 0)
}

async function hasFreeSeat(conn: Db, locked: LockedPost): Promise<boolean> {
  return (
    locked.max_participants === null || (await participantCount(conn, locked.id)) < locked.max_participants
  )
}

/** A seat or a place in line answers the user's pending request to join (decision 042); a decline stays. */
async function answerPendingRequest(conn: Db, postId: string, userId: string) {
  await conn
    .deleteFrom('post_join_requests')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .execute()
}

async function insertParticipant(conn: Db, postId: string, userId: string) {
  await conn
    .insertInto('post_participants')
    .values({ post_id: postId, user_id: userId, created_at: nowIso(), checkin_code: await freeCheckinCode(conn, postId) })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute()
  await conn.deleteFrom('post_waitlist').where('post_id', '=', postId).where('user_id', '=', userId).execute()
  await answerPendingRequest(conn, postId, userId)
}

/**
 * Gives free seats to the people waiting, first in line first, inside a seat transaction after lockPost.
 * Answers who got one. A cancelled or ended event gives no more seats.
 */
export async function fillFromWaitlist(conn: Db, locked: LockedPost): Promise<string[]> {
  if (locked.cancelled_at !== null || isEnded(locked)) return []
  const free =
    locked.max_participants === null
      ? null
      : locked.max_participants - (await participantCount(conn, locked.id))
  if (free !== null && free <= 0) return []
  let next = conn
    .selectFrom('post_waitlist')
    .select('user_id')
    .where('post_id', '=', locked.id)
    .orderBy('position')
  if (free !== null) next = next.limit(free)
  const promoted = (await next.execute()).map((r) => r.user_id)
  for (const userId of promoted) await insertParticipant(conn, locked.id, userId)
  return promoted
}

/**
 * Takes a seat inside a seat transaction after lockPost. `joined` is true when the user joined now (false when
 * they already took part). Any free seat goes to the people waiting first (`promoted`; the calls that free
 * seats serve the line already, so this is the guard that nobody overtakes it); 409 eventFull when no seat is
 * left for this user. 400 eventCancelled for a cancelled event.
 */
export async function takeSeat(
  conn: Db,
  locked: LockedPost,
  userId: string,
): Promise<{ joined: boolean; promoted: string[] }> {
  if (await isParticipant(conn, locked.id, userId)) return { joined: false, promoted: [] }
  if (locked.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
  const promoted = await fillFromWaitlist(conn, locked)
  if (promoted.includes(userId)) return { joined: true, promoted: promoted.filter((id) => id !== userId) }
  if (!(await hasFreeSeat(conn, locked))) throw new HttpError(409, 'eventFull')
  await insertParticipant(conn, locked.id, userId)
  return { joined: true, promoted }
}

export async function isWaiting(conn: Db, postId: string, userId: string): Promise<boolean> {
  const row = await conn
    .selectFrom('post_waitlist')
    .select('user_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return !!row
}

/** Puts the user at the end of the line inside a seat transaction; false when they already wait. */
export async function joinWaitlist(conn: Db, postId: string, userId: string): Promise<boolean> {
  if (await isWaiting(conn, postId, userId)) return false
  const last = await conn
    .selectFrom('post_waitlist')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('post_id', '=', postId)
    .executeTakeFirst()
  await conn
    .insertInto('post_waitlist')
    .values({
      post_id: postId,
      user_id: userId,
      position: Number(last?.position ?? 0) + 1,
      created_at: nowIso(),
    })
    .execute()
  await answerPendingRequest(conn, postId, userId)
  return true
}

/** Leaves the line; true when the user was in it. */
export async function leaveWaitlist(conn: Db, postId: string, userId: string): Promise<boolean> {
  const res = await conn
    .deleteFrom('post_waitlist')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Leaves the event (true when the user took part); the freed seat goes to the first person waiting (`promoted`). */
export async function leaveSeat(
  conn: Db,
  locked: LockedPost,
  userId: string,
): Promise<{ left: boolean; promoted: string[] }> {
  const res = await conn
    .deleteFrom('post_participants')
    .where('post_id', '=', locked.id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const left = Number(res.numDeletedRows) > 0
  return { left, promoted: left ? await fillFromWaitlist(conn, locked) : [] }
}

/**
 * Gives the seats free now to the people waiting, in a seat transaction of its own, and tells them: after a
 * raised limit, or seats freed outside one (the account purge's cascade). A post that is gone has no line.
 */
export async function serveWaitlist(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'domainEvents'>,
  postId: string,
): Promise<string[]> {
  const seats = await seatTransaction(ctx, async (conn) => {
    const post = await lockPost(conn, ctx.dialect, postId).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) return null
      throw error
    })
    return post && { post, promoted: await fillFromWaitlist(conn, post) }
  })
  if (!seats) return []
  await announceSeats(ctx, seats.post, { promoted: seats.promoted })
  return seats.promoted
}

/**
 * After a seat transaction commits: the organizer hears of each new participant, and the people who got a
 * seat from the waiting list are told (bell, socket, push and a mail).
 */
export async function announceSeats(
  ctx: Pick<AppContext, 'domainEvents'>,
  locked: LockedPost,
  seats: { joined?: string | null; promoted: string[] },
): Promise<void> {
  const joined = [...(seats.joined ? [seats.joined] : []), ...seats.promoted]
  for (const userId of joined)
    await ctx.domainEvents.emit({ type: 'newParticipate', postId: locked.id, userFrom: userId })
  if (seats.promoted.length)
    await ctx.domainEvents.emit({
      type: 'waitlistSeat',
      postId: locked.id,
      userFrom: locked.posted_by,
      recipientIds: seats.promoted,
    })
}

export async function participantIds(conn: Db, postId: string): Promise<string[]> {
  const rows = await conn
    .selectFrom('post_participants')
    .select('user_id')
    .where('post_id', '=', postId)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => r.user_id)
}
