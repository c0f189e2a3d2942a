// Events posted as a group (issue 45): who may, and that it stays so. The group is chosen when the event is made
// (its followers hear of it, its page lists it) and kept after, as the access type is.
import { canInGroup, type EventType } from '#contract'
import { roleIn } from '../../access/group-roles'
import type { Db } from '../../db'
import type { PostRow } from '../../db/schema'
import { validationError } from '../../lib/errors'
import type { Viewer } from './relations'

/** The id of the group a new event is posted as (null: its author's own), or 400 on `group` when the author may not. */
export async function groupToPostAs(db: Db, handle: string | undefined, eventType: EventType, viewer: Viewer): Promise<string | null> {
  if (!handle) return null
  if (eventType !== 'EVENT') throw validationError({ group: ['invalidValue'] })
  const group = await db.selectFrom('groups').select(['id', 'status']).where('handle', '=', handle.toLowerCase()).where('status', '!=', 'DELETED').executeTakeFirst()
  // An unknown group and one the author has no role in answer alike: nothing about a group leaks to outsiders.
  if (!group || !canInGroup(await roleIn(db, group.id, viewer.id), 'postEvents')) throw validationError({ group: ['groupCannotPost'] })
  if (group.status !== 'ACTIVE') throw validationError({ group: ['groupSuspended'] })
  return group.id
}

/** An edit that names another group (or none, for a group's event) than the event's: 400 cannotChange on `group`. */
export async function assertGroupUnchanged(db: Db, fields: Record<string, unknown>, existing: Pick<PostRow, 'group_id'>): Promise<void> {
  if (fields.group === undefined) return
  const asked = typeof fields.group === 'string' ? fields.group.trim().toLowerCase() : fields.group
  const current = existing.group_id ? (await db.selectFrom('groups').select('handle').where('id', '=', existing.group_id).executeTakeFirst())?.handle : undefined
  if ((asked || undefined) !== current) throw validationError({ group: ['cannotChange'] })
}
