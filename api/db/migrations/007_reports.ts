// Migration 007: reports. Released: never edit it; add a migration after the last.
import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { type Db } from './kit'

/** Reports: the resolution, and one OPEN report per reporter and target (a repeat updates it). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('reports').addColumn('resolution_note', 'text').execute()
    await db.schema.alterTable('reports').addColumn('resolution_action', 'text').execute()
    await sql`create unique index reports_open_once_idx on reports (reporter_id, target_type, target_id) where status = 'OPEN'`.execute(db)
    await db.schema.createIndex('reports_reporter_created_idx').on('reports').columns(['reporter_id', 'created_at']).execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('reports_reporter_created_idx').ifExists().execute()
    await db.schema.dropIndex('reports_open_once_idx').ifExists().execute()
    await db.schema.alterTable('reports').dropColumn('resolution_action').execute()
    await db.schema.alterTable('reports').dropColumn('resolution_note').execute()
  },
}
