// Migration 014: federation following. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Following the fediverse (issue 26 part 2, decision 040): a remote actor is a `users` row without credentials
 * (remote_actor = its ActivityPub id), a remote event a `posts` row (remote_object = the object's id), so lists,
 * the map, feeds, moderation and reports treat them as they treat ours. `federation_following` keeps our
 * people's Follows of remote actors (the activity's id for its Undo, and whether the origin accepted it).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable('users')
      .addColumn('remote_actor', 'text')
      .execute()
    for (const column of ['remote_domain', 'remote_url', 'remote_inbox', 'remote_shared_inbox'])
      await db.schema.alterTable('users').addColumn(column, 'text').execute()
    await db.schema.createIndex('users_remote_actor_idx').on('users').unique().columns(['remote_actor']).execute()
    await db.schema.createIndex('users_remote_domain_idx').on('users').columns(['remote_domain']).execute()
    await db.schema.alterTable('posts').addColumn('remote_object', 'text').execute()
    for (const column of ['remote_domain', 'remote_url', 'remote_html', 'remote_updated_at'])
      await db.schema.alterTable('posts').addColumn(column, 'text').execute()
    await db.schema.createIndex('posts_remote_object_idx').on('posts').unique().columns(['remote_object']).execute()
    await db.schema.createIndex('posts_remote_domain_idx').on('posts').columns(['remote_domain']).execute()
    await db.schema
      .createTable('federation_following')
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('remote_user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('follow_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_following_pk', ['user_id', 'actor'])
      .execute()
    await db.schema.createIndex('federation_following_actor_idx').on('federation_following').columns(['actor']).execute()
    await db.schema
      .createIndex('federation_following_remote_idx')
      .on('federation_following')
      .columns(['remote_user_id'])
      .execute()
    await db.schema
      .createTable('federation_instances')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('last_received_at', ts, (c) => c.notNull())
      .execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('federation_instances').ifExists().execute()
    await db.schema.dropTable('federation_following').ifExists().execute()
    for (const index of ['posts_remote_domain_idx', 'posts_remote_object_idx', 'users_remote_domain_idx', 'users_remote_actor_idx'])
      await db.schema.dropIndex(index).ifExists().execute()
    for (const column of ['remote_updated_at', 'remote_html', 'remote_url', 'remote_domain', 'remote_object'])
      await db.schema.alterTable('posts').dropColumn(column).execute()
    for (const column of ['remote_shared_inbox', 'remote_inbox', 'remote_url', 'remote_domain', 'remote_actor'])
      await db.schema.alterTable('users').dropColumn(column).execute()
  },
}
