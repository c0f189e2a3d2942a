// The public shape of a user (contract userSchema: `_id` and `id` both).
import type { Language, ModerationStatus, Role, User } from '#contract'
import type { Db } from '../../db'
import type { UserRow } from '../../db/schema'

export interface FollowCounts {
  followers: number
  following: number
}

export function avatarUrl(publicUrl: string, avatarPath: string | null): string | null {
  if (!avatarPath) return null
  if (/^https?:\/\//.test(avatarPath)) return avatarPath
  return `${publicUrl}/uploads/${avatarPath.replace(/^\/+/, '')}`
}

export function toUserDto(row: UserRow, counts: FollowCounts, publicUrl: string): User {
  const url = avatarUrl(publicUrl, row.avatar_path)
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
    avatarFile: url ? { url, name: row.avatar_name ?? '' } : null,
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
  }
}

export async function followCounts(db: Db, userId: string): Promise<FollowCounts> {
  const [followers, following] = await Promise.all([
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('followee_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('follower_id', '=', userId)
      .executeTakeFirst(),
  ])
  return { followers: Number(followers?.n ?? 0), following: Number(following?.n ?? 0) }
}

export async function loadUserDto(db: Db, row: UserRow, publicUrl: string): Promise<User> {
  return toUserDto(row, await followCounts(db, row.id), publicUrl)
}
