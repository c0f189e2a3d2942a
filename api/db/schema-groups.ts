// Typed tables of organizer groups (migration 024, issue 45).
import type { Generated, Selectable } from 'kysely'

type Iso = string // ISO-8601 UTC, as in schema.ts

/** A group: its handle shares the usernames' namespace (/groups/{handle}, @handle on the fediverse). */
export interface GroupsTable {
  id: string
  handle: string
  name: string
  description: Generated<string>
  /** The avatar: its path under uploads (as users.avatar_path), or null. */
  avatar: string | null
  /** contract GROUP_STATUSES: ACTIVE, SUSPENDED (by a moderator), DELETED. */
  status: Generated<string>
  /** PENDING until a moderator approves it, APPROVED after. */
  moderation_status: Generated<string>
  /** A moderator's reason for the last suspension or deletion. */
  status_reason: string | null
  created_by: string | null
  created_at: Iso
  updated_at: Iso
}

/** A member of a group and their role (contract GROUP_ROLES). */
export interface GroupMembersTable {
  group_id: string
  user_id: string
  role: string
  joined_at: Iso
}

/** An invitation to join a group: a person by account, or an email address (theirs once they sign up with it). */
export interface GroupInvitationsTable {
  id: string
  group_id: string
  user_id: string | null
  email: string | null
  role: string
  invited_by: string | null
  created_at: Iso
}

export interface GroupFollowersTable {
  group_id: string
  user_id: string
  created_at: Iso
}

export type GroupRow = Selectable<GroupsTable>
