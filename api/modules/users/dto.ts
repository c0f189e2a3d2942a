// The public shape of a user (contract userSchema: `_id` and `id` both).
import type { AvatarFile, Language, ModerationStatus, Role, User, UserSummary } from '#contract'
import type { Db } from '../../db'
import type { UserRow } from '../../db/schema'
import { activeAccounts } from '../../access/policy'
import { thumbnailPathOf } from '../../media/paths'

export interface FollowCounts {
  followers: number
  following: number
}

export function avatarUrl(publicUrl: string, avatarPath: string | null): string | null {
  if (!avatarPath) return null
  if (/^https?:\/\//.test(avatarPath)) return avatarPath
  return `${publicUrl}/uploads/${avatarPath.replace(/^\/+/, '')}`
}

/** The avatar of the contract ({url, name, thumbnailUrl}), or null without one. */
export function avatarFileOf(
  publicUrl: string,
  avatarPath: string | null,
  avatarName: string | null,
): AvatarFile | null {
  const url = avatarUrl(publicUrl, avatarPath)
  if (!url) return null
  const thumb = thumbnailPathOf(avatarPath)
  return { url, name: avatarName ?? '', thumbnailUrl: thumb ? `${publicUrl}/uploads/${thumb}` : url }
}

export function toUserDto(row: UserRow, counts: FollowCounts, publicUrl: string): User {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    name: row.name,
    lastname: row.lastname,
    username: row.username,
    phone: row.phone,
    profession: row.profession,
    userBio: row.user_bio,
    role: row.role as Role,
    avatarFile: avatarFileOf(publicUrl, row.avatar_path, row.avatar_name),
    followers: counts.followers,
    following: counts.following,
    socialMediaLinks: { facebook: row.facebook, instagram: row.instagram, vk: row.vk },
    moderationStatus: row.moderation_status as ModerationStatus,
    moderationImageStatus: row.moderation_image_status as ModerationStatus,
    isActivated: row.is_activated === 1,
    city:
      row.city_lat !== null && row.city_lon !== null
        ? { name: row.city_name, latitude: Number(row.city_lat), longitude: Number(row.city_lon) }
        : null,
    locale: (row.locale === 'ru' ? 'ru' : 'en') as Language,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletionRequestedAt: row.deletion_requested_at,
  }
}

/** Follows count only while the other side's account is not disabled (the lists hide disabled users too). */
export async function followCounts(db: Db, userId: string): Promise<FollowCounts> {
  return (await followCountsOf(db, [userId])).get(userId)!
}

/** How many active accounts follow each of these users (`followers`), or each of them follows (`following`). */
export async function countFollows(db: Db, userIds: string[], side: 'followers' | 'following'): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const [self, other] = side === 'followers' ? (['f.followee_id', 'f.follower_id'] as const) : (['f.follower_id', 'f.followee_id'] as const)
  const rows = await db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', other)
    .select((eb) => [`${self} as id`, eb.fn.countAll<string | number>().as('n')])
    .where(self, 'in', userIds)
    .where(activeAccounts('u'))
    .groupBy(self)
    .execute()
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

/** followCounts of many users at once (a table's page): two grouped queries, whatever the page's size. */
export async function followCountsOf(db: Db, userIds: string[]): Promise<Map<string, FollowCounts>> {
  const [followers, following] = await Promise.all([countFollows(db, userIds, 'followers'), countFollows(db, userIds, 'following')])
  return new Map(userIds.map((id) => [id, { followers: followers.get(id) ?? 0, following: following.get(id) ?? 0 }]))
}

export async function loadUserDto(db: Db, row: UserRow, publicUrl: string): Promise<User> {
  return toUserDto(row, await followCounts(db, row.id), publicUrl)
}

/** The columns of a user that a summary (organizer, participant, table row) shows. */
export type UserRowSummary = {
  id: string
  name: string
  lastname: string
  username: string
  avatar_name: string | null
  avatar_path: string | null
}

export function toUserSummary(u: UserRowSummary, publicUrl: string): UserSummary {
  return {
    _id: u.id,
    name: u.name,
    lastname: u.lastname,
    username: u.username,
    avatarFile: avatarFileOf(publicUrl, u.avatar_path, u.avatar_name),
  }
}
