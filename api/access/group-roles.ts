// A person's role in a group (issue 45), for the access policy and every room that asks it: the events' rules (a
// group's owners, admins and editors organize its events; its members see its members-only ones) and the groups'.
import type { GroupRole } from '#contract'
import type { Db } from '../db'

export async function roleIn(db: Db, groupId: string | null, userId: string | undefined): Promise<GroupRole | null> {
  if (!userId || !groupId) return null
  const row = await db.selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst()
  return (row?.role as GroupRole | undefined) ?? null
}

/**
 * The viewer's roles in these groups that give rights over their events, in one statement: only an active group's
 * (a suspended group's people act on nothing of it until a moderator restores it; its events stay their authors').
 */
export async function eventRolesIn(db: Db, groupIds: string[], userId: string | undefined): Promise<Map<string, GroupRole>> {
  const roles = new Map<string, GroupRole>()
  if (!userId || groupIds.length === 0) return roles
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select(['group_members.group_id', 'group_members.role'])
    .where('group_members.group_id', 'in', [...new Set(groupIds)])
    .where('group_members.user_id', '=', userId)
    .where('groups.status', '=', 'ACTIVE')
    .execute()
  for (const row of rows) roles.set(row.group_id, row.role as GroupRole)
  return roles
}

/** eventRolesIn for one group. */
export async function eventRoleIn(db: Db, groupId: string | null, userId: string | undefined): Promise<GroupRole | null> {
  if (!groupId) return null
  return (await eventRolesIn(db, [groupId], userId)).get(groupId) ?? null
}
