// Migration 003: posts start sort idx. Released: never edit it; add a migration after the last.
import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { type Db, FROZEN_START_SORT_SQL as START_SORT_SQL } from './kit'

/**
 * The event lists order by start date with undated events last (START_SORT_SQL). An index on that very
 * expression lets both databases read a page in order instead of sorting every event in the radius.
 */
export const migration: Migration = {
  async up(db: Db) {
    await sql`create index posts_start_sort_idx on posts (event_type, post_status, (${sql.raw(START_SORT_SQL)}), id)`.execute(db)
  },
  async down(db: Db) {
    await db.schema.dropIndex('posts_start_sort_idx').ifExists().execute()
  },
}
