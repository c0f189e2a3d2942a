// Migration 026: a message to everyone of an event (issue 45). Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * event_messages: what an organizer told the participants of an event (and, if they chose, the waiting list), by
 * whom and when, and how many it reached: the log of every message, and what the event page shows them.
 * notifications.event_message_id: the message an `eventMessage` notification carries (no foreign key, as
 * moderation_log_id: SQLite cannot drop a column that holds one).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('event_messages')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('sender_id', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('to_waiting', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('event_messages_post_idx').on('event_messages').columns(['post_id', 'created_at']).execute()
    await db.schema.alterTable('notifications').addColumn('event_message_id', id).execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('notifications').dropColumn('event_message_id').execute()
    await db.schema.dropTable('event_messages').execute()
  },
}
