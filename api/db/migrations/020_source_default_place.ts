// Migration 020: which imported events sit at their calendar's default place. Released: never edit it; add a
// migration after the last.
import type { Migration } from 'kysely/migration'
import type { Db } from './kit'

/**
 * An event imported from a calendar (migration 018) that had no coordinates and an address the geocoder did not
 * find is put at the source's default place: marked so, a later sync neither looks its address up again nor takes
 * the old default for a found place, and moves it when the owner changes the default (issue 42).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('source_default_place', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('posts').dropColumn('source_default_place').execute()
  },
}
