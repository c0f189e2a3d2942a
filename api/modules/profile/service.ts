// Rules of profiles, following and avatars (SPEC §2 Profile, §3 User, §4 follow toggle, §7 Profile).
// See docs/decisions/006-profile.md for the choices made here.
import {
  type AvatarFile,
  can,
  type FollowListQuery,
  type FollowListResponse,
  type FollowResponse,
  type Profile,
  type ProfileSearchQuery,
  type ProfileSearchResponse,
  type ModerationReasons,
  type Role,
  type UpdateProfile,
} from '#contract'
import { activeAccounts, profileAccess } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, isUniqueViolation, nowIso } from '../../db'
import { writeTransaction } from '../../db/transaction'
import { createTextSearch } from '../../db/text-search'
import type { UserRow, UserUpdate } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { assertReachable, hasNextPage } from '../../lib/paging'
import { currentReasons } from '../moderation/log'
import { createAvatars } from './avatars'
import { nameInUseHeld } from '../users/names'
import {
  avatarFileOf,
  countFollows,
  followCounts,
  toUserSummary,
  toUserDto,
  type UserRowSummary,
} from '../users/dto'

export interface ProfileViewer {
  id: string
  role: Role
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/** Columns of a user shown in lists (summaries, cards). */
const SUMMARY_COLUMNS = [
  'u.id',
  'u.name',
  'u.lastname',
  'u.username',
  'u.avatar_name',
  'u.avatar_path',
  'u.moderation_image_status',
] as const

type SummaryRow = UserRowSummary & { moderation_image_status: string }

export function createProfileService(ctx: AppContext) {
  const db: Db = ctx.db
  const search = createTextSearch(db, ctx.dialect)
  const publicUrl = ctx.config.publicUrl
  const { replaceAvatar, removeAvatar } = createAvatars(ctx)

  /** A REJECTED avatar is shown to its owner and moderators only (the access policy). */
  function visibleAvatar(
    row: Pick<SummaryRow, 'id' | 'avatar_path' | 'avatar_name' | 'moderation_image_status'>,
    viewer: ProfileViewer | null,
  ): AvatarFile | null {
    const access = profileAccess({ ...row, disabled_at: null, deletion_requested_at: null }, viewer)
    return access.showAvatar ? avatarFileOf(publicUrl, row.avatar_path, row.avatar_name) : null
  }

  function summary(row: SummaryRow, viewer: ProfileViewer | null) {
    return { ...toUserSummary(row, publicUrl), avatarFile: visibleAvatar(row, viewer) }
  }

  /** A user that exists and is not disabled, else 404. */
  async function activeUser(id: string): Promise<UserRow> {
    const row =
      id.length <= 100
        ? await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined
    if (!row || !profileAccess(row, null).visible) throw new HttpError(404, 'notFound')
    return row
  }

  /** The caller's own row (authenticate already refused disabled accounts). */
  async function ownRow(userId: string): Promise<UserRow> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (!row || row.disabled_at) throw new HttpError(401, 'tokenInvalid')
    return row
  }

  /** Of these users, the ones the viewer follows. */
  async function followedBy(viewer: ProfileViewer | null, ids: string[]): Promise<Set<string>> {
    if (!viewer || ids.length === 0) return new Set()
    const rows = await db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', viewer.id)
      .where('followee_id', 'in', ids)
      .execute()
    return new Set(rows.map((r) => r.followee_id))
  }

  async function toProfile(row: UserRow, viewer: ProfileViewer | null): Promise<Profile> {
    const access = profileAccess(row, viewer)
    const privileged = access.isSelf || access.isModerator
    const [counts, following, reasons, fediverse] = await Promise.all([
      followCounts(db, row.id),
      access.isSelf ? new Set<string>() : followedBy(viewer, [row.id]),
      privileged ? currentReasons(db, [row]) : new Map<string, ModerationReasons>(),
      ctx.federation ? ctx.federation.presence({ kind: 'user', id: row.id }) : null,
    ])
    const dto = toUserDto(row, counts, publicUrl)
    // A REJECTED profile's own words are hidden from others until they are edited (SPEC §4 banner).
    const hideInfo = row.moderation_status === 'REJECTED' && !privileged
    return {
      ...dto,
      // The email is private: only the user sees it here (moderators have the admin API).
      email: access.isSelf ? row.email : null,
      ...(hideInfo
        ? {
            phone: null,
            profession: null,
            userBio: null,
            socialMediaLinks: { facebook: null, instagram: null, vk: null },
          }
        : {}),
      avatarFile: visibleAvatar(row, viewer),
      isFollowing: following.has(row.id),
      moderationReasons: reasons.get(row.id) ?? null,
      fediverse,
      federateEvents: access.isSelf ? row.federate_events === 1 : null,
      shareEmailWithOrganizers: access.isSelf ? row.share_email_with_organizers === 1 : null,
      ...(row.remote_actor
        ? {
            remote: {
              url: row.remote_url ?? row.remote_actor,
              domain: row.remote_domain ?? new URL(row.remote_actor).hostname,
              handle: `@${row.username}`,
            },
          }
        : {}),
    }
  }

