// ONE set of migrations for SQLite and PostgreSQL, one file each, listed here in the order they run (no file
// globbing, so the same list runs under tsx, vitest and a bundle). Append new migrations; never edit a released one.
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import type { Db } from './kit'
import { migration as m001_initial } from './001_initial'
import { migration as m002_follows_follower_idx } from './002_follows_follower_idx'
import { migration as m003_posts_start_sort_idx } from './003_posts_start_sort_idx'
import { migration as m004_auth_throttles } from './004_auth_throttles'
import { migration as m005_jobs } from './005_jobs'
import { migration as m006_moderation_log } from './006_moderation_log'
import { migration as m007_reports } from './007_reports'
import { migration as m008_event_changes_and_waitlists } from './008_event_changes_and_waitlists'
import { migration as m009_calendar_feeds } from './009_calendar_feeds'
import { migration as m010_event_reminders } from './010_event_reminders'
import { migration as m011_lists_at_scale } from './011_lists_at_scale'
import { migration as m012_refresh_first_used } from './012_refresh_first_used'
import { migration as m013_federation } from './013_federation'
import { migration as m014_federation_following } from './014_federation_following'
import { migration as m015_join_approval } from './015_join_approval'
import { migration as m016_event_series } from './016_event_series'
import { migration as m017_staged_photos } from './017_staged_photos'
import { migration as m018_calendar_sources } from './018_calendar_sources'
import { migration as m019_webhooks } from './019_webhooks'
import { migration as m020_source_default_place } from './020_source_default_place'
import { migration as m021_collections } from './021_collections'
import { migration as m022_online_events } from './022_online_events'
import { migration as m023_accessibility } from './023_accessibility'
import { migration as m024_groups } from './024_groups'
import { migration as m025_event_day } from './025_event_day'
import { migration as m026_event_messages } from './026_event_messages'

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
  '018_calendar_sources': m018_calendar_sources,
  '019_webhooks': m019_webhooks,
  '020_source_default_place': m020_source_default_place,
  '021_collections': m021_collections,
  '022_online_events': m022_online_events,
  '023_accessibility': m023_accessibility,
  '024_groups': m024_groups,
  '025_event_day': m025_event_day,
  '026_event_messages': m026_event_messages,
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
