// Migration 022: events in a place, online, or both (issue 43). Released: never edit it; add a migration after the
// last.
import type { Migration } from 'kysely/migration'
import type { Db } from './kit'

/**
 * attendance_mode: IN_PERSON (every event so far), ONLINE or HYBRID. online_url: the video call or stream, shown to
 * participants (and the organizer and moderators); online_url_public: the organizer shows it to everyone (a
 * public event only). Events online still have a point: the city whose lists they are in.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('attendance_mode', 'text', (c) => c.notNull().defaultTo('IN_PERSON')).execute()
    await db.schema.alterTable('posts').addColumn('online_url', 'text').execute()
    await db.schema.alterTable('posts').addColumn('online_url_public', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('posts').dropColumn('online_url_public').execute()
    await db.schema.alterTable('posts').dropColumn('online_url').execute()
    await db.schema.alterTable('posts').dropColumn('attendance_mode').execute()
  },
}
