// Organizer groups (issue 45): making, reading, changing and deleting a group, following it, and its events.
// Members, roles and invitations: members.ts. What each role may do: contract GROUP_PERMISSIONS (access.ts).
import {
  can,
  type CreateGroupBody,
  type Event,
  type Group,
  GROUP_LIMITS,
  type GroupRole,
  type UpdateGroupBody,
} from '#contract'
import { activeAccounts, postsListedFor, postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, type Dialect, isUniqueViolation, nowIso, unicodeLower } from '../../db'
import type { GroupRow } from '../../db/schema'
import { writeTransaction } from '../../db/transaction'
import { newId } from '../../lib/crypto'
import { HttpError, validationError } from '../../lib/errors'
import { assertReachable, hasNextPage } from '../../lib/paging'
import { toEventDtos } from '../events/dto'
import { postsInStartOrder } from '../events/time-order'
import { sql } from 'kysely'
import { nameInUseHeld } from '../users/names'
import { avatarFileOf } from '../users/dto'
import { createPhotoSlot } from '../../media/photo-slot'
import { assertVisible, groupByHandle, type GroupViewer, invitationCutoff, requireGroupRole, roleIn } from './access'

/** The groups' DTOs for one viewer, with counts and the viewer's ties, in a few statements for any number of rows. */
export async function toGroupDtos(
  db: Db,
  rows: GroupRow[],
  viewer: GroupViewer | null,
  publicUrl: string,
  { email = null, now = new Date() }: { email?: string | null; now?: Date } = {},
): Promise<Group[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [members, followers, mine, following, invited] = await Promise.all([
    db
      .selectFrom('group_members')
      .innerJoin('users as u', 'u.id', 'group_members.user_id')
      .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('group_id', 'in', ids)
      .where(activeAccounts('u'))
      .groupBy('group_id')
      .execute(),
    db.selectFrom('group_followers').select(['group_id', (eb) => eb.fn.countAll<number>().as('n')]).where('group_id', 'in', ids).groupBy('group_id').execute(),
    viewer ? db.selectFrom('group_members').select(['group_id', 'role']).where('group_id', 'in', ids).where('user_id', '=', viewer.id).execute() : [],
    viewer ? db.selectFrom('group_followers').select('group_id').where('group_id', 'in', ids).where('user_id', '=', viewer.id).execute() : [],
    viewer
      ? db
          .selectFrom('group_invitations')
          .select(['id', 'group_id', 'role'])
          .where('group_id', 'in', ids)
          .where('created_at', '>', invitationCutoff(now))
          .where((eb) => (email ? eb.or([eb('user_id', '=', viewer.id), eb('email', '=', email)]) : eb('user_id', '=', viewer.id)))
          .execute()
      : [],
  ])
  const count = (list: { group_id: string; n: number | string | bigint }[], id: string) => Number(list.find((r) => r.group_id === id)?.n ?? 0)
  return rows.map((r) => {
    const role = (mine.find((m) => m.group_id === r.id)?.role as GroupRole | undefined) ?? null
    const invitation = role ? undefined : invited.find((i) => i.group_id === r.id)
    const insider = !!role || can(viewer?.role, 'moderate')
    return {
      id: r.id,
      handle: r.handle,
      name: r.name,
      description: r.description,
      // The 400 px thumbnail: every place shows it small.
      avatarUrl: avatarFileOf(publicUrl, r.avatar, null)?.thumbnailUrl ?? null,
      status: r.status as Group['status'],
      moderationStatus: r.moderation_status as Group['moderationStatus'],
      statusReason: insider ? r.status_reason : null,
      membersCount: count(members, r.id),
      followersCount: count(followers, r.id),
      createdAt: r.created_at,
      viewer: {
        role,
        isFollowing: following.some((f) => f.group_id === r.id),
        invitation: invitation ? { id: invitation.id, role: invitation.role as 'admin' | 'editor' | 'member' } : null,
      },
    }
  })
}

/**
 * Groups whose name or handle holds every word of `words`, in any script (unicodeLower folds them on SQLite too), as
 * plain substrings: no LIKE wildcards to escape (a handle's underscore is one).
 */
export function groupsMatching(db: Db, dialect: Dialect, words: string | undefined) {
  let q = db.selectFrom('groups').selectAll()
  const position = (column: 'name' | 'handle', word: string) =>
    dialect === 'postgres' ? sql<number>`strpos(${unicodeLower(dialect, column)}, ${word})` : sql<number>`instr(${unicodeLower(dialect, column)}, ${word})`
  for (const word of (words ?? '').toLowerCase().split(/\s+/).filter(Boolean))
    q = q.where((eb) => eb.or([eb(position('name', word), '>', 0), eb(position('handle', word), '>', 0)]))
  return q
}

