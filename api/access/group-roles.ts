// A person's role in a group (issue 45), for the access policy and every room that asks it: the events' rules (a
// group's owners, admins and editors organize its events; its members see its members-only ones) and the groups'.
import type { GroupRole } from '#contract'
import type { Db } from '../db'

export async function roleIn(db: Db, groupId: string | null, userId: string | undefined): Promise<GroupRole | null> {
  if (!userId || !groupId) return null
  const row = await db.selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst()
  return (row?.role as GroupRole | undefined) ?? null
}

/** The viewer's roles in these groups (none: not a member), in one statement. */
export async function rolesIn(db: Db, groupIds: string[], userId: string | undefined): Promise<Map<string, GroupRole>> {
  const roles = new Map<string, GroupRole>()
  if (!userId || groupIds.length === 0) return roles
  const rows = await db.selectFrom('group_members').select(['group_id', 'role']).where('group_id', 'in', [...new Set(groupIds)]).where('user_id', '=', userId).execute()
  for (const row of rows) roles.set(row.group_id, row.role as GroupRole)
  return roles
}
