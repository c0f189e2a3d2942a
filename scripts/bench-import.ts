// `npm run bench:import`: what importing a calendar costs (issue 42, decision 049). A generated calendar of about
// 1,000 events as Google Calendar publishes it (tests/support/generated-calendar.ts: VTIMEZONE Europe/Belgrade,
// single events, all-day and multi-day ones, weekly rules with an EXDATE and moved and cancelled overrides; GEO on
// every event, so no address is looked up) is served from loopback without ETag, and the real API, a process of
// its own on a fresh database (scripts/bench-import-api.ts: api/main.ts's app with a statement counter), imports it
// with POST /sources, then syncs it again with POST /sources/{id}/sync: the unchanged feed is read and compared
// with what was imported. For each, in rounds (a new source each): the wall time of the request, the SQL
// statements the database ran meanwhile, the peak RSS of the API process (the kernel's VmHWM, reset before each
// request) and its peak V8 heap in use (every request starts from a collected heap; what is left collected after
// it is printed too). A measurement, not a test: it fails only when the first import is not whole or the second
// sync changes something (it must not).
//
//   npm run bench:import                   SQLite file in .cache/bench-import
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nearby_bench npm run bench:import   (and PostgreSQL; recreated)
//   BENCH_IMPORT_EVENTS=3000 BENCH_IMPORT_ROUNDS=5 npm run bench:import
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SOURCE_LIMITS } from '../contract/index'
import { buildApp } from '../api/app'
import { loadConfig } from '../api/config'
import { migrateToLatest } from '../api/db/migrations'
import { readICalendar } from '../api/modules/sources/ical-feed'
import { makeUser } from '../tests/api/events-fixtures'
import type { TestApi } from '../tests/api/helpers'
import { startCalendarServer } from '../tests/support/calendar-server'
import { generateCalendar } from '../tests/support/generated-calendar'
import { freePort } from '../tests/support/web-server'
import type { ImportApiStats } from './bench-import-api'

const EVENTS = Number(process.env.BENCH_IMPORT_EVENTS ?? 1_000)
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3)
const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.cache/bench-import')
const JWT_SECRET = 'bench-import-secret-bench-import-secret-0123'
const PUBLIC_URL = 'http://api.bench-import.test'

async function freshPostgres(url: string) {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
}

