// Migration 015: join approval. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Events that need the organizer's approval (issue 27, decision 042): the mode on the post, and the requests.
 * A request is PENDING until the organizer decides; an accepted one is deleted as its seat (or place in line) is
 * taken, a DECLINED one stays so the person cannot ask again.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('join_approval', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema
      .createTable('post_join_requests')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('decided_at', ts)
      .addPrimaryKeyConstraint('post_join_requests_pk', ['post_id', 'user_id'])
      .execute()
    await db.schema
      .createIndex('post_join_requests_pending_idx')
      .on('post_join_requests')
      .columns(['post_id', 'status', 'created_at'])
      .execute()
    await db.schema.createIndex('post_join_requests_user_idx').on('post_join_requests').columns(['user_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('post_join_requests').ifExists().execute()
    await db.schema.alterTable('posts').dropColumn('join_approval').execute()
  },
}
