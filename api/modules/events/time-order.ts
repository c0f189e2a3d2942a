// Events in start order (undated last), read as index ranges whatever the size of the table
// (docs/decisions/033-lists-at-scale.md). An event is "running" at an instant while ends_at (generated: its
// end, else start + 6 h) is later. A list of events running at or after `from` cannot bound the start of
// every such event — an exhibition may have opened months ago — but it can for the events of one span class
// (posts.span_class: at most 1, 4, 16, 64, 256 days): one of at most D days started at most D days before
// `from`. So the list is read as ranges and merged:
// - every event that starts from `from` − 1 day on (the start-order index, read in order, a page of it), and
// - for each longer span class of at most D days, the events of that class that started in [from − D,
//   from − 1 day) and have not ended (posts_span_idx): at least a quarter of what such a range reads is still
//   running, so it reads in proportion to the long events running at `from`, never to the table's history.
// The last class (longer than 256 days) has no bound and is read whole: such events are rare.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { SPAN_CLASS_DAYS, START_SORT_SQL } from '../../db/migrations'
import type { Database, PostRow } from '../../db/schema'

const DAY_MS = 86_400_000

export type PostsQuery = SelectQueryBuilder<Database, 'posts', PostRow>

export interface TimeWindow {
  /** Events still running at this instant or later (ends_at >= from). */
  runningFrom?: string
  /** Events that ended before this instant (ends_at < endedBefore). */
  endedBefore?: string
  /** Dated events that start by this instant. */
  startsBy?: string
  /** The base holds few rows already (a person's events): filter and sort them, no ranges to merge. */
  fewRows?: boolean
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
  if (window.fewRows) return ordered(bounded.where('ends_at', '>=', window.runningFrom), order.limit, order.offset).execute()

  const from = window.runningFrom
  const startsFrom = (days: number) => isoMinus(from, days * DAY_MS)
  const running = bounded.where('ends_at', '>=', from)
  const dayBefore = startsFrom(SPAN_CLASS_DAYS[0])
  const recent = ordered(running.where(startSort, '>=', dayBefore), order.offset + order.limit)
  // Long events are few (those still running), so each class's range is read whole (posts_span_idx) and
  // sorted with the page: asked for in start order, a database would rather walk the start index instead.
  // (One member per class: OR-ed in one member, SQLite reads every event of the type instead.)
  const classes = [...SPAN_CLASS_DAYS.slice(1), null].map((days, k) => {
    const ofClass = running.where('span_class', '=', k + 1).where(startSort, '<', dayBefore)
    return days === null ? ofClass : ofClass.where(startSort, '>=', startsFrom(days))
  })
  let merged = db.selectFrom(recent.as('recent')).selectAll()
  for (const [k, ofClass] of classes.entries()) merged = merged.unionAll(db.selectFrom(ofClass.as(`span${k + 1}`)).selectAll())
  return db
    .selectFrom(merged.as('merged'))
    .selectAll()
    .orderBy(startSort, order.direction)
    .orderBy('id', order.direction)
    .limit(order.limit)
    .offset(order.offset)
    .execute() as Promise<PostRow[]>
}