  async function followList(
    kind: 'followers' | 'following',
    userId: string,
    q: FollowListQuery,
    viewer: ProfileViewer | null,
  ): Promise<FollowListResponse> {
    // followers of X: rows (someone → X), listing the follower; following of X: rows (X → someone).
    const other = kind === 'followers' ? 'f.follower_id' : 'f.followee_id'
    const self = kind === 'followers' ? 'f.followee_id' : 'f.follower_id'
    const base = db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', other)
      .where(self, '=', userId)
      .where(activeAccounts('u'))
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
      base
        .select([...SUMMARY_COLUMNS, 'f.created_at as followed_at'])
        .orderBy('f.created_at', 'desc')
        .orderBy('u.id', 'asc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
    ])
    const following = await followedBy(
      viewer,
      rows.map((r) => r.id),
    )
    const count = Number(total?.n ?? 0)
    return {
      users: rows.map((r) => ({
        ...summary(r, viewer),
        isFollowing: following.has(r.id),
        followedAt: r.followed_at,
      })),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: q.page * q.pageSize < count,
      total: count,
    }
  }

  return {
    async my(viewer: ProfileViewer): Promise<Profile> {
      return toProfile(await ownRow(viewer.id), viewer)
    },

    async get(id: string, viewer: ProfileViewer | null): Promise<Profile> {
      return toProfile(await activeUser(id), viewer)
    },

    async update(viewer: ProfileViewer, input: UpdateProfile): Promise<Profile> {
      const row = await ownRow(viewer.id)
      const set: UserUpdate = {}
      const text = (column: keyof UserRow & keyof UserUpdate, value: string | null | undefined) => {
        if (value !== undefined && value !== row[column]) (set as Record<string, unknown>)[column] = value
      }
      text('name', input.name)
      text('lastname', input.lastname)
      text('username', input.username)
      text('phone', input.phone)
      text('profession', input.profession)
      text('user_bio', input.userBio)
      if (input.socialMediaLinks) {
        text('facebook', input.socialMediaLinks.facebook)
        text('instagram', input.socialMediaLinks.instagram)
        text('vk', input.socialMediaLinks.vk)
      }
      // Post-moderation: changed public texts go back to PENDING; the city is not moderated.
      const moderated = Object.keys(set).length > 0
      if (input.city === null) {
        if (row.city_lat !== null || row.city_lon !== null || row.city_name !== null)
          Object.assign(set, { city_name: null, city_lat: null, city_lon: null })
      } else if (input.city) {
        const name = input.city.name ?? null
        if (
          name !== row.city_name ||
          input.city.latitude !== row.city_lat ||
          input.city.longitude !== row.city_lon
        )
          Object.assign(set, {
            city_name: name,
            city_lat: input.city.latitude,
            city_lon: input.city.longitude,
          })
      }
      // A privacy choice, not a public text: no review.
      if (input.shareEmailWithOrganizers !== undefined && Number(input.shareEmailWithOrganizers) !== row.share_email_with_organizers)
        set.share_email_with_organizers = input.shareEmailWithOrganizers ? 1 : 0
      if (Object.keys(set).length === 0) return toProfile(row, viewer)
      if (moderated) set.moderation_status = 'PENDING'
      set.updated_at = nowIso()
      try {
        await writeTransaction(ctx, async (work) => {
          if (typeof set.username === 'string' && (await nameInUseHeld(work, set.username, viewer.id)))
            throw new HttpError(409, 'usernameTaken', { username: ['usernameTaken'] })
          await work.db.updateTable('users').set(set).where('id', '=', viewer.id).execute()
        })
      } catch (error) {
        // Lost a race with someone taking the same username.
        if (isUniqueViolation(error))
          throw new HttpError(409, 'usernameTaken', { username: ['usernameTaken'] })
        throw error
      }
      return toProfile(await ownRow(viewer.id), viewer)
    },

    async avatar(viewer: ProfileViewer): Promise<AvatarFile | null> {
      const row = await ownRow(viewer.id)
      return avatarFileOf(publicUrl, row.avatar_path, row.avatar_name)
    },

    /** Validates and re-encodes the photo, points the user at it, then deletes the old files. */
    async setAvatar(viewer: ProfileViewer, photo: Buffer): Promise<Profile> {
      await replaceAvatar(viewer.id, photo, 'PENDING')
      return toProfile(await ownRow(viewer.id), viewer)
    },

    async deleteAvatar(viewer: ProfileViewer): Promise<Profile> {
      await removeAvatar(viewer.id)
      return toProfile(await ownRow(viewer.id), viewer)
    },

    /** The console's avatar calls (POST /admin/users/{id}/upload-avatar, DELETE /admin/users/{id}/avatar). */
    setAvatarAsModerator: (userId: string, photo: Buffer) => replaceAvatar(userId, photo, 'APPROVED'),
    deleteAvatarAsModerator: (userId: string) => removeAvatar(userId),

    /** SPEC §4: follow or unfollow. A UNIQUE (follower, followee) row makes it safe under concurrency. */
    /** `follow` true/false sets it (a repeat changes nothing); undefined toggles (the mobile app's call). */
    async setFollow(viewer: ProfileViewer, followeeId: string, follow?: boolean): Promise<FollowResponse> {
      if (followeeId === viewer.id) throw new HttpError(400, 'cannotFollowYourself')
      await activeUser(followeeId)
      const unfollow = async () =>
        Number(
          (
            await db
              .deleteFrom('follows')
              .where('follower_id', '=', viewer.id)
              .where('followee_id', '=', followeeId)
              .executeTakeFirst()
          ).numDeletedRows,
        )
      let removed = 0
      if (follow === false || (follow === undefined && (removed = await unfollow()) > 0)) {
        if (follow === false) removed = await unfollow()
        if (removed) await ctx.domainEvents.emit({ type: 'unfollow', userFrom: viewer.id, followeeId })
        const { followers } = await followCounts(db, followeeId)
        return { followers, isFollowing: false }
      }
      let created: boolean
      try {
        const res = await db
          .insertInto('follows')
          .values({ follower_id: viewer.id, followee_id: followeeId, created_at: nowIso() })
          .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
          .executeTakeFirst()
        created = Number(res.numInsertedOrUpdatedRows ?? 0) === 1
      } catch (error) {
        // The followee was deleted between the check and the insert.
        if (isForeignKeyViolation(error)) throw new HttpError(404, 'notFound')
        throw error
      }
      // Only a new follow notifies; a repeated "follow" finds it there and changes nothing.
      if (created) await ctx.domainEvents.emit({ type: 'follow', userFrom: viewer.id, followeeId })
      const { followers } = await followCounts(db, followeeId)
      return { followers, isFollowing: true }
    },

    async followers(
      userId: string,
      q: FollowListQuery,
      viewer: ProfileViewer | null,
    ): Promise<FollowListResponse> {
      await activeUser(userId)
      return followList('followers', userId, q, viewer)
    },

    async following(
      userId: string,
      q: FollowListQuery,
      viewer: ProfileViewer | null,
    ): Promise<FollowListResponse> {
      await activeUser(userId)
      return followList('following', userId, q, viewer)
    },

    /** Activated, not disabled users whose name, lastname or username contains every word of the query. */
    async search(q: ProfileSearchQuery, viewer: ProfileViewer | null): Promise<ProfileSearchResponse> {
      assertReachable(q)
      const text = await search.containsAll('people', 'u', q.query)
      const query = db
        .selectFrom('users as u')
        .select([...SUMMARY_COLUMNS, 'u.profession', 'u.moderation_status'])
        .where('u.is_activated', '=', 1)
        .where(activeAccounts('u'))
        // People of this site: a followed fediverse account is found on its profile, not in the search.
        .where('u.remote_actor', 'is', null)
      const rows = await text
        .inOrder(query)
        .orderBy('u.name')
        .orderBy('u.lastname')
        .orderBy('u.username')
        .orderBy('u.id')
        .limit(q.pageSize + 1)
        .offset((q.page - 1) * q.pageSize)
        .execute()
      const page = rows.slice(0, q.pageSize)
      const ids = page.map((r) => r.id)
      const [following, followers] = await Promise.all([followedBy(viewer, ids), countFollows(db, ids, 'followers')])
      return {
        profiles: page.map((r) => ({
          ...summary(r, viewer),
          // A REJECTED profile's own words are hidden from others (as on the profile itself).
          profession:
            r.moderation_status === 'REJECTED' && viewer?.id !== r.id && !can(viewer?.role, 'moderate')
              ? null
              : r.profession,
          followers: followers.get(r.id) ?? 0,
          isFollowing: following.has(r.id),
        })),
        hasMore: hasNextPage(q, rows.length > q.pageSize),
        page: q.page,
        pageSize: q.pageSize,
      }
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
