// Reports by users (ARCHITECTURE "Reports are real"; docs/decisions/019-reports.md): one OPEN report per
// reporter and target (a repeat updates it), never about oneself, one's own post or a group one is in, about
// something the reporter can see, at most REPORT_LIMITS.perHour an hour.
import {
  REPORT_LIMITS,
  type Report,
  type ReportPayload,
  type ReportReason,
  type ReportStatus,
} from '#contract'
import type { Viewer } from '../../access/policy'
import type { AppContext } from '../../context'
import { isUniqueViolation, nowIso } from '../../db'
import type { Selectable } from 'kysely'
import type { ReportsTable } from '../../db/schema'
import { newId } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'
import { accessOf } from '../events/dto'
import { loadRelations } from '../events/relations'
import { profileAccess } from '../../access/policy'
import { assertVisible, roleIn } from '../groups/access'

export type ReportRow = Selectable<ReportsTable>

export function toReportDto(row: ReportRow): Report {
  return {
    _id: row.id,
    targetType: row.target_type as Report['targetType'],
    targetId: row.target_id,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as ReportStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export function createReportsService(ctx: AppContext) {
  const { db } = ctx

  /** Whether the target is the reporter's own (their post, their profile, a group they are in), when they may see
   * it; else 404 (nothing to report, or nothing to learn). */
  async function isOwnTarget(input: ReportPayload, viewer: Viewer): Promise<boolean> {
    if (input.targetType === 'GROUP') {
      const group = await db.selectFrom('groups').selectAll().where('id', '=', input.targetId).where('status', '!=', 'DELETED').executeTakeFirst()
      if (!group) throw new HttpError(404, 'notFound')
      const role = await roleIn(db, group.id, viewer.id)
      assertVisible(group, role, viewer)
      return !!role
    }
    return (await targetOwner(input, viewer)) === viewer.id
  }

  async function targetOwner(input: ReportPayload, viewer: Viewer): Promise<string> {
    if (input.targetType === 'USER') {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', input.targetId)
        .executeTakeFirst()
      if (!user || !profileAccess(user, viewer).visible) throw new HttpError(404, 'notFound')
      return user.id
    }
    const post = await db.selectFrom('posts').selectAll().where('id', '=', input.targetId).executeTakeFirst()
    if (!post) throw new HttpError(404, 'notFound')
    const rel = await loadRelations(db, [post], viewer, ctx.config.publicUrl)
    if (!accessOf(post, viewer, rel).visible) throw new HttpError(404, 'notFound')
    return post.posted_by
  }

  async function openReport(reporterId: string, input: ReportPayload) {
    return db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', reporterId)
      .where('target_type', '=', input.targetType)
      .where('target_id', '=', input.targetId)
      .where('status', '=', 'OPEN')
      .executeTakeFirst()
  }

  /** 201 with a new report, or 200 with the caller's OPEN report of the same target, updated. */
  async function report(input: ReportPayload, viewer: Viewer): Promise<{ created: boolean; report: Report }> {
    if (await isOwnTarget(input, viewer)) throw new HttpError(400, 'cannotReportYourself')
    const now = ctx.now()
    const hourAgo = nowIso(new Date(now.getTime() - 3_600_000))
    const recent = await db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('reporter_id', '=', viewer.id)
      .where('updated_at', '>', hourAgo)
      .executeTakeFirst()
    if (Number(recent?.n ?? 0) >= REPORT_LIMITS.perHour)
      throw new HttpError(429, 'rateLimited', {}, { 'retry-after': '3600' })
    const existing = await openReport(viewer.id, input)
    if (existing) {
      await db
        .updateTable('reports')
        .set({ reason: input.reason, details: input.details ?? null, updated_at: nowIso(now) })
        .where('id', '=', existing.id)
        .execute()
      const row = await db
        .selectFrom('reports')
        .selectAll()
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow()
      return { created: false, report: toReportDto(row) }
    }
    const row: ReportRow = {
      id: newId(),
      target_type: input.targetType,
      target_id: input.targetId,
      reporter_id: viewer.id,
      reason: input.reason,
      details: input.details ?? null,
      status: 'OPEN',
      created_at: nowIso(now),
      updated_at: nowIso(now),
      resolved_at: null,
      resolved_by: null,
      resolution_note: null,
      resolution_action: null,
    }
    try {
      await db.insertInto('reports').values(row).execute()
    } catch (error) {
      // The same report sent twice at once: the unique OPEN index keeps one, which the other updates.
      if (!isUniqueViolation(error)) throw error
      return report(input, viewer)
    }
    return { created: true, report: toReportDto(row) }
  }

  return { report }
}
