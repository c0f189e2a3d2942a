// `npm run bench:scale`: does every list stay flat as the data grows? Seeds 1k, 10k and 100k events (as many
// users) on SQLite and PostgreSQL (tests/support/scale-data.ts; kept in .cache/bench-scale and in databases
// nearby_scale_<n>, reseeded when the generator or the migrations change), builds the real API in this
// process for each, and asks every list the web and the mobile app ask for, in one interleaved run: each
// round asks each list once of every database and size, so drift hits all alike. Prints, per list, the CPU
// milliseconds per request (this process, plus PostgreSQL's backends from /proc/<pid>/schedstat), p50 and
// p95 wall time, the ratio 100k ÷ 1k and PostgreSQL ÷ SQLite. A measurement, not a test: it never fails on
// slowness (docs/decisions/033-lists-at-scale.md; figures in docs/benchmarks.md).
//
//   npm run bench:scale
//   SCALE_SIZES=1000,100000 SCALE_DATABASES=sqlite SCALE_ROUNDS=40 npm run bench:scale
//   SCALE_ONLY=events npm run bench:scale   (only the lists whose name holds the word)
//   SCALE_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (where the nearby_scale_<n> databases live)
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../api/app'
import { loadConfig } from '../api/config'
import { createDb } from '../api/db/index'
import { migrateToLatest } from '../api/db/migrations'
import { SCALE_PASSWORD, seedScale, type ScaleIdentities } from '../tests/support/scale-data'
import { SCALE_LISTS } from '../tests/support/scale-lists'

const SIZES = (process.env.SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number)
const DATABASES = (process.env.SCALE_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 20)
/** SCALE_ONLY=events: only the lists whose name holds the word. */
const LISTS = SCALE_LISTS.filter((list) => !process.env.SCALE_ONLY || list.name.includes(process.env.SCALE_ONLY))
const WARMUP = 3
const PG_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.cache/bench-scale')
const version = crypto
  .createHash('sha1')
  .update(fs.readFileSync(path.join(root, 'tests/support/scale-data.ts')))
  // Every migration, in order (api/db/migrations/NNN_*.ts and their index).
  .update(
    fs
      .readdirSync(path.join(root, 'api/db/migrations'))
      .sort()
      .map((file) => fs.readFileSync(path.join(root, 'api/db/migrations', file), 'utf8'))
      .join('\0'),
  )
  .digest('hex')
  .slice(0, 12)

interface Target {
  label: string
  dialect: 'sqlite' | 'postgres'
  size: number
  app: FastifyInstance
  ids: ScaleIdentities
  tokens: { admin: string; organizer: string }
  /** PostgreSQL: the backends of this database (their CPU is the database's share). */
  backends: () => Promise<number[]>
}

