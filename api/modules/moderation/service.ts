// The moderation console (SPEC §2 "Moderation tabs", §4, §6, §7 Admin; ARCHITECTURE "Moderation decisions";
// docs/decisions/018-moderation.md). Admins and super admins decide statuses; only a super admin edits
// content, roles and activation. Every change is logged; rejections and removals notify the owner.
import {
  type AdminLogQuery,
  type AdminLogResponse,
  type AdminPostPatch,
  type AdminPostsQuery,
  type AdminPostsResponse,
  type AdminUserPatch,
  type AdminUsersQuery,
  type AdminUsersResponse,
  ADMIN_USER_CONTENT_FIELDS,
  can,
  type Event,
  EVENT_JSON_FIELDS,
  eventFieldsObject,
  type ModerationTargetType,
  type User,
} from '#contract'
import { mayModerateContent, type Viewer } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, isUniqueViolation, nowIso } from '../../db'
import { createTextSearch } from '../../db/text-search'
import { lockedRows, type Work, writeTransaction } from '../../db/transaction'
import type { PostRow, UserRow, UserUpdate } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { paged } from '../../lib/paging'
import { toEventDtos } from '../events/dto'
import { loadUserSummaries } from '../events/relations'
import type { EventsService } from '../events/service'
import type { ProfileService } from '../profile/service'
import { followCounts, followCountsOf, toUserDto } from '../users/dto'
import { nameInUseHeld } from '../users/names'
import { type LogChange, type LoggedChange, writeLog } from './log'

/** The fields of the event form (PATCH /admin/posts/{id} content edits). */
// `repeat` is only for a new event (decision 041): a moderator's edit never carries it.
const POST_FORM_FIELDS: readonly string[] = [...Object.keys(eventFieldsObject.shape), ...EVENT_JSON_FIELDS].filter((field) => field !== 'repeat')

type PostStatuses = Partial<Pick<PostRow, 'moderation_status' | 'moderation_image_status' | 'post_status'>>

const POST_STATUS_FIELDS: [keyof PostStatuses, LogChange['field']][] = [
  ['moderation_status', 'moderationStatus'],
  ['moderation_image_status', 'moderationImageStatus'],
  ['post_status', 'postStatus'],
]

/** Decisions the owner is told of: a status set to REJECTED, or the post removed. */
function noticeWorthy(change: LogChange): boolean {
  if (change.field === 'moderationStatus' || change.field === 'moderationImageStatus') return change.to === 'REJECTED'
  return change.field === 'postStatus' && change.to === 'DELETED'
}

