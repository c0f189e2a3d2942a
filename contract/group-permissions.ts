// A group's roles and what each may do (issue 45), without zod: pages that only show or hide actions by role (a
// group's page) do not download the schemas of contract/groups.ts. One table, GROUP_PERMISSIONS, that the API
// enforces by name and the web reads, as PERMISSIONS does for the site's roles.
export const GROUP_ROLES = ['owner', 'admin', 'editor', 'member'] as const
export type GroupRole = (typeof GROUP_ROLES)[number]
/** The roles an invitation or a role change may give; owner only through a transfer or by an owner. */
export const GROUP_INVITE_ROLES = ['admin', 'editor', 'member'] as const

export const GROUP_STATUSES = ['ACTIVE', 'SUSPENDED', 'DELETED'] as const
export type GroupStatus = (typeof GROUP_STATUSES)[number]

/** What each role of a group may do in it. Rules about a person (their own membership) live in the API's service. */
export const GROUP_PERMISSIONS = {
  /** See the members and the events only members see. */
  seeMembers: ['owner', 'admin', 'editor', 'member'],
  /** Post events as the group, and edit, move, cancel or delete them. */
  postEvents: ['owner', 'admin', 'editor'],
  /** Invite people, answer who is invited, remove members and give roles below owner. */
  manageMembers: ['owner', 'admin'],
  /** Change the group's name, description and avatar. */
  editGroup: ['owner', 'admin'],
  /** Make another member an owner, change or remove an owner, delete the group. */
  manageOwners: ['owner'],
} as const satisfies Record<string, readonly GroupRole[]>

export type GroupPermission = keyof typeof GROUP_PERMISSIONS

/** Whether a member with `role` may do `action` in the group; no role (not a member) may do nothing of these. */
export function canInGroup(role: GroupRole | string | null | undefined, action: GroupPermission): boolean {
  return !!role && (GROUP_PERMISSIONS[action] as readonly string[]).includes(role)
}

