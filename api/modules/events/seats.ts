// Taking and leaving seats of an event, atomically within maxParticipants (ARCHITECTURE "Limited seats"):
// one transaction that serializes seat taking per post (PostgreSQL: the post row locked FOR UPDATE;
// SQLite: BEGIN IMMEDIATE), plus the UNIQUE (post, user) key so a repeated join is a no-op.
// Used by PUT /event/{id}/participate and by accepting an invitation.
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { HttpError } from '../../lib/errors'

/** Runs fn in one transaction that serializes seat taking; call lockPost first inside it. */
export async function seatTransaction<T>(ctx: Pick<AppContext, 'db' | 'dialect'>, fn: (conn: Db) => Promise<T>): Promise<T> {
  const { db } = ctx
  if (ctx.dialect === 'postgres') return db.transaction().execute((trx) => fn(trx as unknown as Db))
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn)
    try {
      const out = await fn(conn)
      await sql`commit`.execute(conn)
      return out
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined)
      throw err
    }
  })
}

/** The post row, locked for the rest of the seat transaction (PostgreSQL); 404 when it is gone. */
export async function lockPost(
  conn: Db,
  dialect: AppContext['dialect'],
  postId: string,
): Promise<{ id: string; max_participants: number | null }> {
  let q = conn.selectFrom('posts').select(['id', 'max_participants']).where('id', '=', postId)
  if (dialect === 'postgres') q = q.forUpdate()
  const locked = await q.executeTakeFirst()
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

/**
 * Takes a seat inside a seat transaction after lockPost: true when the user joined now, false when they
 * already took part. 409 eventFull when the limit is reached (the caller's transaction rolls back).
 */
export async function takeSeat(
  conn: Db,
  locked: { id: string; max_participants: number | null },
  userId: string,
): Promise<boolean> {
  if (await isParticipant(conn, locked.id, userId)) return false
  if (locked.max_participants !== null) {
    const count = await conn
      .selectFrom('post_participants')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('post_id', '=', locked.id)
      .executeTakeFirst()
    if (Number(count?.n ?? 0) >= locked.max_participants) throw new HttpError(409, 'eventFull')
  }
  await conn
    .insertInto('post_participants')
    .values({ post_id: locked.id, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute()
  return true
}

/** Leaves the event; true when the user took part. */
export async function leaveSeat(conn: Db, postId: string, userId: string): Promise<boolean> {
  const res = await conn.deleteFrom('post_participants').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
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
