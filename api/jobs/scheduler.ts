// Background jobs that run once across API instances (docs/decisions/016-jobs-lease.md). Each job has a row
// in `jobs` with its next slot. Every instance wakes on the job's schedule (croner) and tries to take the
// slot with one conditional UPDATE — due, and no live lease — that only one instance can win, on SQLite and
// PostgreSQL alike. The winner runs the job under a lease; when it finishes, the row moves to the next slot.
// If the instance dies mid-run, the lease lapses and the slot is still due, so another instance (or the same
// one after a restart) runs it again: jobs must be idempotent.
import { randomUUID } from 'node:crypto'
import { Cron } from 'croner'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, nowIso } from '../db'

export interface JobDefinition {
  name: string
  /** A cron pattern (croner, seconds optional), in UTC. */
  schedule: string
  /** Longer than any run: after it, a run is taken for dead and the slot is free again. */
  leaseMs: number
  run(signal: AbortSignal): Promise<unknown>
}

export interface JobOutcome {
  name: string
  ran: boolean
  result?: unknown
  error?: string
}

export interface Scheduler {
  /** This instance's id in `lease_owner`. */
  readonly instanceId: string
  /** Tries to take the job's due slot and run it; `ran: false` when not due or another instance has it. */
  runDue(name: string): Promise<JobOutcome>
  /** Starts the timers (one per job). */
  start(): void
  /** Stops the timers and waits for running jobs. */
  stop(): Promise<void>
}

function nextSlot(schedule: string, after: Date): Date {
  const next = new Cron(schedule, { timezone: 'UTC', paused: true }).nextRun(after)
  if (!next) throw new Error(`the schedule ${schedule} has no next run`)
  return next
}

export function createScheduler(
  db: Db,
  jobs: JobDefinition[],
  options: { log: FastifyBaseLogger; now?: () => Date; instanceId?: string },
): Scheduler {
  const now = options.now ?? (() => new Date())
  const instanceId = options.instanceId ?? randomUUID()
  const byName = new Map(jobs.map((job) => [job.name, job]))
  const timers: Cron[] = []
  const running = new Set<Promise<unknown>>()
  const abort = new AbortController()

  /** The job's row, made on first sight with its first slot due now (so a fresh install runs each once). */
  async function ensureRow(job: JobDefinition) {
    await db
      .insertInto('jobs')
      .values({ name: job.name, next_run_at: nowIso(now()), runs: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
  }

  async function runDue(name: string): Promise<JobOutcome> {
    const job = byName.get(name)
    if (!job) throw new Error(`no job named ${name}`)
    await ensureRow(job)
    const started = now()
    const claimed = await db
      .updateTable('jobs')
      .set({ lease_owner: instanceId, lease_until: nowIso(new Date(started.getTime() + job.leaseMs)), last_started_at: nowIso(started) })
      .where('name', '=', name)
      .where('next_run_at', '<=', nowIso(started))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso(started))]))
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return { name, ran: false }
    try {
      const result = await job.run(abort.signal)
      const finished = now()
      await db
        .updateTable('jobs')
        .set((eb) => ({
          next_run_at: nowIso(nextSlot(job.schedule, finished)),
          lease_owner: null,
          lease_until: null,
          last_finished_at: nowIso(finished),
          last_error: null,
          runs: eb('runs', '+', 1),
        }))
        .where('name', '=', name)
        .where('lease_owner', '=', instanceId)
        .execute()
      return { name, ran: true, result }
    } catch (error) {
      // Failed: the slot stays due; the lease is dropped so the next wake-up tries again.
      const message = error instanceof Error ? error.message : String(error)
      options.log.error({ err: error, job: name }, 'job failed')
      await db
        .updateTable('jobs')
        .set({ lease_owner: null, lease_until: null, last_error: message.slice(0, 1000) })
        .where('name', '=', name)
        .where('lease_owner', '=', instanceId)
        .execute()
      return { name, ran: true, error: message }
    }
  }

  return {
    instanceId,
    runDue,
    start() {
      for (const job of jobs) {
        const timer = new Cron(job.schedule, { timezone: 'UTC', protect: true }, async () => {
          const run = runDue(job.name).catch((err: unknown) => options.log.error({ err, job: job.name }, 'job scheduling failed'))
          running.add(run)
          await run
          running.delete(run)
        })
        timers.push(timer)
        // A slot missed while no instance was up runs at start (if still due).
        const first = runDue(job.name).catch((err: unknown) => options.log.error({ err, job: job.name }, 'job scheduling failed'))
        running.add(first)
        void first.finally(() => running.delete(first))
      }
    },
    async stop() {
      for (const timer of timers) timer.stop()
      abort.abort()
      await Promise.allSettled([...running])
    },
  }
}
