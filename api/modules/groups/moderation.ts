// Console → Groups (issue 45): moderators list groups and decide on them — approve a new one, suspend one (nothing
// changes in it until it is restored; its members see why), restore it, delete it — each decision with its reason
// in the moderation log (target GROUP). Routes need `moderate` (route-permissions.ts).
import { type AdminGroup, GROUP_LIMITS, type GroupDecisionBody } from '#contract'
import { roleIn } from '../../access/group-roles'
import type { Viewer } from '../../access/policy'
import { thumbnailPathOf } from '../../media/paths'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { GroupRow } from '../../db/schema'
import { writeTransaction } from '../../db/transaction'
import { HttpError } from '../../lib/errors'
import { assertReachable, hasNextPage } from '../../lib/paging'
import { writeLog } from '../moderation/log'
import { toUserSummary } from '../users/dto'
import { groupsMatching, toGroupDtos } from './service'

export function createGroupModeration(ctx: AppContext) {
  const db: Db = ctx.db

  async function withOwners(rows: GroupRow[], viewer: Viewer): Promise<AdminGroup[]> {
    const dtos = await toGroupDtos(db, rows, viewer, ctx.config.publicUrl)
    const owners = rows.length
      ? await db
          .selectFrom('group_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['m.group_id', 'u.id', 'u.name', 'u.lastname', 'u.username', 'u.avatar_name', 'u.avatar_path'])
          .where('m.group_id', 'in', rows.map((r) => r.id))
          .where('m.role', '=', 'owner')
          .orderBy('m.joined_at')
          .execute()
      : []
    return dtos.map((group) => ({
      ...group,
      owners: owners.filter((o) => o.group_id === group.id).map((o) => toUserSummary(o, ctx.config.publicUrl)),
    }))
  }

  return {
    /** Newest first: every group but deleted ones, or those of one status (PENDING: not yet approved). */
    async list(query: { status?: string; q?: string; page: number }, viewer: Viewer) {
      const size = GROUP_LIMITS.pageSize
      assertReachable({ page: query.page, pageSize: size })
      let q = groupsMatching(db, ctx.dialect, query.q)
      if (query.status === 'PENDING') q = q.where('moderation_status', '=', 'PENDING').where('status', '!=', 'DELETED')
      else if (query.status) q = q.where('status', '=', query.status)
      else q = q.where('status', '!=', 'DELETED')
      const rows = await q.orderBy('created_at', 'desc').orderBy('id').offset((query.page - 1) * size).limit(size + 1).execute()
      return { items: await withOwners(rows.slice(0, size), viewer), page: query.page, hasMore: hasNextPage({ page: query.page, pageSize: size }, rows.length > size) }
    },

    async decide(handle: string, body: GroupDecisionBody, actor: Viewer): Promise<AdminGroup> {
      const group = await db.selectFrom('groups').selectAll().where('handle', '=', handle.toLowerCase()).where('status', '!=', 'DELETED').executeTakeFirst()
      if (!group) throw new HttpError(404, 'notFound')
      // Moderators never decide on their own (decision 018): a group they are in is another moderator's to judge.
      if (await roleIn(db, group.id, actor.id)) throw new HttpError(403, 'ownContent')
      const reason = body.reason?.trim() || null
      const now = nowIso(ctx.now())
      await writeTransaction(ctx, async ({ db: trx }) => {
        const log = (field: 'moderationStatus' | 'groupStatus', from: string, to: string) =>
          from === to ? Promise.resolve([]) : writeLog(trx, { actorId: actor.id, targetType: 'GROUP', targetId: group.id, reason }, [{ field, from, to }])
        switch (body.decision) {
          case 'APPROVE':
            await trx.updateTable('groups').set({ moderation_status: 'APPROVED', updated_at: now }).where('id', '=', group.id).execute()
            await log('moderationStatus', group.moderation_status, 'APPROVED')
            break
          case 'SUSPEND':
          case 'RESTORE': {
            const status = body.decision === 'SUSPEND' ? 'SUSPENDED' : 'ACTIVE'
            await trx.updateTable('groups').set({ status, status_reason: status === 'SUSPENDED' ? reason : null, updated_at: now }).where('id', '=', group.id).execute()
            await log('groupStatus', group.status, status)
            break
          }
          case 'DELETE':
            // As its owners' delete: the page and followers go; its events stay, as their organizers' own.
            await trx.updateTable('groups').set({ status: 'DELETED', status_reason: reason, avatar: null, updated_at: now }).where('id', '=', group.id).execute()
            await trx.updateTable('posts').set({ group_id: null }).where('group_id', '=', group.id).execute()
            await trx.deleteFrom('group_invitations').where('group_id', '=', group.id).execute()
            await trx.deleteFrom('group_followers').where('group_id', '=', group.id).execute()
            await log('groupStatus', group.status, 'DELETED')
            break
        }
      })
      // The fediverse hears of it: its events leave with a suspension or deletion, and come back with a restore.
      if (body.decision === 'DELETE' && group.avatar) await ctx.images.remove([group.avatar, thumbnailPathOf(group.avatar)]).catch((err: unknown) => ctx.log.warn({ err }, 'could not remove a deleted group’s avatar'))
      if (body.decision !== 'APPROVE')
        await ctx.domainEvents.emit({ type: 'groupChanged', userFrom: actor.id, groupId: group.id, gone: body.decision === 'DELETE' })
      const [row] = await withOwners([(await db.selectFrom('groups').selectAll().where('id', '=', group.id).executeTakeFirst())!], actor)
      return row!
    },
  }
}