function databaseUrl(dialect: 'sqlite' | 'postgres', size: number): string {
  if (dialect === 'sqlite') return path.join(dataDir, `sqlite-${size}.db`)
  const url = new URL(PG_URL)
  url.pathname = `/nearby_scale_${size}`
  return url.toString()
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The seeded database of this size, made anew when missing or of another version. */
async function prepare(dialect: 'sqlite' | 'postgres', size: number): Promise<ScaleIdentities> {
  const url = databaseUrl(dialect, size)
  const marker = path.join(dataDir, `${dialect}-${size}.json`)
  const saved = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { version: string; ids: ScaleIdentities }) : null
  if (saved?.version === version) return saved.ids
  fs.mkdirSync(dataDir, { recursive: true })
  const started = performance.now()
  if (dialect === 'sqlite') for (const suffix of ['', '-wal', '-shm']) fs.rmSync(url + suffix, { force: true })
  else {
    const name = `nearby_scale_${size}`
    await withAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.query(`CREATE DATABASE ${name}`)
    })
  }
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url })
  const { db, destroy } = createDb(config.database)
  await migrateToLatest(db)
  const ids = await db.transaction().execute((trx) => seedScale(trx, size))
  // What autovacuum does on a running PostgreSQL: statistics for the planner, and the visibility map that lets
  // index-only scans skip the table (SQLite's planner works without statistics, as in use).
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db)
  else await sql`pragma wal_checkpoint(truncate)`.execute(db)
  await destroy()
  fs.writeFileSync(marker, JSON.stringify({ version, ids }))
  console.log(`seeded ${dialect} with ${size.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return ids
}

async function start(dialect: 'sqlite' | 'postgres', size: number): Promise<Target> {
  const ids = await prepare(dialect, size)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(dialect, size),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '100000',
    JOBS_ENABLED: 'false',
    SEED_DEMO: 'false',
    SMTP_URL: 'smtp://127.0.0.1:9',
    // The pool's settings can be compared: DATABASE_PREPARED_STATEMENTS=false npm run bench:scale
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX,
    DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS,
  })
  const app = await buildApp(config)
  await migrateToLatest(app.ctx.db)
  await app.ready()
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: SCALE_PASSWORD } })
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
    return (res.json() as { accessToken: string }).accessToken
  }
  const name = `nearby_scale_${size}`
  return {
    label: `${dialect} ${size >= 1000 ? `${size / 1000}k` : size}`,
    dialect,
    size,
    app,
    ids,
    tokens: { admin: await signIn(ids.admin.email), organizer: await signIn(ids.organizer.email) },
    backends: async () =>
      dialect === 'postgres'
        ? withAdmin(async (c) => (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid))
        : [],
  }
}

function schedNs(pids: number[]): number {
  let total = 0
  for (const pid of pids) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // The backend ended.
    }
  }
  return total
}

interface Sample {
  wallMs: number
  cpuMs: number
}

async function main() {
  const targets: Target[] = []
  for (const dialect of DATABASES) for (const size of SIZES) targets.push(await start(dialect, size))
  const samples = new Map<string, Sample[]>()
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const pids = new Map<Target, number[]>()
    for (const t of targets) pids.set(t, await t.backends())
    for (const list of LISTS)
      for (const t of targets) {
        const headers: Record<string, string> = list.as ? { authorization: `Bearer ${t.tokens[list.as]}` } : {}
        const url = list.url(t.ids)
        const backends = pids.get(t) ?? []
        const db0 = schedNs(backends)
        const cpu0 = process.cpuUsage()
        const wall0 = performance.now()
        const res = await t.app.inject({ method: "GET", url, headers })
        const wall = performance.now() - wall0
        const cpu = process.cpuUsage(cpu0)
        const dbNs = schedNs(backends) - db0
        if (res.statusCode !== 200) throw new Error(`${t.label} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`)
        if (round < WARMUP) continue
        const key = `${list.name}|${t.label}`
        const list_ = samples.get(key) ?? []
        list_.push({ wallMs: wall, cpuMs: (cpu.user + cpu.system) / 1000 + dbNs / 1e6 })
        samples.set(key, list_)
      }
  }

  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1)
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1))
  const smallest = Math.min(...SIZES)
  const largest = Math.max(...SIZES)
  console.log(`\n${ROUNDS} rounds; CPU ms per request (API process + PostgreSQL backends), p50 / p95 wall ms\n`)
  const rows: string[][] = [['list', 'database', ...SIZES.map((s) => `${s / 1000}k cpu · p50 · p95`), `${largest / 1000}k ÷ ${smallest / 1000}k cpu`, 'pg ÷ sqlite cpu']]
  for (const list of LISTS)
    for (const dialect of DATABASES) {
      const stats = SIZES.map((size) => {
        const s = samples.get(`${list.name}|${targets.find((t) => t.dialect === dialect && t.size === size)!.label}`) ?? []
        return { cpu: mean(s.map((x) => x.cpuMs)), p50: pct(s.map((x) => x.wallMs), 50), p95: pct(s.map((x) => x.wallMs), 95) }
      })
      const growth = stats[SIZES.indexOf(largest)]!.cpu / stats[SIZES.indexOf(smallest)]!.cpu
      const cpuOf = (d: string) => {
        const t = targets.find((x) => x.dialect === d && x.size === largest)
        const s = t ? samples.get(`${list.name}|${t.label}`) : undefined
        return s ? mean(s.map((x) => x.cpuMs)) : NaN
      }
      const pgRatio = dialect === 'postgres' ? cpuOf('postgres') / cpuOf('sqlite') : NaN
      rows.push([
        list.name,
        dialect,
        ...stats.map((s) => `${fmt(s.cpu)} · ${fmt(s.p50)} · ${fmt(s.p95)}`),
        growth.toFixed(2),
        Number.isNaN(pgRatio) ? '' : pgRatio.toFixed(2),
      ])
    }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const [i, r] of rows.entries()) {
    console.log(`| ${r.map((cell, j) => cell.padEnd(widths[j]!)).join(' | ')} |`)
    if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`)
  }
  for (const t of targets) await t.app.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
