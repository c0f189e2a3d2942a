// Who may do what in a group: the caller's role from group_members, checked against contract GROUP_PERMISSIONS by
// name. A moderator (site role) may read any group; acting in one needs a role in it.
import { can, canInGroup, GROUP_LIMITS, type GroupPermission, type GroupRole } from '#contract'
import { roleIn } from '../../access/group-roles'
import type { Viewer } from '../../access/policy'
import { type Db, nowIso } from '../../db'
import type { GroupRow } from '../../db/schema'
import { HttpError } from '../../lib/errors'

export type GroupViewer = Pick<Viewer, 'id' | 'role' | 'isActivated'>

/** A group by handle (any case); deleted ones are gone. 404 otherwise. */
export async function groupByHandle(db: Db, handle: string): Promise<GroupRow> {
  const row = await db.selectFrom('groups').selectAll().where('handle', '=', handle.toLowerCase()).where('status', '!=', 'DELETED').executeTakeFirst()
  if (!row) throw new HttpError(404, 'notFound')
  return row
}

/**
 * Whether the viewer may see the group at all: an active group is public; a suspended one only to its members and
 * moderators (who see why). 404 for the others, as for a group that does not exist.
 */
export function assertVisible(group: GroupRow, role: GroupRole | null, viewer: GroupViewer | null): void {
  if (group.status === 'ACTIVE' || role || can(viewer?.role, 'moderate')) return
  throw new HttpError(404, 'notFound')
}

/**
 * The caller's role, which must allow `action` (403 groupNotMember / groupNeedsRole); for a change, in a group that
 * is not suspended (403 groupSuspended: nothing changes in it until a moderator restores it). `reading`: a look at
 * what the role shows (the invitations waiting), which a suspended group still allows.
 */
export async function requireGroupRole(db: Db, group: GroupRow, viewer: GroupViewer, action: GroupPermission, reading = false): Promise<GroupRole> {
  const role = await roleIn(db, group.id, viewer.id)
  assertVisible(group, role, viewer)
  if (!role) throw new HttpError(403, 'groupNotMember')
  if (!canInGroup(role, action)) throw new HttpError(403, action === 'manageOwners' ? 'groupOwnersOnly' : 'groupNeedsRole')
  if (group.status === 'SUSPENDED' && !reading) throw new HttpError(403, 'groupSuspended')
  return role
}

export { roleIn }

const INVITATION_MS = GROUP_LIMITS.invitationDays * 24 * 3_600_000

/** Invitations sent at or before this are gone: every read leaves them out, and a daily job deletes them. */
export function invitationCutoff(now: Date): string {
  return nowIso(new Date(now.getTime() - INVITATION_MS))
}

/** When an invitation sent at `createdAt` is gone. */
export function invitationExpiry(createdAt: string): string {
  return nowIso(new Date(Date.parse(createdAt) + INVITATION_MS))
}
