// Migration 012: refresh first used. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db } from './kit'

/** When a refresh token was first presented: a successor nobody has used keeps its predecessor valid (decision 003). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('refresh_tokens').addColumn('first_used_at', 'text').execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('refresh_tokens').dropColumn('first_used_at').execute()
  },
}
