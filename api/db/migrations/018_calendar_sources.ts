// Migration 018: calendar sources. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Calendars imported into Nearby (issue 42, decision 049): each source belongs to the person whose events it makes,
 * remembers how its last sync went, and its events point back to it with the key the feed gives each one
 * (UID, and a date's original start), unique per source so a sync matches and never imports twice.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('calendar_sources')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('owner_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('place_address', 'text')
      .addColumn('place_lat', 'real')
      .addColumn('place_lon', 'real')
      .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('last_sync_at', ts)
      .addColumn('last_outcome', 'text')
      .addColumn('last_error', 'text')
      .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('skipped', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_sync_at', ts, (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('calendar_sources_owner_url_idx').unique().on('calendar_sources').columns(['owner_id', 'url']).execute()
    await db.schema.createIndex('calendar_sources_next_sync_idx').on('calendar_sources').columns(['next_sync_at']).execute()
    await db.schema.alterTable('posts').addColumn('source_id', id, (c) => c.references('calendar_sources.id').onDelete('set null')).execute()
    await db.schema.alterTable('posts').addColumn('source_key', 'text').execute()
    await db.schema.createIndex('posts_source_key_idx').unique().on('posts').columns(['source_id', 'source_key']).execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('posts_source_key_idx').ifExists().execute()
    await db.schema.alterTable('posts').dropColumn('source_key').execute()
    await db.schema.alterTable('posts').dropColumn('source_id').execute()
    await db.schema.dropTable('calendar_sources').ifExists().execute()
  },
}
