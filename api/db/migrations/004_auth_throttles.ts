// Migration 004: auth throttles. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/** Per-account throttles of sign-in, email codes and code mails (docs/decisions/013-account-throttling.md). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('auth_throttles')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('window_started_at', ts, (c) => c.notNull())
      .addColumn('locked_until', ts)
      .addColumn('notified_at', ts)
      .execute()
    await db.schema.createIndex('auth_throttles_user_idx').on('auth_throttles').columns(['user_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('auth_throttles').ifExists().execute()
  },
}
