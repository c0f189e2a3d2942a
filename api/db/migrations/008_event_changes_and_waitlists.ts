// Migration 008: event changes and waitlists. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Cancelled and moved events, and waiting lists (decision 028). `sequence` is the iCalendar SEQUENCE of the
 * post: it goes up with every change a calendar must re-read (new dates, a cancellation).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('cancelled_at', ts).execute()
    await db.schema.alterTable('posts').addColumn('cancel_message', 'text').execute()
    await db.schema.alterTable('posts').addColumn('rescheduled_at', ts).execute()
    await db.schema.alterTable('posts').addColumn('previous_start_date', ts).execute()
    await db.schema.alterTable('posts').addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema
      .createTable('post_waitlist')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The place in line: max + 1 within the post's seat transaction, so two people never share one.
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('post_waitlist_pk', ['post_id', 'user_id'])
      .execute()
    await db.schema.createIndex('post_waitlist_position_idx').on('post_waitlist').columns(['post_id', 'position']).unique().execute()
    await db.schema.createIndex('post_waitlist_user_idx').on('post_waitlist').columns(['user_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('post_waitlist').ifExists().execute()
    for (const column of ['sequence', 'previous_start_date', 'rescheduled_at', 'cancel_message', 'cancelled_at'])
      await db.schema.alterTable('posts').dropColumn(column).execute()
  },
}
