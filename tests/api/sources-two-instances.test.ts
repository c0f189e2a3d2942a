// The scheduled sync of calendar sources (the `sync-calendar-sources` job, decision 049) across instances: two API
// instances on one database both wake for the job at the same moment while a source is due, and the calendar's
// publisher (slow to answer, so the first run is still going when the second tries) is asked once and its events
// are imported once; at the next slot again one of them syncs, with the feed's ETag. Two syncs of one source at
// once (its owner's "sync now" reaching both instances) apply a change once: its participants are told once. And
// the same calendar added on both at once is added once, the other press answered as a second add is.
// On the machine's PostgreSQL (skipped when it is not reachable; CI has one) in every run, and in the SQLite run
// also on one SQLite file.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiJobs } from '../../api/jobs'
import { createScheduler, type JobOutcome } from '../../api/jobs/scheduler'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'
import { generateCalendar } from '../support/generated-calendar'
import { makeUser, send } from './events-fixtures'
import { createPgDatabase, startTestApi, usePostgres, type TestApi } from './helpers'

const JOB = 'sync-calendar-sources'
/** A database of this test's own on the machine's PostgreSQL (none reachable: its case is skipped). */
const pgDatabase = await createPgDatabase().catch(() => null)

let feeds: CalendarServer
beforeAll(async () => {
  feeds = await startCalendarServer()
})
afterAll(async () => {
  await feeds?.close()
  await pgDatabase?.drop()
})

const cases = [
  { name: 'PostgreSQL', skip: !pgDatabase },
  { name: 'one SQLite file', skip: usePostgres },
]