export function createGroupsService(ctx: AppContext) {
  const db: Db = ctx.db

  const emailOf = async (viewer: GroupViewer | null) =>
    viewer ? ((await db.selectFrom('users').select('email').where('id', '=', viewer.id).executeTakeFirst())?.email ?? null) : null

  // The group's avatar (owners and admins change it; api/media/photo-slot.ts keeps row and files in step).
  const avatar = createPhotoSlot(ctx, {
    read: (id) => db.selectFrom('groups').select('avatar as path').where('id', '=', id).executeTakeFirst(),
    gone: () => new HttpError(404, 'notFound'),
    async write(id, current, next) {
      let update = db.updateTable('groups').set({ avatar: next?.path ?? null, updated_at: nowIso(ctx.now()) }).where('id', '=', id)
      update = current.path === null ? update.where('avatar', 'is', null) : update.where('avatar', '=', current.path)
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1
    },
  })

  async function dto(row: GroupRow, viewer: GroupViewer | null): Promise<Group> {
    const [group] = await toGroupDtos(db, [row], viewer, ctx.config.publicUrl, { email: await emailOf(viewer), now: ctx.now() })
    return group!
  }

  return {
    /** Active groups by name (a search by name or handle), a page at a time. */
    async list(query: { q?: string; page: number }, viewer: GroupViewer | null) {
      const size = GROUP_LIMITS.pageSize
      assertReachable({ page: query.page, pageSize: size })
      const q = groupsMatching(db, ctx.dialect, query.q).where('status', '=', 'ACTIVE')
      const rows = await q.orderBy('name').orderBy('handle').offset((query.page - 1) * size).limit(size + 1).execute()
      return {
        items: await toGroupDtos(db, rows.slice(0, size), viewer, ctx.config.publicUrl, { email: await emailOf(viewer), now: ctx.now() }),
        page: query.page,
        hasMore: hasNextPage({ page: query.page, pageSize: size }, rows.length > size),
      }
    },

    /** The groups the caller is a member of, by name. */
    async mine(viewer: GroupViewer) {
      const rows = await db
        .selectFrom('groups')
        .selectAll('groups')
        .innerJoin('group_members as m', 'm.group_id', 'groups.id')
        .where('m.user_id', '=', viewer.id)
        .where('groups.status', '!=', 'DELETED')
        .orderBy('groups.name')
        .execute()
      return { items: await toGroupDtos(db, rows, viewer, ctx.config.publicUrl), page: 1, hasMore: false }
    },

    async get(handle: string, viewer: GroupViewer | null): Promise<Group> {
      const row = await groupByHandle(db, handle)
      assertVisible(row, await roleIn(db, row.id, viewer?.id), viewer)
      // Its fediverse actor, while it is one (an active group, federation on).
      const [group, presence] = await Promise.all([dto(row, viewer), ctx.federation?.presence({ kind: 'group', id: row.id }) ?? null])
      return presence ? { ...group, fediverse: presence } : group
    },

    /** A new group, its maker its owner. The handle must be free among groups and usernames. */
    async create(body: CreateGroupBody, viewer: GroupViewer): Promise<Group> {
      const handle = body.handle.toLowerCase()
      const stamp = nowIso(ctx.now())
      const id = newId()
      try {
        await writeTransaction(ctx, async (work) => {
          const trx = work.db
          if (await nameInUseHeld(work, handle)) throw validationError({ handle: ['groupHandleTaken'] })
          const owned = await trx
            .selectFrom('group_members')
            .innerJoin('groups', 'groups.id', 'group_members.group_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('group_members.user_id', '=', viewer.id)
            .where('group_members.role', '=', 'owner')
            .where('groups.status', '!=', 'DELETED')
            .executeTakeFirst()
          if (Number(owned?.n ?? 0) >= GROUP_LIMITS.ownedMax) throw new HttpError(409, 'groupLimit')
          await trx
            .insertInto('groups')
            .values({ id, handle, name: body.name, description: body.description ?? '', created_by: viewer.id, created_at: stamp, updated_at: stamp })
            .execute()
          await trx.insertInto('group_members').values({ group_id: id, user_id: viewer.id, role: 'owner', joined_at: stamp }).execute()
        })
      } catch (error) {
        // Two makers racing for one handle: the unique index decides.
        if (isUniqueViolation(error)) throw validationError({ handle: ['groupHandleTaken'] })
        throw error
      }
      return this.get(handle, viewer)
    },

    async update(handle: string, body: UpdateGroupBody, viewer: GroupViewer): Promise<Group> {
      const row = await groupByHandle(db, handle)
      await requireGroupRole(db, row, viewer, 'editGroup')
      const set = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      }
      if (Object.keys(set).length) await db.updateTable('groups').set({ ...set, updated_at: nowIso(ctx.now()) }).where('id', '=', row.id).execute()
      return this.get(handle, viewer)
    },

    /** A new avatar (JPEG, PNG or WebP, re-encoded), by its owners or admins. */
    async setAvatar(handle: string, photo: Buffer, viewer: GroupViewer): Promise<Group> {
      const row = await groupByHandle(db, handle)
      await requireGroupRole(db, row, viewer, 'editGroup')
      await avatar.replace(row.id, photo)
      return this.get(handle, viewer)
    },

    async removeAvatar(handle: string, viewer: GroupViewer): Promise<Group> {
      const row = await groupByHandle(db, handle)
      await requireGroupRole(db, row, viewer, 'editGroup')
      await avatar.remove(row.id)
      return this.get(handle, viewer)
    },

    /** Deleted by an owner: its page and feeds are gone (its avatar too); its events stay, as their organizers' own. */
    async remove(handle: string, viewer: GroupViewer): Promise<void> {
      const row = await groupByHandle(db, handle)
      await requireGroupRole(db, row, viewer, 'manageOwners')
      await writeTransaction(ctx, async ({ db: trx }) => {
        await trx.updateTable('groups').set({ status: 'DELETED', avatar: null, updated_at: nowIso(ctx.now()) }).where('id', '=', row.id).execute()
        await trx.updateTable('posts').set({ group_id: null }).where('group_id', '=', row.id).execute()
        await trx.deleteFrom('group_invitations').where('group_id', '=', row.id).execute()
        await trx.deleteFrom('group_followers').where('group_id', '=', row.id).execute()
      })
      await avatar.removeFiles(row.avatar)
      await ctx.domainEvents.emit({ type: 'groupChanged', userFrom: viewer.id, groupId: row.id, gone: true })
    },

    /** Follows or unfollows (a toggle without `follow`); anyone signed in may follow an active group. */
    async follow(handle: string, viewer: GroupViewer, follow?: boolean) {
      const row = await groupByHandle(db, handle)
      if (row.status !== 'ACTIVE') throw new HttpError(404, 'notFound')
      const now = await db.selectFrom('group_followers').select('user_id').where('group_id', '=', row.id).where('user_id', '=', viewer.id).executeTakeFirst()
      const want = follow ?? !now
      if (want && !now)
        await db
          .insertInto('group_followers')
          .values({ group_id: row.id, user_id: viewer.id, created_at: nowIso(ctx.now()) })
          .onConflict((oc) => oc.doNothing())
          .execute()
      if (!want && now) await db.deleteFrom('group_followers').where('group_id', '=', row.id).where('user_id', '=', viewer.id).execute()
      const [group] = await toGroupDtos(db, [row], viewer, ctx.config.publicUrl)
      return { followersCount: group!.followersCount, isFollowing: want }
    },

    /**
     * The group's events: upcoming (not ended, soonest first) or past (newest first). Its members see every one;
     * others the public ones (members-only and private events are not advertised to them).
     */
    async events(handle: string, query: { when: 'upcoming' | 'past'; page: number }, viewer: GroupViewer | null) {
      const row = await groupByHandle(db, handle)
      const role = await roleIn(db, row.id, viewer?.id)
      assertVisible(row, role, viewer)
      const size = GROUP_LIMITS.eventsPageSize
      assertReachable({ page: query.page, pageSize: size })
      let base = db.selectFrom('posts').selectAll().where('group_id', '=', row.id).where('event_type', '=', 'EVENT').where(postsVisibleTo(viewer)).where(postsListedFor(viewer))
      if (!role) base = base.where('access_type', '=', 'COMMON')
      const now = nowIso(ctx.now())
      const window = query.when === 'upcoming' ? { runningFrom: now, fewRows: true } : { endedBefore: now, fewRows: true }
      const rows = await postsInStartOrder(db, base, window, {
        direction: query.when === 'upcoming' ? 'asc' : 'desc',
        offset: (query.page - 1) * size,
        limit: size + 1,
      })
      const events: Event[] = await toEventDtos(db, rows.slice(0, size), viewer, ctx.config.publicUrl)
      return { events, page: query.page, pageSize: size, hasMore: hasNextPage({ page: query.page, pageSize: size }, rows.length > size) }
    },
  }
}

export type GroupsService = ReturnType<typeof createGroupsService>
