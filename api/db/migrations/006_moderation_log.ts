// Migration 006: moderation log. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/** The moderation log (who decided what, when, why) and the decision a `moderation` notification tells of. */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('moderation_log')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('actor_id', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', id, (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('from_value', 'text')
      .addColumn('to_value', 'text')
      .addColumn('reason', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('moderation_log_target_idx').on('moderation_log').columns(['target_id', 'created_at']).execute()
    await db.schema.createIndex('moderation_log_created_idx').on('moderation_log').columns(['created_at', 'id']).execute()
    await db.schema.alterTable('notifications').addColumn('moderation_log_id', id).execute()
    // The console's default order: last changed first.
    await db.schema.createIndex('posts_updated_idx').on('posts').columns(['event_type', 'updated_at', 'id']).execute()
    await db.schema.createIndex('users_updated_idx').on('users').columns(['updated_at', 'id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('users_updated_idx').ifExists().execute()
    await db.schema.dropIndex('posts_updated_idx').ifExists().execute()
    await db.schema.alterTable('notifications').dropColumn('moderation_log_id').execute()
    await db.schema.dropTable('moderation_log').ifExists().execute()
  },
}
