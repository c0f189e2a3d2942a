// Migration 002: follows follower idx. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import type { Db } from './kit'

/** GET /profile/{id}/following pages by the time of the follow (followers already have an index). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createIndex('follows_follower_created_idx')
      .on('follows')
      .columns(['follower_id', 'created_at'])
      .execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('follows_follower_created_idx').ifExists().execute()
  },
}