/** Peak resident memory of a process since the last reset (VmHWM), in bytes; the reset writes 5 to clear_refs. */
function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) * 1024
}
function resetPeakRss(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

interface ApiChild {
  url: string
  child: ChildProcess
  stats(message: 'reset' | 'read'): Promise<ImportApiStats>
  stop(): Promise<void>
}

async function startApi(env: Record<string, string>): Promise<ApiChild> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench-import-api.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // Not production: the calendar is served from loopback (ALLOW_PRIVATE_ADDRESSES is a test-only setting).
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      API_PUBLIC_URL: PUBLIC_URL,
      WEB_URL: 'http://web.bench-import.test',
      JWT_SECRET,
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      ALLOW_PRIVATE_ADDRESSES: 'true',
      RATE_LIMIT_MULTIPLIER: '1000000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the API did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    child,
    stats: (message) =>
      new Promise((resolve) => {
        child.once('message', (stats) => resolve(stats as ImportApiStats))
        child.send(message)
      }),
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

interface Measured {
  ms: number
  /** Milliseconds from the request to its sync's BEGIN (fetching, reading, placing), to its COMMIT, and after it. */
  toBegin: number
  write: number
  afterCommit: number
  statements: number
  statementsAfterCommit: number
  byKind: Record<string, number>
  peakRss: number
  peakHeap: number
  /** The heap in use after a full collection, once the request is answered. */
  heapAfter: number
  counts: Record<string, number>
  outcome: string
}

/** One request to the API, with what it cost the API process. */
async function measure(api: ApiChild, token: string, method: string, pathname: string, json?: unknown): Promise<{ figures: Measured; body: Record<string, unknown> }> {
  const pid = api.child.pid!
  await api.stats('reset')
  resetPeakRss(pid)
  const started = performance.now()
  const res = await fetch(api.url + pathname, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  })
  const body = (await res.json()) as Record<string, unknown>
  const ms = performance.now() - started
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(body)}`)
  const stats = await api.stats('read')
  return {
    body,
    figures: {
      ms,
      toBegin: stats.beginAt ?? NaN,
      write: (stats.commitAt ?? NaN) - (stats.beginAt ?? NaN),
      afterCommit: ms - (stats.commitAt ?? NaN),
      statements: stats.statements,
      statementsAfterCommit: stats.afterCommit,
      byKind: stats.byKind,
      peakRss: peakRss(pid),
      peakHeap: stats.peakHeap,
      heapAfter: stats.heap,
      counts: body.counts as Record<string, number>,
      outcome: String(body.lastOutcome),
    },
  }
}

async function run(database: 'sqlite' | 'postgres', calendar: string) {
  const dir = path.join(dataDir, database)
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const databaseUrl = database === 'postgres' ? process.env.BENCH_DATABASE_URL! : path.join(dir, 'nearby.db')
  if (database === 'postgres') await freshPostgres(databaseUrl)
  const env = { DATA_DIR: dir, DATABASE_URL: databaseUrl }
  // The owner, made by the API's own code on the database the process will open.
  const setup = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JWT_SECRET, API_PUBLIC_URL: PUBLIC_URL, ACCESS_TOKEN_TTL_SECONDS: '86400', ...env }))
  await migrateToLatest(setup.ctx.db)
  const { token } = await makeUser({ app: setup } as unknown as TestApi)
  await setup.close()

  const feeds = await startCalendarServer()
  const api = await startApi(env)
  const idle = await api.stats('read')
  const idleRss = peakRss(api.child.pid!)
  const rounds: { first: Measured; second: Measured }[] = []
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // A server without ETag or Last-Modified: the second sync reads the whole feed and compares it.
      feeds.feeds.set(`/calendar-${round}.ics`, { body: calendar, unconditional: true })
      const first = await measure(api, token, 'POST', '/sources', { url: `${feeds.url}/calendar-${round}.ics` })
      const second = await measure(api, token, 'POST', `/sources/${first.body.id as string}/sync`)
      rounds.push({ first: first.figures, second: second.figures })
      console.log(
        `  ${database} round ${round}: first import ${ms(first.figures.ms)} (${first.figures.statements} statements, ${first.figures.outcome} ${JSON.stringify(first.figures.counts)}), ` +
          `second sync ${ms(second.figures.ms)} (${second.figures.statements} statements, ${second.figures.outcome} ${JSON.stringify(second.figures.counts)})`,
      )
    }
  } finally {
    await api.stop()
    await feeds.close()
  }
  return { database, idleRss, idleHeap: idle.heap, rounds }
}

async function main() {
  const now = new Date()
  const calendar = generateCalendar({
    from: now,
    singles: Math.round(EVENTS * 0.565),
    allDay: Math.round(EVENTS * 0.12),
    weekly: Math.round(EVENTS * 0.045),
    seed: 11,
    name: 'Belgrade city calendar',
  })
  // What the feed holds, as the sync reads it (in this process: the reading's own cost, for scale).
  const readStarted = performance.now()
  const read = readICalendar(calendar, { now, timeZone: 'Europe/Belgrade', maxEvents: SOURCE_LIMITS.maxEvents })
  const readMs = performance.now() - readStarted
  const mix = {
    items: read.items.length,
    allDay: read.items.filter((item) => item.allDay).length,
    recurring: read.items.filter((item) => item.key.includes('#')).length,
    cancelled: read.items.filter((item) => item.cancelled).length,
  }
  console.log(
    `Calendar: ${(Buffer.byteLength(calendar) / 1024).toFixed(0)} KiB, ${mix.items} events (${mix.recurring} dates of weekly rules, ${mix.allDay} all-day, ${mix.cancelled} cancelled), read by ical.js in ${ms(readMs)} here`,
  )
  const databases: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])]
  const results = []
  for (const database of databases) results.push(await run(database, calendar))

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
  const rows = results.flatMap(({ database, rounds }) =>
    (['first', 'second'] as const).map((which) => {
      const figures = rounds.map((r) => r[which])
      const kinds = figures[0]!.byKind
      return {
        database,
        request: which === 'first' ? 'first import (POST /sources)' : 'second sync, unchanged (POST /sources/{id}/sync)',
        'wall ms (median)': Math.round(median(figures.map((f) => f.ms))),
        'wall ms (each round)': figures.map((f) => Math.round(f.ms)).join(', '),
        'to BEGIN ms': Math.round(median(figures.map((f) => f.toBegin))),
        'BEGIN→COMMIT ms': Math.round(median(figures.map((f) => f.write))),
        'after COMMIT ms': Math.round(median(figures.map((f) => f.afterCommit))),
        statements: median(figures.map((f) => f.statements)),
        'after COMMIT': median(figures.map((f) => f.statementsAfterCommit)),
        'of which': Object.entries(kinds)
          .sort(([, a], [, b]) => b - a)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', '),
        'peak RSS MB': mb(median(figures.map((f) => f.peakRss))),
        'peak heap MB': mb(median(figures.map((f) => f.peakHeap))),
        'heap after, each round MB': figures.map((f) => mb(f.heapAfter)).join(', '),
      }
    }),
  )
  console.log(`\n${mix.items} events, ${ROUNDS} rounds (a new source each), Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`)
  console.log('Times are medians of the rounds; "to BEGIN" is fetching, reading and placing the feed, "after COMMIT" the listeners of what the sync did and the answer.')
  console.table(rows)
  for (const { database, idleRss, idleHeap } of results)
    console.log(`${database}: the API process before the first import: peak RSS since its start ${mb(idleRss)} MB, heap ${mb(idleHeap)} MB (collected)`)
  fs.writeFileSync(path.join(dataDir, 'results.json'), JSON.stringify({ at: now.toISOString(), mix, readMs, results }, null, 2))

  const changed = results.flatMap(({ database, rounds }) =>
    rounds.filter((r) => r.second.outcome !== 'OK' || Object.values(r.second.counts).some((n) => n !== 0)).map((r) => `${database}: ${r.second.outcome} ${JSON.stringify(r.second.counts)}`),
  )
  const incomplete = results.flatMap(({ database, rounds }) => rounds.filter((r) => r.first.counts.new !== mix.items).map((r) => `${database}: ${JSON.stringify(r.first.counts)}`))
  if (changed.length || incomplete.length) {
    console.error(`The import is not clean: ${[...incomplete.map((c) => `first import ${c}`), ...changed.map((c) => `second sync ${c}`)].join('; ')}`)
    process.exitCode = 1
  }
}

function ms(value: number) {
  return `${Math.round(value)} ms`
}
function mb(bytes: number) {
  return Number((bytes / 1024 / 1024).toFixed(1))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
