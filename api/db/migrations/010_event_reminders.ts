// Migration 010: event reminders. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/** Event reminders (decision 030): the reminders claimed and sent, and the switches of Settings → Notifications. */
export const migration: Migration = {
  async up(db: Db) {
    // One row per reminder sent (docs/decisions/030-event-reminders.md): the job claims a row before it sends,
    // so however many instances run the job, each person hears of an event's start once per kind.
    await db.schema
      .createTable('event_reminders')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // '24h' or '1h'
      .addColumn('kind', 'text', (c) => c.notNull())
      // The start the reminder was about: an event moved to a new start is reminded of again.
      .addColumn('start_date', ts, (c) => c.notNull())
      .addColumn('sent_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('event_reminders_pk', ['post_id', 'user_id', 'kind'])
      .execute()
    await db.schema.createIndex('event_reminders_user_idx').on('event_reminders').columns(['user_id']).execute()
    // The reminder switches of Settings → Notifications (all on by default).
    await db.schema.alterTable('users').addColumn('remind_24h', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    await db.schema.alterTable('users').addColumn('remind_1h', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    await db.schema.alterTable('users').addColumn('remind_by_mail', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    // Which reminder an `eventReminder` notification is ('24h' or '1h').
    await db.schema.alterTable('notifications').addColumn('reminder_kind', 'text').execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('notifications').dropColumn('reminder_kind').execute()
    for (const column of ['remind_by_mail', 'remind_1h', 'remind_24h']) await db.schema.alterTable('users').dropColumn(column).execute()
    await db.schema.dropTable('event_reminders').ifExists().execute()
  },
}
