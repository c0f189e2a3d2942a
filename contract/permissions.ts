// What each role may do (SPEC §6, ARCHITECTURE "Moderation decisions"): one table that the API enforces by
// these names — per route in api/access/route-permissions.ts, per field in its services — and the web reads to
// show or hide actions (decision 032). Rules that depend on the post or person (owner, follower, invitee)
// live in the API's access policy (api/access/policy.ts); this table is only about roles. An entry nobody
// checks does not belong here: tests/api/permissions.test.ts drives the API as each role from this table.
import type { Role } from './constants'

export const PERMISSIONS = {
  /** Open the moderation console; see rejected and deleted posts and profiles; approve or reject information
   *  and images, delete or restore posts. */
  moderate: ['admin', 'superAdmin'],
  /** Work the reports queue. */
  reviewReports: ['admin', 'superAdmin'],
  /** Edit other people's posts and profiles from the console (SPEC §2: Edit is super admin only). */
  editAnyContent: ['superAdmin'],
  /** Change roles and activation. */
  manageRoles: ['superAdmin'],
  /** Add places (SPEC §6). */
  createPlace: ['admin', 'superAdmin'],
  /** Leave an event's start date empty and set an event's channel link (SPEC §5, §6). */
  eventAdminFields: ['admin', 'superAdmin'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

/** Whether `role` may do `action`; no role (signed out) may do nothing of these. */
export function can(role: Role | string | null | undefined, action: Permission): boolean {
  return !!role && (PERMISSIONS[action] as readonly string[]).includes(role)
}
