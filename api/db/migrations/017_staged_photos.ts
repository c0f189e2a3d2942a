// Migration 017: staged photos. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Photos staged ahead of a form (issue 39): what each person holds at once, counted in the database so every
 * API instance sees the same quota (STAGED_PHOTO_LIMITS); the files themselves stay in the storage.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('staged_photos')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('staged_photos_user_idx').on('staged_photos').columns(['user_id', 'created_at']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('staged_photos').ifExists().execute()
  },
}
