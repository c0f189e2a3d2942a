// ONE set of migrations for SQLite and PostgreSQL, provided in code (no file globbing), so the same
// list runs under tsx, vitest and a bundle. Append new migrations; never edit a released one.
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import { dialectOf } from './index'

/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>

const id = 'text'
const ts = 'text'

/**
 * The sort key of the event lists: the start date (ISO text), undated events after every dated one. Kept as
 * one literal string so that queries and the index spell the same expression (SQLite matches it by text).
 */
export const START_SORT_SQL = "coalesce(start_date, '9999')"

/**
 * posts.span_class: how long an event lasts, in classes of 4× (the lists' interval index, decision 033).
 * Class k > 0 holds events longer than SPAN_CLASS_DAYS[k - 1] days and at most SPAN_CLASS_DAYS[k]; class 0
 * lasts a day or less (or is undated); the last class has no bound.
 */
export const SPAN_CLASS_DAYS = [1, 4, 16, 64, 256] as const

const m001_initial: Migration = {
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

/** GET /profile/{id}/following pages by the time of the follow (followers already have an index). */
const m002_follows_follower_idx: Migration = {
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

/**
 * The event lists order by start date with undated events last (START_SORT_SQL). An index on that very
 * expression lets both databases read a page in order instead of sorting every event in the radius.
 */
const m003_posts_start_sort_idx: Migration = {
  async up(db: Db) {
    await sql`create index posts_start_sort_idx on posts (event_type, post_status, (${sql.raw(START_SORT_SQL)}), id)`.execute(db)
  },
  async down(db: Db) {
    await db.schema.dropIndex('posts_start_sort_idx').ifExists().execute()
  },
}

/** Per-account throttles of sign-in, email codes and code mails (docs/decisions/013-account-throttling.md). */
const m004_auth_throttles: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('auth_throttles')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('window_started_at', ts, (c) => c.notNull())
      .addColumn('locked_until', ts)
      .addColumn('notified_at', ts)
      .execute()
    await db.schema.createIndex('auth_throttles_user_idx').on('auth_throttles').columns(['user_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('auth_throttles').ifExists().execute()
  },
}

/** Scheduled jobs and their leases (docs/decisions/016-jobs-lease.md). */
const m005_jobs: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('jobs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_run_at', ts, (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', ts)
      .addColumn('last_started_at', ts)
      .addColumn('last_finished_at', ts)
      .addColumn('last_error', 'text')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('jobs').ifExists().execute()
  },
}

/** The moderation log (who decided what, when, why) and the decision a `moderation` notification tells of. */
const m006_moderation_log: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('moderation_log')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('actor_id', id, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', id, (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('from_value', 'text')
      .addColumn('to_value', 'text')
      .addColumn('reason', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('moderation_log_target_idx').on('moderation_log').columns(['target_id', 'created_at']).execute()
    await db.schema.createIndex('moderation_log_created_idx').on('moderation_log').columns(['created_at', 'id']).execute()
    await db.schema.alterTable('notifications').addColumn('moderation_log_id', id).execute()
    // The console's default order: last changed first.
    await db.schema.createIndex('posts_updated_idx').on('posts').columns(['event_type', 'updated_at', 'id']).execute()
    await db.schema.createIndex('users_updated_idx').on('users').columns(['updated_at', 'id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('users_updated_idx').ifExists().execute()
    await db.schema.dropIndex('posts_updated_idx').ifExists().execute()
    await db.schema.alterTable('notifications').dropColumn('moderation_log_id').execute()
    await db.schema.dropTable('moderation_log').ifExists().execute()
  },
}

/** Reports: the resolution, and one OPEN report per reporter and target (a repeat updates it). */
const m007_reports: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('reports').addColumn('resolution_note', 'text').execute()
    await db.schema.alterTable('reports').addColumn('resolution_action', 'text').execute()
    await sql`create unique index reports_open_once_idx on reports (reporter_id, target_type, target_id) where status = 'OPEN'`.execute(db)
    await db.schema.createIndex('reports_reporter_created_idx').on('reports').columns(['reporter_id', 'created_at']).execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('reports_reporter_created_idx').ifExists().execute()
    await db.schema.dropIndex('reports_open_once_idx').ifExists().execute()
    await db.schema.alterTable('reports').dropColumn('resolution_action').execute()
    await db.schema.alterTable('reports').dropColumn('resolution_note').execute()
  },
}

/**
 * Cancelled and moved events, and waiting lists (decision 028). `sequence` is the iCalendar SEQUENCE of the
 * post: it goes up with every change a calendar must re-read (new dates, a cancellation).
 */
const m008_event_changes_and_waitlists: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('cancelled_at', ts).execute()
    await db.schema.alterTable('posts').addColumn('cancel_message', 'text').execute()
    await db.schema.alterTable('posts').addColumn('rescheduled_at', ts).execute()
    await db.schema.alterTable('posts').addColumn('previous_start_date', ts).execute()
    await db.schema.alterTable('posts').addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema
      .createTable('post_waitlist')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The place in line: max + 1 within the post's seat transaction, so two people never share one.
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('post_waitlist_pk', ['post_id', 'user_id'])
      .execute()
    await db.schema.createIndex('post_waitlist_position_idx').on('post_waitlist').columns(['post_id', 'position']).unique().execute()
    await db.schema.createIndex('post_waitlist_user_idx').on('post_waitlist').columns(['user_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('post_waitlist').ifExists().execute()
    for (const column of ['sequence', 'previous_start_date', 'rescheduled_at', 'cancel_message', 'cancelled_at'])
      await db.schema.alterTable('posts').dropColumn(column).execute()
  },
}

/** Personal calendar feeds (decision 029): one secret token per user, made on first use, replaced on reset. */
const m009_calendar_feeds: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('calendar_tokens')
      .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('calendar_tokens').ifExists().execute()
  },
}

