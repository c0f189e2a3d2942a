// Usernames and group handles are one namespace (issue 45): /groups/{handle}, /profile/… and @name on the fediverse
// must never name two actors. Both compare without case. The two live in two tables, so no unique index covers both:
// whoever writes a name checks it with nameInUseHeld inside the transaction that writes it.
import { sql } from 'kysely'
import type { Db } from '../../db'
import type { Work } from '../../db/transaction'

/** Whether a person (other than `exceptUserId`) or a group already answers to `name`. */
export async function nameInUse(db: Db, name: string, exceptUserId?: string): Promise<boolean> {
  const lower = name.toLowerCase()
  let people = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', lower))
  if (exceptUserId) people = people.where('id', '!=', exceptUserId)
  const [person, group] = await Promise.all([
    people.executeTakeFirst(),
    // Handles are stored lowercase (contract groupHandleField).
    db.selectFrom('groups').select('id').where('handle', '=', lower).executeTakeFirst(),
  ])
  return !!person || !!group
}

/**
 * Whether `name` is taken, holding it for the rest of this write transaction: on PostgreSQL an advisory lock on the
 * name, so a sign-up and a new group (or a rename) taking one name at once are taken one after the other and the
 * second sees the first; on SQLite the write transaction (BEGIN IMMEDIATE) already holds the whole database.
 */
export async function nameInUseHeld(work: Pick<Work, 'db' | 'dialect'>, name: string, exceptUserId?: string): Promise<boolean> {
  if (work.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`name:${name.toLowerCase()}`}))`.execute(work.db)
  return nameInUse(work.db, name, exceptUserId)
}
