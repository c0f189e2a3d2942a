// A calendar sync that dies leaves nothing half imported (decision 049: one sync is one write transaction with
// the source's outcome). The real API runs as a process of its own (api/main.ts, as `npm run proof:crash` runs
// it) on a SQLite file, or with TEST_DATABASE=postgres on a PostgreSQL database, and imports a generated calendar
// of 3,000 events (each with GEO: nothing is looked up) from a publisher on loopback. The process gets SIGKILL
// while the feed is read, then early, halfway and late in the sync's write transaction (watched from outside:
// on SQLite the API holds the database's write lock, on PostgreSQL its transaction has a transaction id, that
// is, has written), and once halfway through a sync that renames all 3,000. After each kill the database is
// opened directly: every source has none of the feed's events and no outcome, or all of them with the outcome
// that says so — never a count in between, for the events, their categories and the search index alike — and
// SQLite's integrity_check says ok; and the owner's webhook has one event.created message queued for each event
// imported and one event.updated for each renamed (queued by the sync's own transaction). Then the API starts again on the same data: a sync of a source whose import
// died imports everything, and a second sync changes nothing.
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiProcess, sleep, startApiProcess } from '../../scripts/proofs/lib'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'
import { postgresOutside, sqliteOutside } from '../support/database-outside'
import { generateCalendar } from '../support/generated-calendar'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { usePostgres } from './helpers'
import { prepareProcessData, type ProcessData } from './process-data'

const EVENTS = 3_000
const feed = generateCalendar({ from: new Date(), singles: EVENTS, seed: 42, name: 'City calendar' })
/** The same calendar with every event renamed: a sync of it changes all 3,000. */
const renamed = feed.replace(/^SUMMARY:(.*)$/gm, 'SUMMARY:$1 (renamed)')

/** The database as the test sees it from outside the API: read directly, and watched for the API's writing. */
interface Store {
  /** True while the API is inside a write transaction that has begun writing. */
  writing(): Promise<boolean>
  rows<T>(text: string, params?: unknown[]): Promise<T[]>
  /** SQLite's integrity_check and foreign_key_check, the search index against the table (PostgreSQL: nothing to check). */
  integrity(): Promise<{ integrity: string; foreignKeys: number; searchRows: number | null }>
  close(): Promise<void>
}

function sqliteStore(file: string): Store {
  // The probe asks for the write lock without waiting: SQLITE_BUSY means the API holds it (a sync's
  // BEGIN IMMEDIATE). Taken, it is given back at once.
  let probe: SQLite.Database | null = null
  const outside = sqliteOutside(file)
  return {
    async writing() {
      probe ??= new SQLite(file, { timeout: 0 })
      try {
        probe.exec('begin immediate')
        probe.exec('rollback')
        return false
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return true
        throw error
      }
    },
    async rows<T>(text: string, params: unknown[] = []) {
      probe?.close()
      probe = null
      return outside.rows<T>(text, params)
    },
    async integrity() {
      const db = new SQLite(file)
      try {
        return {
          integrity: (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; '),
          foreignKeys: (db.pragma('foreign_key_check') as unknown[]).length,
          searchRows: (db.prepare('select count(*) as n from posts_search').get() as { n: number }).n,
        }
      } finally {
        db.close()
      }
    },
    async close() {
      probe?.close()
      probe = null
    },
  }
}

function postgresStore(url: string): Store {
  const outside = postgresOutside(url)
  return {
    // A transaction gets its id when it first writes.
    async writing() {
      const [row] = await outside.rows<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null',
      )
      return row!.n > 0
    },
    rows: (text, params) => outside.rows(text, params),
    async integrity() {
      return { integrity: 'ok', foreignKeys: 0, searchRows: null }
    },
    close: () => outside.close(),
  }
}

let feeds: CalendarServer
let receiver: WebhookReceiver
let data: ProcessData
let env: Record<string, string>
let store: Store
let token: string
let api: ApiProcess | null = null

beforeAll(async () => {
  feeds = await startCalendarServer()
  receiver = await startWebhookReceiver()
  // Only the syncs the test asks for run (a started API would sync every due source at once).
  data = await prepareProcessData('sources-crash', { JOBS_ENABLED: 'false' })
  ;({ env, token } = data)
  store = data.databaseUrl ? postgresStore(data.databaseUrl) : sqliteStore(data.file!)
})
afterAll(async () => {
  await api?.kill9()
  await store?.close()
  await feeds?.close()
  await receiver?.close()
  await data?.remove()
})

/** A request to the API process; null when the process died before answering. */
async function call(method: string, pathname: string, json?: unknown): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const res = await fetch(api!.url + pathname, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  } catch {
    return null
  }
}