/** Event reminders (decision 030): the reminders claimed and sent, and the switches of Settings → Notifications. */
const m010_event_reminders: Migration = {
  async up(db: Db) {
    // One row per reminder sent (docs/decisions/030-event-reminders.md): the job claims a row before it sends,
    // so however many instances run the job, each person hears of an event's start once per kind.
    await db.schema
      .createTable('event_reminders')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // '24h' or '1h'
      .addColumn('kind', 'text', (c) => c.notNull())
      // The start the reminder was about: an event moved to a new start is reminded of again.
      .addColumn('start_date', ts, (c) => c.notNull())
      .addColumn('sent_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('event_reminders_pk', ['post_id', 'user_id', 'kind'])
      .execute()
    await db.schema.createIndex('event_reminders_user_idx').on('event_reminders').columns(['user_id']).execute()
    // The reminder switches of Settings → Notifications (all on by default).
    await db.schema.alterTable('users').addColumn('remind_24h', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    await db.schema.alterTable('users').addColumn('remind_1h', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    await db.schema.alterTable('users').addColumn('remind_by_mail', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    // Which reminder an `eventReminder` notification is ('24h' or '1h').
    await db.schema.alterTable('notifications').addColumn('reminder_kind', 'text').execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('notifications').dropColumn('reminder_kind').execute()
    for (const column of ['remind_by_mail', 'remind_1h', 'remind_24h']) await db.schema.alterTable('users').dropColumn(column).execute()
    await db.schema.dropTable('event_reminders').ifExists().execute()
  },
}

const isPostgres = (db: Db) => dialectOf(db) === 'postgres'

/**
 * The text that people search and the console's user search read (decision 033): name, last name and
 * username joined by spaces; search terms never hold a space, so a term is in the joined text exactly when
 * it is in one of the columns.
 */
export const PEOPLE_TEXT_SQL = "name || ' ' || lastname || ' ' || username"

/**
 * Lists that stay flat at 100,000 events (docs/decisions/033-lists-at-scale.md).
 * - posts.ends_at: when an event stops being listed as active (its end, else its start + 6 h, the
 *   EVENT_LIMITS.defaultDurationMs of the time; '9999' when undated), and posts.span_class (SPAN_CLASS_DAYS).
 *   Generated by the database, so every writer (API, seed, tests) keeps them right. With them a list of
 *   running events reads index ranges of start dates, one per span class.
 * - Indexes for the author's lists, the console's filters in its order, people by name, reports closed.
 * - Text search through an index: SQLite FTS5 with the trigram tokenizer (tables kept by triggers),
 *   PostgreSQL pg_trgm GIN indexes on the same texts.
 */
/** The span class of an event, given how its start plus some days is written in SQL. */
function spanClass(startPlusDays: (days: number) => ReturnType<typeof sql.raw>) {
  const bounds = SPAN_CLASS_DAYS.map((days, k) => sql`when end_date <= ${startPlusDays(days)} then ${sql.lit(k)}`)
  return sql`case when end_date is null or start_date is null then 0 ${sql.join(bounds, sql` `)} else ${sql.lit(SPAN_CLASS_DAYS.length)} end`
}

const m011_lists_at_scale: Migration = {
  async up(db: Db) {
    if (isPostgres(db)) {
      // ISO-8601 UTC text + seconds, in the format of Date.toISOString(). IMMUTABLE is true for the texts
      // Nearby stores (always with their 'Z'); a generated column needs it.
      await sql`create or replace function nearby_iso_plus_seconds(iso text, seconds double precision) returns text
        language sql immutable strict parallel safe
        as $$ select to_char((iso::timestamptz at time zone 'UTC') + make_interval(secs => seconds), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$`.execute(db)
      await sql`alter table posts add column ends_at text generated always as (coalesce(end_date, nearby_iso_plus_seconds(start_date, 21600), '9999')) stored`.execute(db)
      await sql`alter table posts add column span_class integer generated always as (${spanClass((days) => sql.raw(`nearby_iso_plus_seconds(start_date, ${days * 86400})`))}) stored`.execute(db)
    } else {
      const plus = (seconds: number) => sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', start_date, '+${seconds} seconds')`)
      await sql`alter table posts add column ends_at text generated always as (coalesce(end_date, ${plus(21600)}, '9999')) virtual`.execute(db)
      await sql`alter table posts add column span_class integer generated always as (${spanClass((days) => plus(days * 86400))}) virtual`.execute(db)
    }
    const index = (name: string, table: string, columns: string) => sql.raw(`create index ${name} on ${table} (${columns})`).execute(db)
    // Events that run for days, by their span class and start (the lists' interval index, time-order.ts);
    // their end and place ride along, so a row that ended or lies elsewhere is passed over in the index.
    await index('posts_span_idx', 'posts', `event_type, post_status, span_class, (${START_SORT_SQL}), ends_at, lat, lon`)
    // An author's events by start (the "my" tab, the profile widget) and their long ones by end.
    await index('posts_author_start_idx', 'posts', `posted_by, event_type, (${START_SORT_SQL}), id`)
    await index('posts_author_span_idx', 'posts', `posted_by, event_type, span_class, (${START_SORT_SQL}), ends_at`)
    await index('posts_author_created_idx', 'posts', 'posted_by, created_at, id')
    // Places near a city, newest first.
    await index('posts_created_idx', 'posts', 'event_type, post_status, created_at, id')
    await db.schema.dropIndex('posts_posted_by_idx').execute()
    // The console's tables by each filter, in their order (last changed first, or oldest for a queue).
    for (const column of ['moderation_status', 'moderation_image_status', 'post_status'])
      await index(`posts_console_${column}_idx`, 'posts', `event_type, ${column}, updated_at, id`)
    for (const column of ['moderation_status', 'moderation_image_status', 'role'])
      await index(`users_console_${column}_idx`, 'users', `${column}, updated_at, id`)
    await db.schema.dropIndex('users_role_idx').execute()
    // People search's order, and the reports closed, last closed first.
    await index('users_name_idx', 'users', 'name, lastname, username, id')
    await index('reports_queue_idx', 'reports', 'status, created_at, id')
    await index('reports_resolved_idx', 'reports', 'status, resolved_at, id')
    await db.schema.dropIndex('reports_status_idx').execute()
    // The open reports of a page's targets (the ids of a page, whatever their kind).
    await index('reports_status_target_idx', 'reports', 'status, target_id')

    if (isPostgres(db)) {
      await sql`create extension if not exists pg_trgm`.execute(db)
      await sql.raw(`create index users_people_trgm_idx on users using gin (lower(${PEOPLE_TEXT_SQL}) gin_trgm_ops)`).execute(db)
      await sql`create index users_email_trgm_idx on users using gin (lower(coalesce(email, '')) gin_trgm_ops)`.execute(db)
      await sql`create index posts_title_trgm_idx on posts using gin (lower(title) gin_trgm_ops)`.execute(db)
    } else {
      // Contentless FTS5 tables keyed by the row's rowid (never VACUUM these tables without rebuilding them:
      // a VACUUM may renumber rowids of tables without an INTEGER PRIMARY KEY).
      const people = (row: 'new' | 'old') => sql.raw(PEOPLE_TEXT_SQL.replace(/(name|lastname|username)/g, `${row}.$1`))
      await sql`create virtual table users_search using fts5(people, email, tokenize = 'trigram case_sensitive 0', content = '', contentless_delete = 1)`.execute(db)
      await sql.raw(`insert into users_search (rowid, people, email) select rowid, ${PEOPLE_TEXT_SQL}, coalesce(email, '') from users`).execute(db)
      await sql`create trigger users_search_insert after insert on users begin
        insert into users_search (rowid, people, email) values (new.rowid, ${people('new')}, coalesce(new.email, '')); end`.execute(db)
      await sql`create trigger users_search_update after update of name, lastname, username, email on users begin
        delete from users_search where rowid = old.rowid;
        insert into users_search (rowid, people, email) values (new.rowid, ${people('new')}, coalesce(new.email, '')); end`.execute(db)
      await sql`create trigger users_search_delete after delete on users begin
        delete from users_search where rowid = old.rowid; end`.execute(db)
      await sql`create virtual table posts_search using fts5(title, tokenize = 'trigram case_sensitive 0', content = '', contentless_delete = 1)`.execute(db)
      await sql`insert into posts_search (rowid, title) select rowid, title from posts`.execute(db)
      await sql`create trigger posts_search_insert after insert on posts begin
        insert into posts_search (rowid, title) values (new.rowid, new.title); end`.execute(db)
      await sql`create trigger posts_search_update after update of title on posts begin
        delete from posts_search where rowid = old.rowid;
        insert into posts_search (rowid, title) values (new.rowid, new.title); end`.execute(db)
      await sql`create trigger posts_search_delete after delete on posts begin
        delete from posts_search where rowid = old.rowid; end`.execute(db)
    }
  },
  async down(db: Db) {
    if (isPostgres(db)) {
      for (const name of ['users_people_trgm_idx', 'users_email_trgm_idx', 'posts_title_trgm_idx'])
        await db.schema.dropIndex(name).ifExists().execute()
    } else {
      for (const name of ['users_search_insert', 'users_search_update', 'users_search_delete', 'posts_search_insert', 'posts_search_update', 'posts_search_delete'])
        await sql.raw(`drop trigger if exists ${name}`).execute(db)
      await sql`drop table if exists users_search`.execute(db)
      await sql`drop table if exists posts_search`.execute(db)
    }
    for (const name of [
      'posts_span_idx', 'posts_created_idx', 'posts_author_start_idx', 'posts_author_span_idx', 'posts_author_created_idx',
      'posts_console_moderation_status_idx', 'posts_console_moderation_image_status_idx', 'posts_console_post_status_idx',
      'users_console_moderation_status_idx', 'users_console_moderation_image_status_idx', 'users_console_role_idx',
      'users_name_idx', 'reports_queue_idx', 'reports_resolved_idx', 'reports_status_target_idx',
    ])
      await db.schema.dropIndex(name).ifExists().execute()
    await db.schema.createIndex('posts_posted_by_idx').on('posts').columns(['posted_by', 'created_at']).execute()
    await db.schema.createIndex('users_role_idx').on('users').columns(['role']).execute()
    await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at']).execute()
    await db.schema.alterTable('posts').dropColumn('span_class').execute()
    await db.schema.alterTable('posts').dropColumn('ends_at').execute()
    if (isPostgres(db)) await sql`drop function if exists nearby_iso_plus_seconds(text, double precision)`.execute(db)
  },
}

/** When a refresh token was first presented: a successor nobody has used keeps its predecessor valid (decision 003). */
const m012_refresh_first_used: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('refresh_tokens').addColumn('first_used_at', 'text').execute()
  },
  async down(db: Db) {
    await db.schema.alterTable('refresh_tokens').dropColumn('first_used_at').execute()
  },
}

/**
 * Federation (issue 26, docs/decisions/039-federation.md): Fedify's key-value store and delivery queue, each
 * local actor's key pairs, the fediverse's followers of our actors, Likes and Announces of our events, the
 * domains admins blocked or silenced, and each person's switch for federating their events.
 */
const m013_federation: Migration = {
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

/**
 * Following the fediverse (issue 26 part 2, decision 040): a remote actor is a `users` row without credentials
 * (remote_actor = its ActivityPub id), a remote event a `posts` row (remote_object = the object's id), so lists,
 * the map, feeds, moderation and reports treat them as they treat ours. `federation_following` keeps our
 * people's Follows of remote actors (the activity's id for its Undo, and whether the origin accepted it).
 */
const m014_federation_following: Migration = {
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

/**
 * Events that need the organizer's approval (issue 27, decision 042): the mode on the post, and the requests.
 * A request is PENDING until the organizer decides; an accepted one is deleted as its seat (or place in line) is
 * taken, a DECLINED one stays so the person cannot ask again.
 */
const m015_join_approval: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('posts').addColumn('join_approval', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema
      .createTable('post_join_requests')
      .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('decided_at', ts)
      .addPrimaryKeyConstraint('post_join_requests_pk', ['post_id', 'user_id'])
      .execute()
    await db.schema
      .createIndex('post_join_requests_pending_idx')
      .on('post_join_requests')
      .columns(['post_id', 'status', 'created_at'])
      .execute()
    await db.schema.createIndex('post_join_requests_user_idx').on('post_join_requests').columns(['user_id']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('post_join_requests').ifExists().execute()
    await db.schema.alterTable('posts').dropColumn('join_approval').execute()
  },
}

/**
 * Recurring events (issue 27, decision 041): a series holds the rule and its zone; each date is a post of its
 * own, keyed by (series, the rule's start of that date in UTC) so that making dates again adds none twice.
 */
const m016_event_series: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('event_series')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('posted_by', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The RRULE and its DTSTART (the first date's local wall time in time_zone, e.g. 2027-03-02T19:00).
      .addColumn('rrule', 'text', (c) => c.notNull())
      .addColumn('dtstart_local', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      // Dates to skip (YYYY-MM-DD, JSON), the local time and length new dates take, the post they copy.
      .addColumn('skip_dates', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('local_time', 'text', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer')
      .addColumn('template_post_id', id, (c) => c.notNull())
      // What new dates copy (the form's columns and categories, JSON), set at the start and by "this and the
      // following": a one-date edit of the template post does not spread.
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', ts)
      // Set when the rule has no date left: the job passes it by.
      .addColumn('finished_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.alterTable('posts').addColumn('series_id', id, (c) => c.references('event_series.id').onDelete('set null')).execute()
    await db.schema.alterTable('posts').addColumn('series_start', ts).execute()
    await db.schema.createIndex('posts_series_idx').on('posts').columns(['series_id', 'series_start']).unique().execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('posts_series_idx').ifExists().execute()
    await db.schema.alterTable('posts').dropColumn('series_start').execute()
    await db.schema.alterTable('posts').dropColumn('series_id').execute()
    await db.schema.dropTable('event_series').ifExists().execute()
  },
}

/**
 * Photos staged ahead of a form (issue 39): what each person holds at once, counted in the database so every
 * API instance sees the same quota (STAGED_PHOTO_LIMITS); the files themselves stay in the storage.
 */
const m017_staged_photos: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('staged_photos')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('staged_photos_user_idx').on('staged_photos').columns(['user_id', 'created_at']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('staged_photos').ifExists().execute()
  },
}

export const migrations: Record<string, Migration> = {
  '001_initial': m001_initial,
  '002_follows_follower_idx': m002_follows_follower_idx,
  '003_posts_start_sort_idx': m003_posts_start_sort_idx,
  '004_auth_throttles': m004_auth_throttles,
  '005_jobs': m005_jobs,
  '006_moderation_log': m006_moderation_log,
  '007_reports': m007_reports,
  '008_event_changes_and_waitlists': m008_event_changes_and_waitlists,
  '009_calendar_feeds': m009_calendar_feeds,
  '010_event_reminders': m010_event_reminders,
  '011_lists_at_scale': m011_lists_at_scale,
  '012_refresh_first_used': m012_refresh_first_used,
  '013_federation': m013_federation,
  '014_federation_following': m014_federation_following,
  '015_join_approval': m015_join_approval,
  '016_event_series': m016_event_series,
  '017_staged_photos': m017_staged_photos,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
