// Filters of post queries that the event lists (GET /event/all) and the calendar feeds share.
import type { AccessibilityFeature } from '#contract'
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import type { Dialect } from '../../db/index'
import type { Database } from '../../db/schema'

const KM_PER_DEG = 111.32

/**
 * Posts within `km` of a point: a bounding box the (lat, lon) index answers, then the exact
 * (equirectangular) distance.
 */
export function withinKm(lat0: number, lon0: number, km: number) {
  const dLat = km / KM_PER_DEG
  const k = Math.max(Math.cos((lat0 * Math.PI) / 180), 0.01)
  const dLon = dLat / k
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.and([
      eb('posts.lat', '>=', lat0 - dLat),
      eb('posts.lat', '<=', lat0 + dLat),
      eb('posts.lon', '>=', lon0 - dLon),
      eb('posts.lon', '<=', lon0 + dLon),
      sql<SqlBool>`((posts.lat - ${lat0}) * (posts.lat - ${lat0}) + (posts.lon - ${lon0}) * (posts.lon - ${lon0}) * ${k * k}) <= ${dLat * dLat}`,
    ])
}

/** The same rule as withinKm for one point in memory (whether an event is in a place's or a city's programme). */
export function isWithinKm(lat0: number, lon0: number, km: number, lat: number, lon: number): boolean {
  const dLat = km / KM_PER_DEG
  const k = Math.max(Math.cos((lat0 * Math.PI) / 180), 0.01)
  return (lat - lat0) * (lat - lat0) + (lon - lon0) * (lon - lon0) * k * k <= dLat * dLat
}

/** Posts with any of these categories. */
export function inCategories(categories: readonly string[]) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.exists(
      eb
        .selectFrom('post_categories')
        .select(sql`1`.as('one'))
        .whereRef('post_categories.post_id', '=', 'posts.id')
        .where('post_categories.category', 'in', categories),
    )
}

/**
 * Posts that have an accessibility feature (posts.accessibility: the features, comma-separated). A position test,
 * not `LIKE '%,feature,%'`: PostgreSQL prices a LIKE on an expression as matching almost nothing, so with two
 * features it read every event in the city's box and sorted them (79 ms of CPU at 100k events, SQLite 8) instead of
 * walking the start-order index to a page; a comparison it prices at a third of the rows, which keeps the walk
 * (decision 033). SQLite's instr is the same test.
 */
export function hasAccessibility(dialect: Dialect, feature: AccessibilityFeature) {
  const position = sql.raw(dialect === 'postgres' ? 'strpos' : 'instr')
  return sql<SqlBool>`${position}(',' || posts.accessibility || ',', ${`,${feature},`}) > 0`
}
