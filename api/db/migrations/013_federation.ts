// Migration 013: federation. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Federation (issue 26, docs/decisions/039-federation.md): Fedify's key-value store and delivery queue, each
 * local actor's key pairs, the fediverse's followers of our actors, Likes and Announces of our events, the
 * domains admins blocked or silenced, and each person's switch for federating their events.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('federation_kv')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', ts)
      .execute()
    await db.schema
      .createTable('federation_queue')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('run_at', ts, (c) => c.notNull())
      // Deliveries to one inbox are made one at a time, oldest first (a Delete never overtakes its Create).
      .addColumn('ordering_key', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('federation_queue_due_idx').on('federation_queue').columns(['run_at']).execute()
    await db.schema.createIndex('federation_queue_key_idx').on('federation_queue').columns(['ordering_key', 'lease_until']).execute()
    await db.schema
      .createTable('federation_keys')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('algorithm', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_keys_pk', ['actor', 'algorithm'])
      .execute()
    await db.schema
      .createTable('federation_followers')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('follower', 'text', (c) => c.notNull())
      .addColumn('inbox', 'text', (c) => c.notNull())
      .addColumn('shared_inbox', 'text')
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('follow_id', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_followers_pk', ['actor', 'follower'])
      .execute()
    await db.schema.createIndex('federation_followers_follower_idx').on('federation_followers').columns(['follower']).execute()
    await db.schema.createIndex('federation_followers_domain_idx').on('federation_followers').columns(['domain']).execute()
    await db.schema
      .createTable('federation_reactions')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('activity_id', 'text')
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_reactions_pk', ['post_id', 'kind', 'actor'])
      .execute()
    await db.schema.createIndex('federation_reactions_actor_idx').on('federation_reactions').columns(['actor']).execute()
    await db.schema
      .createTable('federation_domains')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('decided_by', id)
      .addColumn('decided_at', ts, (c) => c.notNull())
      .execute()
    // Which of our actors sent which event (Create): a change then sends Update from each, and an actor that may
    // no longer send it (the event was deleted, rejected, made private or moved away; its author left) sends
    // Delete. No foreign key: a purged post's rows are what tell us to send its Delete.
    await db.schema
      .createTable('federation_published')
      .addColumn('post_id', id, (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('author_id', id, (c) => c.notNull())
      .addColumn('published_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_published_pk', ['post_id', 'actor'])
      .execute()
    await db.schema.createIndex('federation_published_author_idx').on('federation_published').columns(['author_id']).execute()
    await db.schema
      .alterTable('users')
      .addColumn('federate_events', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('users').dropColumn('federate_events').execute()
    for (const table of ['federation_published', 'federation_domains', 'federation_reactions', 'federation_followers', 'federation_keys', 'federation_queue', 'federation_kv'])
      await db.schema.dropTable(table).ifExists().execute()
  },
}
