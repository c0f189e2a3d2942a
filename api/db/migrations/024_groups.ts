// Migration 024: organizer groups (issue 45). Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * A group (a club, a venue's team, a festival) has members with roles (contract GROUP_ROLES), invitations by
 * username or email, followers, and the events posted as it (posts.group_id). Its handle shares one namespace
 * with usernames (checked by the API, both ways), so /groups/{handle} and @handle never name two actors.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('groups')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('handle', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
      .addColumn('moderation_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('status_reason', 'text')
      .addColumn('created_by', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    // /groups: active groups by name, a page at a time, read along the index rather than sorting the table.
    await db.schema.createIndex('groups_status_name_idx').on('groups').columns(['status', 'name', 'handle']).execute()
    await db.schema
      .createTable('group_members')
      .addColumn('group_id', id, (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('joined_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute()
    await db.schema.createIndex('group_members_user_idx').on('group_members').columns(['user_id']).execute()
    await db.schema
      .createTable('group_invitations')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('group_id', id, (c) => c.notNull().references('groups.id').onDelete('cascade'))
      // A person with an account, or an email address without one yet (matched when they sign up).
      .addColumn('user_id', id, (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    // One invitation per person or address in a group (nulls are distinct: a row is one or the other).
    await db.schema.createIndex('group_invitations_user_idx').on('group_invitations').columns(['group_id', 'user_id']).unique().execute()
    await db.schema.createIndex('group_invitations_email_idx').on('group_invitations').columns(['group_id', 'email']).unique().execute()
    await db.schema.createIndex('group_invitations_invitee_idx').on('group_invitations').columns(['user_id']).execute()
    await db.schema.createIndex('group_invitations_address_idx').on('group_invitations').columns(['email']).execute()
    await db.schema
      .createTable('group_followers')
      .addColumn('group_id', id, (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('group_followers_pk', ['group_id', 'user_id'])
      .execute()
    await db.schema.createIndex('group_followers_user_idx').on('group_followers').columns(['user_id']).execute()
    await db.schema.alterTable('posts').addColumn('group_id', id, (c) => c.references('groups.id').onDelete('set null')).execute()
    await db.schema.createIndex('posts_group_idx').on('posts').columns(['group_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('posts_group_idx').ifExists().execute()
    await db.schema.alterTable('posts').dropColumn('group_id').execute()
    await db.schema.dropTable('group_followers').ifExists().execute()
    await db.schema.dropTable('group_invitations').ifExists().execute()
    await db.schema.dropTable('group_members').ifExists().execute()
    await db.schema.dropTable('groups').ifExists().execute()
  },
}
