// Migration 001: initial. Released: never edit it; add a migration after the last.
import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('users')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('phone', 'text')
      .addColumn('profession', 'text')
      .addColumn('user_bio', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('avatar_name', 'text')
      .addColumn('avatar_path', 'text')
      .addColumn('facebook', 'text')
      .addColumn('instagram', 'text')
      .addColumn('vk', 'text')
      .addColumn('moderation_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('moderation_image_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('is_activated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('city_name', 'text')
      .addColumn('city_lat', 'double precision')
      .addColumn('city_lon', 'double precision')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('disabled_at', ts)
      .addColumn('deletion_requested_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    // Usernames are unique regardless of case (login accepts any case).
    await db.schema
      .createIndex('users_username_lower_idx')
      .on('users')
      .unique()
      .expression(sql`lower(username)`)
      .execute()
    await db.schema.createIndex('users_role_idx').on('users').columns(['role']).execute()
    await db.schema.createIndex('users_created_at_idx').on('users').columns(['created_at']).execute()

    await db.schema
      .createTable('email_codes')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('email_codes_user_idx')
      .on('email_codes')
      .columns(['user_id', 'purpose', 'created_at'])
      .execute()

    await db.schema
      .createTable('password_reset_links')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('replaced_at', ts)
      .addColumn('replaced_by', 'text')
      .addColumn('revoked_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('refresh_tokens_family_idx')
      .on('refresh_tokens')
      .columns(['family_id'])
      .execute()
    await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').columns(['user_id']).execute()

    await db.schema
      .createTable('posts')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('access_type', 'text', (c) => c.notNull().defaultTo('COMMON'))
      .addColumn('start_date', ts)
      .addColumn('end_date', ts)
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('lon', 'double precision', (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('channel_link', 'text')
      .addColumn('max_participants', 'integer')
      .addColumn('price_donation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('price_amount', 'double precision')
      .addColumn('price_currency', 'text')
      .addColumn('price_range', 'text')
      .addColumn('posted_by', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_by', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('moderation_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('moderation_image_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('post_status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('posts_start_date_idx')
      .on('posts')
      .columns(['event_type', 'post_status', 'start_date'])
      .execute()
    await db.schema.createIndex('posts_lat_lon_idx').on('posts').columns(['lat', 'lon']).execute()
    await db.schema
      .createIndex('posts_posted_by_idx')
      .on('posts')
      .columns(['posted_by', 'created_at'])
      .execute()
    await db.schema
      .createIndex('posts_moderation_idx')
      .on('posts')
      .columns(['moderation_status', 'moderation_image_status'])
      .execute()

    await db.schema
      .createTable('post_images')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('thumb_path', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('post_images_post_idx')
      .on('post_images')
      .columns(['post_id', 'position'])
      .execute()

    await db.schema
      .createTable('post_categories')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('category', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_categories_pk', ['post_id', 'category'])
      .execute()
    await db.schema
      .createIndex('post_categories_category_idx')
      .on('post_categories')
      .columns(['category'])
      .execute()

    await db.schema
      .createTable('post_hours')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('open', 'text', (c) => c.notNull())
      .addColumn('close', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('post_hours_post_idx').on('post_hours').columns(['post_id']).execute()

    for (const table of ['post_likes', 'post_views', 'post_participants']) {
      await db.schema
        .createTable(table)
        .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'user_id'])
        .execute()
      await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id']).execute()
    }

    await db.schema
      .createTable('follows')
      .addColumn('follower_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('followee_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
      .execute()
    await db.schema
      .createIndex('follows_followee_idx')
      .on('follows')
      .columns(['followee_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('invitations')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('sender_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('invitations_post_idx').on('invitations').columns(['post_id']).execute()

    await db.schema
      .createTable('invitation_recipients')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('invitation_id', id, (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      .addColumn('recipient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('responded_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('invitation_recipients_unique', ['invitation_id', 'recipient_id'])
      .execute()
    await db.schema
      .createIndex('invitation_recipients_recipient_idx')
      .on('invitation_recipients')
      .columns(['recipient_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('notifications')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('recipient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('notification_type', 'text', (c) => c.notNull())
      .addColumn('user_from', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('entity_id', 'text')
      .addColumn('opened_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('notifications_recipient_idx')
      .on('notifications')
      .columns(['recipient_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .on('push_subscriptions')
      .columns(['user_id'])
      .execute()

    await db.schema
      .createTable('reports')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('reporter_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('details', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addColumn('resolved_at', ts)
      .addColumn('resolved_by', id, (c) => c.references('users.id').onDelete('set null'))
      .execute()
    await db.schema
      .createIndex('reports_status_idx')
      .on('reports')
      .columns(['status', 'created_at'])
      .execute()
    await db.schema
      .createIndex('reports_target_idx')
      .on('reports')
      .columns(['target_type', 'target_id'])
      .execute()
  },
  async down(db: Db) {
    for (const table of [
      'reports',
      'push_subscriptions',
      'notifications',
      'invitation_recipients',
      'invitations',
      'follows',
      'post_participants',
      'post_views',
      'post_likes',
      'post_hours',
      'post_categories',
      'post_images',
      'posts',
      'refresh_tokens',
      'password_reset_links',
      'email_codes',
      'users',
    ]) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  },
}
