// The moderation log: one row per changed field of a decision (who, when, target, from → to, reason).
// Written by the moderation service; read by the console (GET /admin/log) and by the owner's views, which show
// the reason of a REJECTED status or a moderator's DELETE (SPEC §4 overlay texts).
import type { ModerationField, ModerationReasons, ModerationTargetType } from '#contract'
import type { Transaction } from 'kysely'
import { type Db, nowIso } from '../../db'
import type { Database } from '../../db/schema'
import { newId } from '../../lib/crypto'

export interface LogChange {
  field: ModerationField
  from: string | null
  to: string | null
}

export interface LoggedChange extends LogChange {
  logId: string
}

/** Writes the changes of one decision; answers them with their log ids. */
export async function writeLog(
  db: Db | Transaction<Database>,
  decision: { actorId: string; targetType: ModerationTargetType; targetId: string; reason: string | null },
  changes: LogChange[],
): Promise<LoggedChange[]> {
  if (changes.length === 0) return []
  const now = nowIso()
  const rows = changes.map((c) => ({
    id: newId(),
    actor_id: decision.actorId,
    target_type: decision.targetType,
    target_id: decision.targetId,
    field: c.field,
    from_value: c.from,
    to_value: c.to,
    reason: decision.reason,
    created_at: now,
  }))
  await db.insertInto('moderation_log').values(rows).execute()
  return changes.map((c, i) => ({ ...c, logId: rows[i]?.id ?? '' }))
}

export interface StatusFacts {
  id: string
  moderation_status: string
  moderation_image_status: string
  post_status?: string
}

/** Whether a target has a status whose reason its owner should read. */
export function hasRejection(row: StatusFacts): boolean {
  return row.moderation_status === 'REJECTED' || row.moderation_image_status === 'REJECTED' || row.post_status === 'DELETED'
}

/**
 * The reasons behind the current REJECTED statuses (and a moderator's DELETE) of these targets: the reason of
 * the latest decision that set each status to its current value, or null.
 */
export async function currentReasons(db: Db, rows: StatusFacts[]): Promise<Map<string, ModerationReasons>> {
  const out = new Map<string, ModerationReasons>()
  const wanted = rows.filter(hasRejection)
  if (wanted.length === 0) return out
  const entries = await db
    .selectFrom('moderation_log')
    .select(['target_id', 'field', 'to_value', 'reason', 'created_at'])
    .where(
      'target_id',
      'in',
      wanted.map((r) => r.id),
    )
    .where('field', 'in', ['moderationStatus', 'moderationImageStatus', 'postStatus'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  for (const row of wanted) {
    const latest = (field: string) => entries.find((e) => e.target_id === row.id && e.field === field)
    const reasonIf = (field: string, status: string | undefined, expected: string) => {
      if (status !== expected) return null
      const entry = latest(field)
      return entry && entry.to_value === expected ? (entry.reason ?? '') : null
    }
    out.set(row.id, {
      info: reasonIf('moderationStatus', row.moderation_status, 'REJECTED'),
      image: reasonIf('moderationImageStatus', row.moderation_image_status, 'REJECTED'),
      removed: reasonIf('postStatus', row.post_status, 'DELETED'),
    })
  }
  return out
}
