// Events in start order (undated last), read as index ranges whatever the size of the table
// (docs/decisions/033-lists-at-scale.md). An event is "running" at an instant while ends_at (generated: its
// end, else start + 6 h) is later. A list of events running at or after `from` cannot bound the start of
// every such event — an exhibition may have opened months ago — but it can for events of at most a day
// (LONG_EVENT_MS): they started at most a day before `from`. So the list is read as two ranges and merged:
// - every event starting from `from` − 1 day on (the start-order index, read in order), and
// - the events that last longer than a day and are still running (lasts_long = 1, by their end).
// Each range reads about a page; the merge sorts at most two pages.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { START_SORT_SQL } from '../../db/migrations'
import type { Database, PostRow } from '../../db/schema'

/** An event longer than this is `lasts_long` (the generated column of migration 011 uses the same day). */
export const LONG_EVENT_MS = 86_400_000

export type PostsQuery = SelectQueryBuilder<Database, 'posts', PostRow>

export interface TimeWindow {
  /** Events still running at this instant or later (ends_at >= from). */
  runningFrom?: string
  /** Events that ended before this instant (ends_at < endedBefore). */
  endedBefore?: string
  /** Dated events that start by this instant. */
  startsBy?: string
}

const startSort = sql<string>`${sql.raw(START_SORT_SQL)}`

function isoMinus(iso: string, ms: number): string {
  return new Date(Date.parse(iso) - ms).toISOString()
}

/**
 * `limit` rows of `base` (a filtered selectAll of posts) in `window`, ordered by start then id (`direction`),
 * after skipping `offset`.
 */
export async function postsInStartOrder(
  db: Kysely<Database>,
  base: PostsQuery,
  window: TimeWindow,
  order: { direction: 'asc' | 'desc'; offset: number; limit: number },
): Promise<PostRow[]> {
  let bounded = base
  if (window.startsBy) bounded = bounded.where(startSort, '<=', window.startsBy)
  if (window.endedBefore)
    // An event starts no later than it ends, so the start bound lets the index range stop there too.
    bounded = bounded.where('ends_at', '<', window.endedBefore).where(startSort, '<', window.endedBefore)
  const ordered = (q: PostsQuery, limit: number, offset = 0) => {
    const sorted = q.orderBy(startSort, order.direction).orderBy('id', order.direction).limit(limit)
    return offset ? sorted.offset(offset) : sorted
  }
  if (!window.runningFrom) return ordered(bounded, order.limit, order.offset).execute()

  const from = window.runningFrom
  const dayBefore = isoMinus(from, LONG_EVENT_MS)
  const recent = bounded.where(startSort, '>=', dayBefore).where('ends_at', '>=', from)
  const long = bounded.where('lasts_long', '=', 1).where('ends_at', '>=', from).where(startSort, '<', dayBefore)
  const each = order.offset + order.limit
  const merged = db
    .selectFrom(ordered(recent, each).as('recent'))
    .selectAll()
    .unionAll(db.selectFrom(ordered(long, each).as('long')).selectAll())
  return db
    .selectFrom(merged.as('merged'))
    .selectAll()
    .orderBy(startSort, order.direction)
    .orderBy('id', order.direction)
    .limit(order.limit)
    .offset(order.offset)
    .execute() as Promise<PostRow[]>
}
