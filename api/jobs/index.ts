// The API's background jobs (api/jobs/scheduler.ts runs each once across instances, the first time at start).
import type { AppContext } from '../context'
import { sweepOrphanUploads } from '../media/sweep'
import { purgeDeletedAccounts } from '../modules/account/purge'
import { createThrottle } from '../modules/auth/throttle'
import { expireGroupInvitations } from '../modules/groups/members'
import { createRemindersService } from '../modules/reminders/service'
import { createSeriesService } from '../modules/series/service'
import { createSourcesService } from '../modules/sources/service'
import type { JobDefinition } from './scheduler'

export function apiJobs(ctx: AppContext): JobDefinition[] {
  const throttle = createThrottle(ctx.db)
  const reminders = createRemindersService(ctx)
  const series = createSeriesService(ctx)
  const sources = createSourcesService(ctx)
  return [
    {
      // Sign-in, code and mail counters whose window and lock have ended (decision 013).
      name: 'prune-auth-throttles',
      schedule: '17 * * * *',
      leaseMs: 5 * 60_000,
      run: async () => ({ pruned: await throttle.prune() }),
    },
    {
      // Accounts whose deletion request is ACCOUNT_PURGE_DAYS old: their data and files (decision 020).
      name: 'purge-deleted-accounts',
      schedule: '41 * * * *',
      leaseMs: 30 * 60_000,
      run: async () => purgeDeletedAccounts(ctx),
    },
    {
      // Photo and avatar files no row names, left by a process that died mid-upload (decision 022).
      name: 'sweep-orphan-uploads',
      schedule: '29 * * * *',
      leaseMs: 30 * 60_000,
      run: async () => sweepOrphanUploads(ctx),
    },
    {
      // Reminders a day and an hour before an event starts, once per participant across instances (decision 030).
      name: 'send-event-reminders',
      schedule: '* * * * *',
      leaseMs: 5 * 60_000,
      run: async () => reminders.sendDue(),
    },
    {
      // The dates of recurring events for the rolling window (decision 041); making them again adds none twice.
      name: 'make-series-dates',
      schedule: '7 * * * *',
      leaseMs: 30 * 60_000,
      run: async () => series.makeAllDates(),
    },
    {
      // Group invitations gone unanswered for GROUP_LIMITS.invitationDays: every read leaves them out already.
      name: 'expire-group-invitations',
      schedule: '53 3 * * *',
      leaseMs: 5 * 60_000,
      run: async () => ({ expired: await expireGroupInvitations(ctx) }),
    },
    {
      // Imported calendars whose next sync is due (hourly; a failing one backs off up to a day; decision 049).
      name: 'sync-calendar-sources',
      schedule: '*/5 * * * *',
      leaseMs: 30 * 60_000,
      run: async () => sources.syncDue(),
    },
  ]
}
