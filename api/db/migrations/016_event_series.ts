// Migration 016: event series. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Recurring events (issue 27, decision 041): a series holds the rule and its zone; each date is a post of its
 * own, keyed by (series, the rule's start of that date in UTC) so that making dates again adds none twice.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('event_series')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('posted_by', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The RRULE and its DTSTART (the first date's local wall time in time_zone, e.g. 2027-03-02T19:00).
      .addColumn('rrule', 'text', (c) => c.notNull())
      .addColumn('dtstart_local', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      // Dates to skip (YYYY-MM-DD, JSON), the local time and length new dates take, the post they copy.
      .addColumn('skip_dates', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('local_time', 'text', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer')
      .addColumn('template_post_id', id, (c) => c.notNull())
      // What new dates copy (the form's columns and categories, JSON), set at the start and by "this and the
      // following": a one-date edit of the template post does not spread.
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', ts)
      // Set when the rule has no date left: the job passes it by.
      .addColumn('finished_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.alterTable('posts').addColumn('series_id', id, (c) => c.references('event_series.id').onDelete('set null')).execute()
    await db.schema.alterTable('posts').addColumn('series_start', ts).execute()
    await db.schema.createIndex('posts_series_idx').on('posts').columns(['series_id', 'series_start']).unique().execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('posts_series_idx').ifExists().execute()
    await db.schema.alterTable('posts').dropColumn('series_start').execute()
    await db.schema.alterTable('posts').dropColumn('series_id').execute()
    await db.schema.dropTable('event_series').ifExists().execute()
  },
}
