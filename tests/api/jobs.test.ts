// Background jobs (api/jobs): each scheduled slot runs on one instance however many race for it, the next
// slot follows the schedule, a run whose instance died is taken over once its lease lapses, and the real
// job (pruning ended sign-in counters) does its work. Two API instances on one PostgreSQL database when it
// runs (TEST_DATABASE=postgres); SQLite otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiJobs } from '../../api/jobs'
import { createScheduler, type JobDefinition } from '../../api/jobs/scheduler'
import { createPgDatabase, startTestApi, usePostgres, type TestApi } from './helpers'

let a: TestApi
let b: TestApi
let database: { url: string; drop(): Promise<void> } | null = null

beforeAll(async () => {
  if (usePostgres) {
    database = await createPgDatabase()
    a = await startTestApi({ DATABASE_URL: database.url })
    b = await startTestApi({ DATABASE_URL: database.url })
  } else {
    a = await startTestApi()
    b = a
  }
})
afterAll(async () => {
  await a?.close()
  if (b !== a) await b?.close()
  await database?.drop()
})

let seq = 0
function countingJob(runs: { n: number }, work: () => Promise<void> = () => new Promise((r) => setTimeout(r, 50))): JobDefinition {
  seq += 1
  return {
    name: `test-job-${seq}-${Date.now()}`,
    schedule: '0 * * * *',
    leaseMs: 60_000,
    run: async () => {
      runs.n += 1
      await work()
    },
  }
}

describe('the jobs scheduler', () => {
  it('runs a due slot once, however many instances race for it, then waits for the next slot', async () => {
    const runs = { n: 0 }
    const job = countingJob(runs)
    const schedulers = [a, b, a, b].map((api) => createScheduler(api.app.ctx.db, [job], { log: api.app.log }))
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => schedulers[i % 4]!.runDue(job.name)))
    expect(runs.n).toBe(1)
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1)
    const row = await a.app.ctx.db.selectFrom('jobs').selectAll().where('name', '=', job.name).executeTakeFirstOrThrow()
    expect(Number(row.runs)).toBe(1)
    expect(row.lease_owner).toBeNull()
    // The next slot is the next full hour ('0 * * * *').
    const next = new Date(row.next_run_at)
    expect(next.getUTCMinutes()).toBe(0)
    expect(next.getTime()).toBeGreaterThan(Date.now())
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000)
    expect((await schedulers[1]!.runDue(job.name)).ran).toBe(false)
  })

  it('takes over a run whose instance died, once its lease has lapsed', async () => {
    const runs = { n: 0 }
    let release: () => void = () => {}
    const hung = countingJob(runs, () => new Promise<void>((resolve) => (release = resolve)))
    const dying = createScheduler(a.app.ctx.db, [hung], { log: a.app.log, instanceId: 'dying' })
    const first = dying.runDue(hung.name) // never finishes: the instance "dies" holding the lease
    await new Promise((r) => setTimeout(r, 100))
    const sameTime = createScheduler(b.app.ctx.db, [hung], { log: b.app.log, instanceId: 'other' })
    expect((await sameTime.runDue(hung.name)).ran).toBe(false) // the lease is still live
    const later = () => new Date(Date.now() + hung.leaseMs + 1_000)
    const survivor = createScheduler(b.app.ctx.db, [{ ...hung, run: async () => (runs.n += 1) }], {
      log: b.app.log,
      instanceId: 'survivor',
      now: later,
    })
    expect((await survivor.runDue(hung.name)).ran).toBe(true)
    expect(runs.n).toBe(2)
    const row = await b.app.ctx.db.selectFrom('jobs').selectAll().where('name', '=', hung.name).executeTakeFirstOrThrow()
    expect(row.lease_owner).toBeNull()
    expect(Number(row.runs)).toBe(1)
    // The dead run coming back late cannot overwrite the survivor's bookkeeping.
    release()
    await first
    expect(Number((await b.app.ctx.db.selectFrom('jobs').select('runs').where('name', '=', hung.name).executeTakeFirstOrThrow()).runs)).toBe(1)
  })

  it('a failed run keeps its slot due and records the error', async () => {
    const job: JobDefinition = { name: `failing-${Date.now()}`, schedule: '0 * * * *', leaseMs: 60_000, run: async () => Promise.reject(new Error('boom')) }
    const scheduler = createScheduler(a.app.ctx.db, [job], { log: a.app.log })
    expect(await scheduler.runDue(job.name)).toMatchObject({ ran: true, error: 'boom' })
    const row = await a.app.ctx.db.selectFrom('jobs').selectAll().where('name', '=', job.name).executeTakeFirstOrThrow()
    expect(row.last_error).toBe('boom')
    expect(row.lease_owner).toBeNull()
    expect(new Date(row.next_run_at).getTime()).toBeLessThanOrEqual(Date.now())
  })
})

describe('the API jobs', () => {
  it('prune-auth-throttles removes counters whose window and lock have ended, and keeps the rest', async () => {
    const db = a.app.ctx.db
    const old = new Date(Date.now() - 3 * 3_600_000).toISOString()
    await db
      .insertInto('auth_throttles')
      .values([
        { key: `login:?old-${Date.now()}`, user_id: null, failures: 3, window_started_at: old, locked_until: null, notified_at: null },
        { key: `login:?fresh-${Date.now()}`, user_id: null, failures: 1, window_started_at: new Date().toISOString(), locked_until: null, notified_at: null },
        {
          key: `login:?locked-${Date.now()}`,
          user_id: null,
          failures: 0,
          window_started_at: old,
          locked_until: new Date(Date.now() + 600_000).toISOString(),
          notified_at: null,
        },
      ])
      .execute()
    const job = apiJobs(a.app.ctx).find((j) => j.name === 'prune-auth-throttles')!
    const scheduler = createScheduler(db, [job], { log: a.app.log })
    const outcome = await scheduler.runDue(job.name)
    expect(outcome).toMatchObject({ ran: true, result: { pruned: 1 } })
    const keys = (await db.selectFrom('auth_throttles').select('key').execute()).map((r) => r.key)
    expect(keys.some((k) => k.includes('old-'))).toBe(false)
    expect(keys.some((k) => k.includes('fresh-'))).toBe(true)
    expect(keys.some((k) => k.includes('locked-'))).toBe(true)
  })
})
