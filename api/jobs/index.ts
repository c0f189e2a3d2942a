// The API's background jobs (api/jobs/scheduler.ts runs each once across instances). The purge of deleted
// accounts, event reminders and report clocks join this list.
import type { AppContext } from '../context'
import { createThrottle } from '../modules/auth/throttle'
import type { JobDefinition } from './scheduler'

export function apiJobs(ctx: AppContext): JobDefinition[] {
  const throttle = createThrottle(ctx.db)
  return [
    {
      // Sign-in, code and mail counters whose window and lock have ended (decision 013).
      name: 'prune-auth-throttles',
      schedule: '17 * * * *',
      leaseMs: 5 * 60_000,
      run: async () => ({ pruned: await throttle.prune() }),
    },
  ]
}