export function createAdminService(ctx: AppContext, deps: { events: EventsService; profile: ProfileService }) {
  const db: Db = ctx.db
  const publicUrl = ctx.config.publicUrl

  const search = createTextSearch(db, ctx.dialect)

  const superAdmins = (conn: Db) => conn.selectFrom('users').select('id').where('role', '=', 'superAdmin').where('disabled_at', 'is', null)

  /** A profile by id, or 404; read in a decision's transaction (`work`), locked until it commits. */
  async function userRow(id: string, work?: Work): Promise<UserRow> {
    const query = (work?.db ?? db).selectFrom('users').selectAll().where('id', '=', id)
    const row = id.length <= 100 ? await (work ? lockedRows(work.dialect, query) : query).executeTakeFirst() : undefined
    if (!row) throw new HttpError(404, 'notFound')
    return row
  }

  /** A post by id whatever its status, or 404; read in a decision's transaction (`work`), locked until it commits. */
  async function postRow(id: string, work?: Work): Promise<PostRow> {
    const query = (work?.db ?? db).selectFrom('posts').selectAll().where('id', '=', id)
    const row = id.length <= 100 ? await (work ? lockedRows(work.dialect, query) : query).executeTakeFirst() : undefined
    if (!row) throw new HttpError(404, 'notFound')
    return row
  }

  async function userDto(row: UserRow): Promise<User> {
    return toUserDto(row, await followCounts(db, row.id), publicUrl)
  }

  async function postDto(id: string, viewer: Viewer): Promise<Event> {
    const [event] = await toEventDtos(db, [await postRow(id)], viewer, publicUrl)
    if (!event) throw new HttpError(404, 'notFound')
    return event
  }

  /**
   * Logs the changes and stores the owner's notices of those worth telling, in the decision's transaction:
   * the decision, its log lines and its notices commit together or not at all (decision 032); the socket and
   * push go out after the commit.
   */
  async function record(
    work: Work,
    actor: Viewer,
    target: { type: ModerationTargetType; id: string; ownerId: string },
    reason: string | undefined,
    changes: LogChange[],
  ): Promise<LoggedChange[]> {
    const logged = await writeLog(work.db, { actorId: actor.id, targetType: target.type, targetId: target.id, reason: reason ?? null }, changes)
    for (const change of logged) {
      if (noticeWorthy(change) && target.ownerId !== actor.id)
        await ctx.domainEvents.emit({ type: 'moderation', userFrom: actor.id, recipientId: target.ownerId, targetId: target.id, logId: change.logId }, work)
    }
    return logged
  }

  /** A moderator's edit that its service has already committed (a photo, an avatar): its log and notices. */
  function recordAlone(
    actor: Viewer,
    target: { type: ModerationTargetType; id: string; ownerId: string },
    reason: string | undefined,
    changes: LogChange[],
  ): Promise<LoggedChange[]> {
    return writeTransaction(ctx, (work) => record(work, actor, target, reason, changes))
  }

  /** The changes from one row to the next, for the listed columns. */
  function diff<R>(before: R, after: Partial<R>, fields: [keyof R & string, LogChange['field']][]): LogChange[] {
    const out: LogChange[] = []
    for (const [column, field] of fields) {
      const to = after[column]
      if (to === undefined || to === before[column]) continue
      out.push({ field, from: before[column] === null ? null : String(before[column]), to: to === null ? null : String(to) })
    }
    return out
  }

  /** The post of `postId` whose author is `userId` (SPEC §7's path names both), for a super admin; else 403/404. */
  async function ownedPost(postId: string, userId: string, actor: Viewer): Promise<PostRow> {
    if (!can(actor.role, 'editAnyContent')) throw new HttpError(403, 'superAdminOnly')
    const row = await postRow(postId)
    if (row.posted_by !== userId) throw new HttpError(404, 'notPostOwner')
    // A fediverse event's photos are its server's (decision 040): moderators reject or delete it, they do not edit it.
    if (row.remote_object !== null) throw new HttpError(400, 'remoteEventReadOnly')
    return row
  }

  /** The statuses a patch sets, as post columns. */
  function statusesOf(patch: AdminPostPatch): PostStatuses {
    const statuses: PostStatuses = {}
    if (patch.moderationStatus) statuses.moderation_status = patch.moderationStatus
    if (patch.moderationImageStatus) statuses.moderation_image_status = patch.moderationImageStatus
    if (patch.postStatus) statuses.post_status = patch.postStatus
    return statuses
  }

  /**
   * A decision on a profile inside `work`: the row (locked), its update, the log and the owner's notices.
   * Answers the changes; with `sameIsFine` a decision that changes nothing answers none instead of 400.
   */
  async function decideUser(work: Work, id: string, patch: AdminUserPatch, actor: Viewer, sameIsFine = false): Promise<LogChange[]> {
    // A role change locks the super admins first, in one order, then its target: two super admins demoting
    // each other at once then queue one behind the other instead of each holding the row the other needs.
    if (patch.role !== undefined) await lockedRows(work.dialect, superAdmins(work.db).orderBy('id')).execute()
    const row = await userRow(id, work)
    if (!mayModerateContent(actor, row.id)) throw new HttpError(403, row.role !== patch.role && patch.role ? 'cannotChangeOwnRole' : 'ownContent')
    const content = ADMIN_USER_CONTENT_FIELDS.filter((f) => patch[f] !== undefined)
    if (content.length > 0 && !can(actor.role, 'manageRoles')) throw new HttpError(403, 'superAdminOnly')
    // A fediverse account (decision 040) signs in nowhere here: no role, activation or name of ours to give it.
    if (content.length > 0 && row.remote_actor !== null) throw new HttpError(400, 'remoteAccountReadOnly')
    const set: UserUpdate = {}
    if (patch.moderationStatus) set.moderation_status = patch.moderationStatus
    if (patch.moderationImageStatus) set.moderation_image_status = patch.moderationImageStatus
    if (patch.name !== undefined) set.name = patch.name
    if (patch.lastname !== undefined) set.lastname = patch.lastname
    if (patch.username !== undefined) set.username = patch.username
    // One namespace with groups (users/names.ts): a moderator's rename is checked like anyone's.
    if (set.username !== undefined && set.username !== row.username && (await nameInUseHeld(work, set.username, row.id)))
      throw new HttpError(409, 'usernameTaken', { username: ['usernameTaken'] })
    if (patch.role !== undefined) set.role = patch.role
    if (patch.isActivated !== undefined) set.is_activated = patch.isActivated ? 1 : 0
    const changes = diff(row, set, [
      ['moderation_status', 'moderationStatus'],
      ['moderation_image_status', 'moderationImageStatus'],
      ['role', 'role'],
      ['is_activated', 'isActivated'],
    ])
    const renamed = (['name', 'lastname', 'username'] as const).filter((c) => set[c] !== undefined && set[c] !== row[c])
    if (renamed.length > 0)
      changes.push({ field: 'content', from: renamed.map((c) => `${c}: ${row[c]}`).join('; '), to: renamed.map((c) => `${c}: ${set[c]}`).join('; ') })
    if (changes.length === 0) {
      if (sameIsFine) return []
      throw new HttpError(400, 'nothingToChange')
    }
    if (row.role === 'superAdmin' && set.role !== undefined && set.role !== 'superAdmin') {
      // The super admins are locked while counted, so two demotions at once cannot both pass.
      if ((await superAdmins(work.db).execute()).length <= 1) throw new HttpError(409, 'lastSuperAdmin')
    }
    await work.db
      .updateTable('users')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', id)
      .execute()
    await record(work, actor, { type: 'USER', id, ownerId: id }, patch.reason, changes)
    return changes
  }

  /** A status decision on a post inside `work` (the content form goes through the events service instead). */
  async function decidePost(work: Work, id: string, patch: AdminPostPatch, actor: Viewer, sameIsFine = false): Promise<LogChange[]> {
    const row = await postRow(id, work)
    if (!mayModerateContent(actor, row.posted_by)) throw new HttpError(403, 'ownContent')
    const statuses = statusesOf(patch)
    const changes = diff(row, statuses, POST_STATUS_FIELDS)
    if (changes.length === 0) {
      if (sameIsFine) return []
      throw new HttpError(400, 'nothingToChange')
    }
    await work.db
      .updateTable('posts')
      .set({ ...statuses, updated_at: nowIso() })
      .where('id', '=', id)
      .execute()
    await record(work, actor, { type: 'POST', id, ownerId: row.posted_by }, patch.reason, changes)
    return changes
  }

  return {
    async users(q: AdminUsersQuery, viewer: Viewer): Promise<AdminUsersResponse> {
      let query = db.selectFrom('users')
      if (q.role) query = query.where('role', '=', q.role)
      if (q.moderationStatus) query = query.where('moderation_status', '=', q.moderationStatus)
      if (q.moderationImageStatus) query = query.where('moderation_image_status', '=', q.moderationImageStatus)
      const text = await search.containsAll('peopleAndEmail', 'users', q.query)
      const direction = q.sort === 'oldest' ? 'asc' : 'desc'
      const { rows, ...page } = await paged(db, q, text.unordered(query), (offset, limit) =>
        text.inOrder(query).selectAll().orderBy('updated_at', direction).orderBy('id', direction).limit(limit).offset(offset).execute(),
      )
      const counts = await followCountsOf(db, rows.map((r) => r.id))
      return { users: rows.map((row) => ({ ...toUserDto(row, counts.get(row.id)!, publicUrl), mayModerate: mayModerateContent(viewer, row.id) })), ...page }
    },

    async posts(eventType: 'EVENT' | 'PLACE', q: AdminPostsQuery, viewer: Viewer): Promise<AdminPostsResponse> {
      let query = db.selectFrom('posts').where('event_type', '=', eventType)
      if (q.moderationStatus) query = query.where('moderation_status', '=', q.moderationStatus)
      if (q.moderationImageStatus) query = query.where('moderation_image_status', '=', q.moderationImageStatus)
      if (q.postStatus) query = query.where('post_status', '=', q.postStatus)
      const text = await search.containsAll('titles', 'posts', q.query)
      const direction = q.sort === 'oldest' ? 'asc' : 'desc'
      const { rows, ...page } = await paged(db, q, text.unordered(query), (offset, limit) =>
        text.inOrder(query).selectAll().orderBy('updated_at', direction).orderBy('id', direction).limit(limit).offset(offset).execute(),
      )
      return { events: await toEventDtos(db, rows, viewer, publicUrl), ...page }
    },

    async user(id: string): Promise<User> {
      return userDto(await userRow(id))
    },

    async patchUser(id: string, patch: AdminUserPatch, actor: Viewer): Promise<User> {
      try {
        await writeTransaction(ctx, (work) => decideUser(work, id, patch, actor))
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'usernameTaken', { username: ['usernameTaken'] })
        throw error
      }
      return userDto(await userRow(id))
    },

    async patchPost(id: string, patch: AdminPostPatch, actor: Viewer): Promise<Event> {
      const form = Object.fromEntries(Object.entries(patch).filter(([k]) => POST_FORM_FIELDS.includes(k)))
      if (Object.keys(form).length === 0) {
        await writeTransaction(ctx, (work) => decidePost(work, id, patch, actor))
        return postDto(id, actor)
      }
      const row = await postRow(id)
      if (!mayModerateContent(actor, row.posted_by)) throw new HttpError(403, 'ownContent')
      if (!can(actor.role, 'editAnyContent')) throw new HttpError(403, 'superAdminOnly')
      // Its next Update from the origin would overwrite an edit: a fediverse event is approved, rejected or deleted.
      if (row.remote_object !== null) throw new HttpError(400, 'remoteEventReadOnly')
      const statuses = statusesOf(patch)
      const changes = diff(row, statuses, POST_STATUS_FIELDS)
      changes.push({ field: 'content', from: row.title, to: typeof form.title === 'string' ? form.title : row.title })
      // The form's own rules; the statuses, the log and the notices go in the edit's transaction.
      await deps.events.editAsModerator(row, form, actor, statuses, (work) =>
        record(work, actor, { type: 'POST', id, ownerId: row.posted_by }, patch.reason, changes).then(() => undefined),
      )
      return postDto(id, actor)
    },

    decideUser,
    decidePost,

    async setUserAvatar(id: string, photo: Buffer, actor: Viewer): Promise<User> {
      const row = await userRow(id)
      if (!can(actor.role, 'editAnyContent')) throw new HttpError(403, 'superAdminOnly')
      await deps.profile.setAvatarAsModerator(id, photo)
      const after = await userRow(id)
      await recordAlone(actor, { type: 'USER', id, ownerId: id }, undefined, [{ field: 'avatar', from: row.avatar_name, to: after.avatar_name }])
      return userDto(after)
    },

    async deleteUserAvatar(id: string, actor: Viewer): Promise<User> {
      const row = await userRow(id)
      if (!can(actor.role, 'editAnyContent')) throw new HttpError(403, 'superAdminOnly')
      await deps.profile.deleteAvatarAsModerator(id)
      await recordAlone(actor, { type: 'USER', id, ownerId: id }, undefined, [{ field: 'avatar', from: row.avatar_name, to: null }])
      return userDto(await userRow(id))
    },

    async addPhotos(postId: string, userId: string, files: Buffer[], actor: Viewer) {
      const row = await ownedPost(postId, userId, actor)
      const { postId: id, images, added } = await deps.events.addImagesAsModerator(row, files)
      await recordAlone(actor, { type: 'POST', id, ownerId: row.posted_by }, undefined, [{ field: 'images', from: null, to: added.join(', ') }])
      return { postId: id, images }
    },

    async removePhoto(postId: string, userId: string, body: { name?: string; imageId?: string }, actor: Viewer) {
      const row = await ownedPost(postId, userId, actor)
      const { postId: id, images, removed } = await deps.events.removeImageAsModerator(row, body)
      await recordAlone(actor, { type: 'POST', id, ownerId: row.posted_by }, undefined, [{ field: 'images', from: removed, to: null }])
      return { postId: id, images }
    },

    async log(q: AdminLogQuery, viewer: Viewer): Promise<AdminLogResponse> {
      let query = db.selectFrom('moderation_log')
      if (q.targetType) query = query.where('target_type', '=', q.targetType)
      if (q.targetId) query = query.where('target_id', '=', q.targetId)
      const { rows, ...page } = await paged(db, q, query, (offset, limit) =>
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      )
      const postIds = rows.filter((r) => r.target_type === 'POST').map((r) => r.target_id)
      const userIds = rows.filter((r) => r.target_type === 'USER').map((r) => r.target_id)
      const groupIds = rows.filter((r) => r.target_type === 'GROUP').map((r) => r.target_id)
      const [actors, posts, users, groups] = await Promise.all([
        loadUserSummaries(db, rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])), publicUrl, viewer),
        postIds.length ? db.selectFrom('posts').select(['id', 'title']).where('id', 'in', postIds).execute() : Promise.resolve([]),
        userIds.length
          ? db.selectFrom('users').select(['id', 'name', 'lastname', 'username']).where('id', 'in', userIds).execute()
          : Promise.resolve([]),
        groupIds.length ? db.selectFrom('groups').select(['id', 'name', 'handle']).where('id', 'in', groupIds).execute() : Promise.resolve([]),
      ])
      const labels = new Map<string, string>([
        ...posts.map((p) => [p.id, p.title] as const),
        ...groups.map((g) => [g.id, `${g.name} (@${g.handle})`] as const),
        ...users.map((u) => [u.id, `${u.name} ${u.lastname} (@${u.username})`] as const),
      ])
      return {
        ...page,
        entries: rows.map((r) => ({
          _id: r.id,
          actor: (r.actor_id && actors.get(r.actor_id)) || null,
          targetType: r.target_type as ModerationTargetType,
          targetId: r.target_id,
          targetLabel: labels.get(r.target_id) ?? null,
          field: r.field as LogChange['field'],
          from: r.from_value,
          to: r.to_value,
          reason: r.reason,
          createdAt: r.created_at,
        })),
      }
    },
  }
}

export type AdminService = ReturnType<typeof createAdminService>
