// Migration 023: accessibility details of places and events (issue 43). Released: never edit it; add a migration
// after the last.
import type { Migration } from 'kysely/migration'
import type { Db } from './kit'

/**
 * accessibility: the features a post has (ACCESSIBILITY_FEATURES), comma-separated in their fixed order ('' for
 * none): a few flags read with the post and matched by the lists' filter on the rows they walk.
 * accessibility_note: the organizer's words for the rest.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('accessibility', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('posts').addColumn('accessibility_note', 'text').execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('posts').dropColumn('accessibility_note').execute()
    await db.schema.alterTable('posts').dropColumn('accessibility').execute()
  },
}