describe.each(cases)('two instances on $name', ({ name, skip }) => {
  const clock = { now: new Date() }
  let a: TestApi
  let b: TestApi
  let dir: string

  beforeAll(async () => {
    if (skip) return
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-sources-two-'))
    const DATABASE_URL = name === 'PostgreSQL' ? pgDatabase!.url : path.join(dir, 'shared.db')
    const env = { DATABASE_URL, ALLOW_PRIVATE_ADDRESSES: 'true' }
    a = await startTestApi(env, undefined, { clock: () => clock.now })
    b = await startTestApi(env, undefined, { clock: () => clock.now })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    if (dir) await fs.rm(dir, { recursive: true, force: true })
  })

  it.skipIf(skip)('both run the job at once for a due source: the feed is asked for once, its events imported once', async () => {
    const owner = await makeUser(a)
    const feedPath = `/shared-${name.replace(/\W/g, '')}.ics`
    // Added while its publisher is down: the source exists, its next sync due in two hours.
    feeds.feeds.set(feedPath, { body: '', status: 503 })
    const created = await send(a, 'POST', '/sources', { token: owner.token, json: { url: feeds.url + feedPath } })
    expect(created.body).toMatchObject({ lastOutcome: 'ERROR', eventCount: 0 })
    const id = created.body.id as string

    const calendar = generateCalendar({ from: clock.now, singles: 150, allDay: 20, weekly: 6, seed: 3 })
    feeds.feeds.set(feedPath, { body: calendar, delayMs: 300 })
    clock.now = new Date(clock.now.getTime() + 3 * 3_600_000)
    const asked = () => feeds.requests.filter((r) => r.path === feedPath && r.status !== 503)
    const schedulers = [a, b].map((api) => createScheduler(api.app.ctx.db, apiJobs(api.app.ctx), { log: api.app.log, now: () => clock.now }))

    // The same moment on both, and once more on each while the winner waits for the publisher.
    const runs: Promise<JobOutcome>[] = schedulers.map((s) => s.runDue(JOB))
    await new Promise((resolve) => setTimeout(resolve, 100))
    runs.push(...schedulers.map((s) => s.runDue(JOB)))
    const outcomes = await Promise.all(runs)
    const ran = outcomes.filter((o) => o.ran)
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatchObject({ result: { synced: 1, outcomes: ['OK'] } })
    expect(asked().map((r) => r.status)).toEqual([200])

    const rows = await a.app.ctx.db.selectFrom('posts').select(['id', 'source_key']).where('source_id', '=', id).execute()
    expect(rows.length).toBeGreaterThan(150)
    expect(new Set(rows.map((r) => r.source_key)).size).toBe(rows.length)
    const source = await send(b, 'GET', `/sources/${id}`, { token: owner.token })
    expect(source.body).toMatchObject({ lastOutcome: 'OK', lastError: null, counts: { new: rows.length, changed: 0, cancelled: 0, removed: 0 }, eventCount: rows.length })
    const job = await a.app.ctx.db.selectFrom('jobs').selectAll().where('name', '=', JOB).executeTakeFirstOrThrow()
    expect(job).toMatchObject({ lease_owner: null, last_error: null })
    expect(Number(job.runs)).toBe(1)

    // The next slot, an hour later (the source is due again): one of them again, asking with the ETag.
    clock.now = new Date(clock.now.getTime() + 3_600_000 + 60_000)
    const next = await Promise.all(schedulers.map((s) => s.runDue(JOB)))
    expect(next.filter((o) => o.ran)).toEqual([expect.objectContaining({ result: { synced: 1, outcomes: ['NOT_MODIFIED'] } })])
    expect(asked().map((r) => r.status)).toEqual([200, 304])
    expect(asked()[1]?.ifNoneMatch).toMatch(/^"/)
    const after = await a.app.ctx.db.selectFrom('posts').select(['id', 'source_key']).where('source_id', '=', id).execute()
    expect(after).toHaveLength(rows.length)
  })

  it.skipIf(skip)('two syncs of one source at once (its owner’s “sync now” on each instance) apply a change once', async () => {
    const owner = await makeUser(a)
    const guest = await makeUser(a)
    const at = (days: number) => new Date(clock.now.getTime() + days * 86_400_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')
    const event = (uid: string, start: string, extra: string[] = []) =>
      ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260301T120000Z', `DTSTART:${start}`, `SUMMARY:Event ${uid}`, 'GEO:44.8;20.4', ...extra, 'END:VEVENT']
    const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flat(), 'END:VCALENDAR'].join('\r\n')
    const feedPath = `/twice-${name.replace(/\W/g, '')}.ics`
    feeds.feeds.set(feedPath, { body: calendar(event('moves', at(10)), event('is-called-off', at(11)), event('stays', at(12))), unconditional: true })
    const created = await send(a, 'POST', '/sources', { token: owner.token, json: { url: feeds.url + feedPath } })
    expect(created.body.counts).toEqual({ new: 3, changed: 0, cancelled: 0, removed: 0 })
    const id = created.body.id as string
    const imported = async () =>
      a.app.ctx.db.selectFrom('posts').select(['id', 'source_key', 'start_date', 'cancelled_at', 'sequence']).where('source_id', '=', id).orderBy('source_key').execute()
    const [calledOff, moves] = await imported()
    // The guest plans to go to both (stored as joining stores it).
    await a.app.ctx.db
      .insertInto('post_participants')
      .values([moves!.id, calledOff!.id].map((postId) => ({ post_id: postId, user_id: guest.id, created_at: clock.now.toISOString() })))
      .execute()

    // The calendar moves one a day later and calls the other off; its owner presses "sync now" twice, and the
    // balancer sends one press to each instance. The publisher answers both after 200 ms: both read the change.
    feeds.feeds.set(feedPath, {
      body: calendar(event('moves', at(11)), event('is-called-off', at(11), ['STATUS:CANCELLED']), event('stays', at(12))),
      unconditional: true,
      delayMs: 200,
    })
    const answers = await Promise.all([a, b].map((api) => send(api, 'POST', `/sources/${id}/sync`, { token: owner.token })))
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const after = await imported()
    expect(after.find((e) => e.id === moves!.id)!.start_date).not.toBe(moves!.start_date)
    expect(Number(after.find((e) => e.id === moves!.id)!.sequence)).toBe(Number(moves!.sequence) + 1)
    expect(Number(after.find((e) => e.id === calledOff!.id)!.sequence)).toBe(Number(calledOff!.sequence) + 1)
    // One of the two made the change, the other found it made: the guest is told once of each.
    const told = await a.app.ctx.db.selectFrom('notifications').select(['notification_type', 'entity_id']).where('recipient_id', '=', guest.id).execute()
    expect(told.map((n) => `${n.notification_type} ${n.entity_id}`).sort()).toEqual([`eventCancelled ${calledOff!.id}`, `eventMoved ${moves!.id}`])
  })

  it.skipIf(skip)('the same calendar added on both instances at once: one adds it, the other says it is there (never 500)', async () => {
    const owner = await makeUser(a)
    for (let i = 0; i < 5; i++) {
      const feedPath = `/added-twice-${name.replace(/\W/g, '')}-${i}.ics`
      feeds.feeds.set(feedPath, { body: generateCalendar({ from: clock.now, singles: 3, seed: i }) })
      const answers = await Promise.all([a, b].map((api) => send(api, 'POST', '/sources', { token: owner.token, json: { url: feeds.url + feedPath } })))
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400])
      expect(answers.find((r) => r.status === 400)?.body.errors).toEqual({ url: ['You already import this calendar.'] })
      expect(answers.find((r) => r.status === 201)?.body).toMatchObject({ lastOutcome: 'OK', eventCount: 3 })
    }
    const sources = await a.app.ctx.db.selectFrom('calendar_sources').select('url').where('owner_id', '=', owner.id).execute()
    expect(sources).toHaveLength(5)
  })
})
