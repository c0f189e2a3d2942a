// Migration 021: collections. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Curated collections (issue 43): a festival's programme, "free for kids", a venue's season. Moderators name one and
 * give it rules (categories, organizers, places, words, dates: an event matching every rule given is in it) and
 * hand-picked events (in it whatever the rules say).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('collections')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('organizer_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('place_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('words', 'text')
      .addColumn('starts_from', ts)
      .addColumn('starts_until', ts)
      .addColumn('created_by', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('collection_events')
      .addColumn('collection_id', id, (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('added_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('collection_events_pk', ['collection_id', 'post_id'])
      .execute()
    await db.schema.createIndex('collection_events_post_idx').on('collection_events').columns(['post_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('collection_events').ifExists().execute()
    await db.schema.dropTable('collections').ifExists().execute()
  },
}
