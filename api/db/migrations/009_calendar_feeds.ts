// Migration 009: calendar feeds. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/** Personal calendar feeds (decision 029): one secret token per user, made on first use, replaced on reset. */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('calendar_tokens')
      .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('calendar_tokens').ifExists().execute()
  },
}
