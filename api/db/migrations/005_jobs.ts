// Migration 005: jobs. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, ts } from './kit'

/** Scheduled jobs and their leases (docs/decisions/016-jobs-lease.md). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('jobs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_run_at', ts, (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', ts)
      .addColumn('last_started_at', ts)
      .addColumn('last_finished_at', ts)
      .addColumn('last_error', 'text')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('jobs').ifExists().execute()
  },
}
