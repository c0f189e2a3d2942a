// The reports queue of the console (docs/decisions/019-reports.md): OPEN reports oldest first with their age
// against the 24-hour promise; closing one (or every OPEN one of its target) as RESOLVED or DISMISSED, with a
// moderation decision applied in the same call when asked, logged like any other. Reporters hear that their
// report was reviewed, not what was done.
import {
  can,
  type AdminReport,
  type AdminReportPatch,
  type AdminReportsQuery,
  type AdminReportsResponse,
  decisionPatch,
  REPORT_LIMITS,
  type ReportReason,
  type ReportsSummary,
} from '#contract'
import { mayModerateContent, type Viewer } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { lockedRows, type Work, writeTransaction } from '../../db/transaction'
import { HttpError } from '../../lib/errors'
import { paged } from '../../lib/paging'
import { imageDto } from '../events/dto'
import { loadUserSummaries } from '../events/relations'
import { roleIn } from '../../access/group-roles'
import { thumbnailPathOf } from '../../media/paths'
import { type ReportRow, toReportDto } from '../reports/service'
import type { AdminService } from './service'

const HOUR_MS = 3_600_000

export function createAdminReportsService(ctx: AppContext, admin: AdminService) {
  const { db } = ctx
  const publicUrl = ctx.config.publicUrl

  /** The posts, users and groups the reports are about, as the queue shows them. */
  async function targetsOf(rows: ReportRow[], viewer: Viewer): Promise<Map<string, NonNullable<AdminReport['target']>>> {
    const idsOf = (type: string) => rows.filter((r) => r.target_type === type).map((r) => r.target_id)
    const [postIds, userIds, groupIds] = [idsOf('POST'), idsOf('USER'), idsOf('GROUP')]
    const [posts, images, users, groups] = await Promise.all([
      postIds.length
        ? db.selectFrom('posts').selectAll().where('id', 'in', postIds).execute()
        : Promise.resolve([]),
      postIds.length
        ? db
            .selectFrom('post_images')
            .select(['id', 'name', 'post_id', 'path', 'thumb_path'])
            .where('post_id', 'in', postIds)
            .orderBy('position')
            .execute()
        : Promise.resolve([]),
      userIds.length
        ? db.selectFrom('users').selectAll().where('id', 'in', userIds).execute()
        : Promise.resolve([]),
      groupTargets(groupIds, viewer),
    ])
    const out = new Map<string, NonNullable<AdminReport['target']>>()
    for (const p of posts) {
      const image = images.find((i) => i.post_id === p.id)
      out.set(p.id, {
        label: p.title,
        thumbnailUrl: image ? imageDto(image, publicUrl).thumbnailUrl : null,
        eventType: p.event_type as 'EVENT' | 'PLACE',
        ownerId: p.posted_by,
        mayModerate: mayModerateContent(viewer, p.posted_by),
        moderationStatus: p.moderation_status,
        moderationImageStatus: p.moderation_image_status,
        postStatus: p.post_status,
        handle: null,
      })
    }
    for (const u of users) {
      const thumb = thumbnailPathOf(u.avatar_path) ?? u.avatar_path
      out.set(u.id, {
        label: `${`${u.name} ${u.lastname}`.trim()} (@${u.username})`,
        thumbnailUrl: thumb ? `${publicUrl}/uploads/${thumb}` : null,
        eventType: null,
        ownerId: u.id,
        mayModerate: mayModerateContent(viewer, u.id),
        moderationStatus: u.moderation_status,
        moderationImageStatus: u.moderation_image_status,
        postStatus: null,
        handle: null,
      })
    }
    for (const [id, target] of groups) out.set(id, target)
    return out
  }

  /** Reported groups: name and handle, their status as postStatus, an owner; decided on by a moderator not in them. */
  async function groupTargets(ids: string[], viewer: Viewer): Promise<Map<string, NonNullable<AdminReport['target']>>> {
    const out = new Map<string, NonNullable<AdminReport['target']>>()
    if (ids.length === 0) return out
    const [groups, owners, mine] = await Promise.all([
      db.selectFrom('groups').selectAll().where('id', 'in', ids).execute(),
      db.selectFrom('group_members').select(['group_id', 'user_id']).where('group_id', 'in', ids).where('role', '=', 'owner').orderBy('joined_at').execute(),
      db.selectFrom('group_members').select('group_id').where('group_id', 'in', ids).where('user_id', '=', viewer.id).execute(),
    ])
    for (const g of groups) {
      const thumb = thumbnailPathOf(g.avatar) ?? g.avatar
      out.set(g.id, {
        label: `${g.name} (@${g.handle})`,
        thumbnailUrl: thumb ? `${publicUrl}/uploads/${thumb}` : null,
        eventType: null,
        ownerId: owners.find((o) => o.group_id === g.id)?.user_id ?? '',
        mayModerate: can(viewer.role, 'moderate') && !mine.some((m) => m.group_id === g.id),
        moderationStatus: g.moderation_status,
        moderationImageStatus: 'APPROVED',
        postStatus: g.status,
        handle: g.handle,
      })
    }
    return out
  }

  /** A report; inside a transaction (`work`) locked until it ends, so two moderators decide it in turn. */
  async function reportRow(id: string, work?: Work): Promise<ReportRow> {
    const query = (work?.db ?? db).selectFrom('reports').selectAll().where('id', '=', id)
    const row = id.length <= 100 ? await (work ? lockedRows(work.dialect, query) : query).executeTakeFirst() : undefined
    if (!row) throw new HttpError(404, 'notFound')
    return row
  }

  /** Whose post or profile a report is about (null when it is gone). A group: the actor, when they are in it (a
   * moderator in a group leaves its reports to another, as its decisions). */
  async function ownerOf(conn: Db, report: ReportRow, actor: Viewer): Promise<string | null> {
    if (report.target_type === 'GROUP') return (await roleIn(conn, report.target_id, actor.id)) ? actor.id : null
    if (report.target_type === 'USER') return report.target_id
    const post = await conn.selectFrom('posts').select('posted_by').where('id', '=', report.target_id).executeTakeFirst()
    return post?.posted_by ?? null
  }

  return {
    async list(q: AdminReportsQuery, viewer: Viewer): Promise<AdminReportsResponse> {
      let query = db.selectFrom('reports').where('status', '=', q.status)
      if (q.targetType) query = query.where('target_type', '=', q.targetType)
      // The queue: oldest OPEN first. Closed ones: last closed first.
      const ordered =
        q.status === 'OPEN'
          ? query.selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc')
          : query.selectAll().orderBy('resolved_at', 'desc').orderBy('id', 'desc')
      const { rows, ...page } = await paged(db, q, query, (offset, limit) => ordered.limit(limit).offset(offset).execute())
      const targetIds = [...new Set(rows.map((r) => r.target_id))]
      const [targets, people, open] = await Promise.all([
        targetsOf(rows, viewer),
        loadUserSummaries(
          db,
          rows.flatMap((r) => [r.reporter_id, ...(r.resolved_by ? [r.resolved_by] : [])]),
          publicUrl,
          viewer,
        ),
        targetIds.length
          ? db
              .selectFrom('reports')
              .select(['target_id', 'reason'])
              .where('status', '=', 'OPEN')
              .where('target_id', 'in', targetIds)
              .execute()
          : Promise.resolve([]),
      ])
      const now = ctx.now().getTime()
      return {
        ...page,
        reports: rows.map((r) => {
          const ageHours = Math.max(0, Math.floor((now - Date.parse(r.created_at)) / HOUR_MS))
          const sameTarget = open.filter((o) => o.target_id === r.target_id)
          return {
            ...toReportDto(r),
            reporter: people.get(r.reporter_id) ?? null,
            target: targets.get(r.target_id) ?? null,
            ageHours,
            overdue:
              r.status === 'OPEN' && now - Date.parse(r.created_at) > REPORT_LIMITS.reviewHours * HOUR_MS,
            openReporters: sameTarget.length,
            openReasons: [...new Set(sameTarget.map((o) => o.reason as ReportReason))],
            resolutionNote: r.resolution_note,
            resolvedAt: r.resolved_at,
            resolvedBy: (r.resolved_by && people.get(r.resolved_by)) || null,
          }
        }),
      }
    },

    async summary(): Promise<ReportsSummary> {
      const overdueBefore = nowIso(new Date(ctx.now().getTime() - REPORT_LIMITS.reviewHours * HOUR_MS))
      const [open, overdue] = await Promise.all([
        db
          .selectFrom('reports')
          .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('status', '=', 'OPEN')
          .executeTakeFirst(),
        db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('status', '=', 'OPEN')
          .where('created_at', '<', overdueBefore)
          .executeTakeFirst(),
      ])
      return {
        open: Number(open?.n ?? 0),
        overdue: Number(overdue?.n ?? 0),
        oldestOpenAt: (open?.oldest as string | null) ?? null,
      }
    },

    async close(id: string, patch: AdminReportPatch, actor: Viewer) {
      // The decision, its log, every report it closes and every notice commit together (decision 032).
      const closed = await writeTransaction(ctx, async (work) => {
        const report = await reportRow(id, work)
        if (report.status !== 'OPEN') throw new HttpError(409, 'reportClosed')
        // Nobody closes a report about their own post or profile, whatever the outcome (decision 019).
        const owner = await ownerOf(work.db, report, actor)
        if (owner !== null && !mayModerateContent(actor, owner)) throw new HttpError(403, 'ownContent')
        if (patch.action) {
          if (report.target_type === 'GROUP') throw new HttpError(400, 'actionNotForGroups')
          if (report.target_type === 'USER' && patch.action === 'delete') throw new HttpError(400, 'actionNotForUsers')
          const body = { ...decisionPatch(patch.action), reason: patch.resolutionNote }
          // Already decided that way (say, by another report): the report is resolved all the same.
          if (report.target_type === 'POST') await admin.decidePost(work, report.target_id, body, actor, true)
          else await admin.decideUser(work, report.target_id, body, actor, true)
        }
        let closing = work.db.selectFrom('reports').select(['id', 'reporter_id']).where('status', '=', 'OPEN')
        closing = patch.wholeTarget
          ? closing.where('target_type', '=', report.target_type).where('target_id', '=', report.target_id)
          : closing.where('id', '=', id)
        const candidates = await closing.execute()
        const now = nowIso(ctx.now())
        const done: { id: string; reporter_id: string }[] = []
        for (const candidate of candidates) {
          // Only an OPEN report closes: two moderators at once close it once, and its reporter hears once.
          const res = await work.db
            .updateTable('reports')
            .set({
              status: patch.status,
              resolved_at: now,
              resolved_by: actor.id,
              resolution_note: patch.resolutionNote ?? null,
              resolution_action: patch.action ?? null,
              updated_at: now,
            })
            .where('id', '=', candidate.id)
            .where('status', '=', 'OPEN')
            .executeTakeFirst()
          if (Number(res.numUpdatedRows) === 1) done.push(candidate)
        }
        if (!done.some((c) => c.id === id)) throw new HttpError(409, 'reportClosed')
        for (const c of done)
          await ctx.domainEvents.emit({ type: 'reportClosed', userFrom: actor.id, recipientId: c.reporter_id, reportId: c.id }, work)
        return done
      })
      return { closed: closed.length, report: toReportDto(await reportRow(id)) }
    },
  }
}
