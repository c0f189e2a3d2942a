// Usernames and group handles are one namespace (issue 45): /groups/{handle}, /profile/… and @name on the fediverse
// must never name two actors. Both compare without case.
import type { Db } from '../../db'

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