let feedSeq = 0
function serve(body: string): string {
  const feedPath = `/city-${++feedSeq}.ics`
  // Without ETag: every sync reads the whole feed and compares it.
  feeds.feeds.set(feedPath, { body, unconditional: true })
  return feedPath
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${api?.output() ?? ''}`)
    await sleep(2)
  }
}

/** Starts a sync (POST /sources for a new feed, or POST /sources/{id}/sync) and waits until the feed was read. */
async function startSync(request: { newFeed: string } | { sourceId: string; feedPath: string }) {
  const feedPath = 'newFeed' in request ? request.newFeed : request.feedPath
  const seen = feeds.requests.length
  const answer =
    'newFeed' in request ? call('POST', '/sources', { url: feeds.url + request.newFeed }) : call('POST', `/sources/${request.sourceId}/sync`)
  // An answer before the feed was read is a refusal (or the process died): said at once, with what it was.
  let early: string | null = null
  void answer.then((res) => {
    if (!feeds.requests.slice(seen).some((r) => r.path === feedPath)) early = res ? `${res.status} ${JSON.stringify(res.body)}` : 'no answer'
  })
  await until(() => {
    if (early) throw new Error(`the API answered before reading the feed: ${early}\n${api?.output() ?? ''}`)
    return feeds.requests.slice(seen).some((r) => r.path === feedPath && r.status === 200)
  }, 'the API read the feed')
  // In an object: an async function's promise would wait for the answer itself.
  return { answer }
}

interface SourceState {
  id: string
  url: string
  outcome: string | null
  counts: { new: number; changed: number }
  events: number
  renamed: number
  categories: number
}

/** Every source with what the database holds of it. */
async function sources(): Promise<SourceState[]> {
  const rows = await store.rows<{ id: string; url: string; last_outcome: string | null; counts: string }>('select id, url, last_outcome, counts from calendar_sources')
  const events = await store.rows<{ source_id: string; n: number; renamed: number }>(
    "select source_id, count(*) as n, sum(case when title like '%(renamed)' then 1 else 0 end) as renamed from posts where source_id is not null group by source_id",
  )
  const categories = await store.rows<{ source_id: string; n: number }>(
    'select p.source_id, count(*) as n from post_categories c join posts p on p.id = c.post_id where p.source_id is not null group by p.source_id',
  )
  return rows.map((row) => {
    const mine = events.find((e) => e.source_id === row.id)
    return {
      id: row.id,
      url: row.url,
      outcome: row.last_outcome,
      counts: { new: 0, changed: 0, ...(JSON.parse(row.counts) as object) },
      events: Number(mine?.n ?? 0),
      renamed: Number(mine?.renamed ?? 0),
      categories: Number(categories.find((c) => c.source_id === row.id)?.n ?? 0),
    }
  })
}

/** Sources whose sync was killed while it was writing, and which hold nothing of it. */
const rolledBack: SourceState[] = []

/** What a whole import leaves (measured by the first, uninterrupted one). */
const whole = { categories: 0, writeMs: 0 }
let firstSource: SourceState

/** Sources synced again after their import (their last outcome counted nothing new). */
const resynced = new Set<string>()

/** All or nothing, for every source; the database's own checks. */
async function expectAllOrNothing(label: string) {
  for (const source of await sources()) {
    const where = `${label}: ${source.url}`
    if (source.outcome === null) {
      expect(source.events, where).toBe(0)
      expect(source.categories, where).toBe(0)
    } else {
      expect(source.outcome, where).toBe('OK')
      expect(source.events, where).toBe(EVENTS)
      expect(source.categories, where).toBe(whole.categories)
      // Renamed all, or none; and the outcome stored is the one of the sync whose events are there.
      expect([0, EVENTS], where).toContain(source.renamed)
      const last = resynced.has(source.id) ? 0 : EVENTS
      if (source.renamed) expect(source.counts, where).toMatchObject({ new: 0, changed: last })
      else expect(source.counts, where).toMatchObject({ new: last, changed: 0 })
    }
  }
  // The webhook's messages were written with the events they tell of: one each, none for a sync that died.
  const all = await sources()
  const queued = await store.rows<{ event_type: string; n: number }>('select event_type, count(*) as n from webhook_deliveries group by event_type')
  const queuedOf = (type: string) => Number(queued.find((q) => q.event_type === type)?.n ?? 0)
  expect(queuedOf('event.created'), `${label}: event.created messages`).toBe(all.reduce((n, source) => n + source.events, 0))
  expect(queuedOf('event.updated'), `${label}: event.updated messages`).toBe(all.reduce((n, source) => n + source.renamed, 0))
  const checks = await store.integrity()
  expect(checks.integrity, label).toBe('ok')
  expect(checks.foreignKeys, label).toBe(0)
  if (checks.searchRows !== null) {
    const [posts] = await store.rows<{ n: number }>('select count(*) as n from posts')
    expect(checks.searchRows, `${label}: rows in the search index`).toBe(posts!.n)
  }
}

describe(`a sync killed mid-way (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('imports the 3,000 events whole when nothing interrupts it (and times its write)', async () => {
    api = await startApiProcess(env)
    const hook = await call('POST', '/webhooks', { url: receiver.url, events: ['event.created', 'event.updated'] })
    expect(hook?.status).toBe(201)
    receiver.secret = hook!.body.secret as string
    const { answer } = await startSync({ newFeed: serve(feed) })
    await until(() => store.writing(), 'the sync began writing')
    const started = performance.now()
    await until(async () => !(await store.writing()), 'the sync committed')
    whole.writeMs = performance.now() - started
    const res = await answer
    expect(res?.status).toBe(201)
    expect(res?.body).toMatchObject({ lastOutcome: 'OK', counts: { new: EVENTS, changed: 0, cancelled: 0, removed: 0 }, eventCount: EVENTS })
    firstSource = (await sources())[0]!
    whole.categories = firstSource.categories
    expect(whole.categories).toBeGreaterThan(EVENTS / 2)
    await expectAllOrNothing('after a whole import')
  }, 45_000)

  it('leaves all of a sync or none of it, wherever SIGKILL lands', async () => {
    const cycles: { moment: string; kill: () => Promise<void>; rename?: boolean }[] = [
      // Before the write: the feed is being read.
      { moment: 'reading the feed', kill: async () => void (await sleep(20)) },
      ...[0.1, 0.5, 0.9].map((share) => ({ moment: `${Math.round(share * 100)} % into the write`, kill: () => intoTheWrite(share) })),
      { moment: 'halfway through renaming every event', kill: () => intoTheWrite(0.5), rename: true },
    ]
    /** Waits until the sync has been writing for `share` of a whole import's write. */
    async function intoTheWrite(share: number) {
      await until(() => store.writing(), 'the sync began writing')
      await sleep(share * whole.writeMs)
    }
    for (const cycle of cycles) {
      api ??= await startApiProcess(env)
      const feedPath = cycle.rename ? new URL(firstSource.url).pathname : serve(feed)
      if (cycle.rename) feeds.feeds.set(feedPath, { body: renamed, unconditional: true })
      const { answer } = await startSync(cycle.rename ? { sourceId: firstSource.id, feedPath } : { newFeed: feedPath })
      await cycle.kill()
      const writing = await store.writing()
      await api.kill9()
      api = null
      // A kill late in the write may come after the commit and the answer (the sync's last step is short): then the
      // sync is whole, which the check below asserts like any other outcome.
      const answered = await answer
      if (answered) expect(answered.status, `${cycle.moment}: answered before the kill`).toBeLessThan(300)
      await expectAllOrNothing(`killed ${cycle.moment}`)
      const source = (await sources()).find((s) => s.url === feeds.url + feedPath)!
      if (writing && (cycle.rename ? source.renamed === 0 : source.outcome === null)) rolledBack.push(source)
    }
    // What this proves is a kill inside the write transaction that left nothing of it: the probe saw the API
    // writing right before the kill, and the database holds none of that sync.
    expect(rolledBack.length, 'syncs killed while writing, rolled back').toBeGreaterThanOrEqual(1)
  }, 90_000)

  it('after a restart on the same data, a sync imports everything once and a second sync changes nothing', async () => {
    api = await startApiProcess(env)
    const died = rolledBack.find((s) => s.outcome === null)
    expect(died, 'a source whose first import died while writing').toBeDefined()
    const first = await call('POST', `/sources/${died!.id}/sync`)
    expect(first?.status).toBe(200)
    expect(first?.body).toMatchObject({ lastOutcome: 'OK', counts: { new: EVENTS, changed: 0, cancelled: 0, removed: 0 }, eventCount: EVENTS })
    const snapshot = () =>
      store.rows('select id, title, description, start_date, end_date, address, lat, lon, cancelled_at, sequence, moderation_status, updated_at from posts where source_id = ? order by id', [died!.id])
    const before = await snapshot()
    expect(before).toHaveLength(EVENTS)
    const second = await call('POST', `/sources/${died!.id}/sync`)
    resynced.add(died!.id)
    expect(second?.body).toMatchObject({ lastOutcome: 'OK', counts: { new: 0, changed: 0, cancelled: 0, removed: 0 }, eventCount: EVENTS })
    expect(await snapshot()).toEqual(before)
    await expectAllOrNothing('after the restart')
    await api.stop()
    api = null
  }, 45_000)
})
