// `npm run bench`: how fast the event list answers with a realistic amount of data. Seeds 10,000 events
// (plus the demo data) into a fresh database, starts the real API and the built web as their own
// processes, and loads them with autocannon: 20 concurrent connections for a fixed time per target.
// Prints p50 / p95 / p99 latency and throughput. A measurement, not a test: it never fails on slowness.
//
//   npm run bench                       SQLite file in .cache/bench
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nearby_bench npm run bench   (created if missing)
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=20 npm run bench
//   BENCH_PROFILE=1 npm run bench       CPU profiles in .cache/bench/profiles/{api,web}
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql, type Insertable } from 'kysely'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { CATEGORIES, CURRENCIES, DEFAULT_CENTER } from '../contract/index'
import { loadConfig } from '../api/config'
import { createDb, type Database } from '../api/db/index'
import { migrateToLatest } from '../api/db/migrations'
import { seedDemo } from '../api/db/seed'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const API_PORT = 4900
const WEB_PORT = 3900
const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.cache/bench')
const databaseUrl = process.env.BENCH_DATABASE_URL ?? path.join(dataDir, 'nearby.db')

function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

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

/** Demo data, then EVENTS events within ~40 km of the default centre over the next 180 days. */
async function seed() {
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.mkdirSync(dataDir, { recursive: true })
  const isPostgres = /^postgres(ql)?:\/\//.test(databaseUrl)
  if (isPostgres) await freshPostgres(databaseUrl)
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
  const { db, destroy } = createDb(config.database)
  await migrateToLatest(db)
  await seedDemo(db)
  const users = (await db.selectFrom('users').select('id').execute()).map((u) => u.id)
  const next = random(42)
  const now = Date.now()
  const started = performance.now()
  const BATCH = 500
  for (let offset = 0; offset < EVENTS; offset += BATCH) {
    const posts: Insertable<Database['posts']>[] = []
    const images: Insertable<Database['post_images']>[] = []
    const categories: Insertable<Database['post_categories']>[] = []
    const participants: Insertable<Database['post_participants']>[] = []
    for (let i = offset; i < Math.min(EVENTS, offset + BATCH); i += 1) {
      const id = crypto.randomUUID()
      const organizer = users[i % users.length]!
      const start = new Date(now + (1 + next() * 180) * 86_400_000)
      start.setUTCMinutes(0, 0, 0)
      const paid = next() < 0.5
      const iso = new Date(now).toISOString()
      posts.push({
        id,
        title: `Bench event ${i + 1}`,
        description: 'A generated event for the benchmark, with a description of ordinary length for a card.',
        event_type: 'EVENT',
        access_type: next() < 0.85 ? 'COMMON' : next() < 0.5 ? 'SUBSCRIBERS' : 'PRIVATE',
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
        address: `Bench street ${i + 1}, Belgrade`,
        lat: DEFAULT_CENTER.latitude + (next() - 0.5) * 0.7,
        lon: DEFAULT_CENTER.longitude + (next() - 0.5) * 1.0,
        channel_link: null,
        max_participants: next() < 0.3 ? 10 + Math.floor(next() * 90) : null,
        price_donation: paid ? 0 : 1,
        price_amount: paid ? Math.round(next() * 5000) : null,
        price_currency: paid ? CURRENCIES[Math.floor(next() * CURRENCIES.length)]! : null,
        price_range: null,
        posted_by: organizer,
        created_by: organizer,
        moderation_status: 'PENDING',
        moderation_image_status: 'PENDING',
        post_status: 'ACTIVE',
        created_at: iso,
        updated_at: iso,
      })
      images.push({
        id: crypto.randomUUID(),
        post_id: id,
        name: `${id}.webp`,
        path: `/uploads/posts/${id}.webp`,
        thumb_path: `/uploads/posts/${id}-thumb.webp`,
        position: 0,
        created_at: iso,
      })
      categories.push({ post_id: id, category: CATEGORIES[i % CATEGORIES.length]! })
      if (next() < 0.5) participants.push({ post_id: id, user_id: users[(i + 1) % users.length]!, created_at: iso })
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('posts').values(posts).execute()
      await trx.insertInto('post_images').values(images).execute()
      await trx.insertInto('post_categories').values(categories).execute()
      if (participants.length) await trx.insertInto('post_participants').values(participants).execute()
    })
  }
  // Table statistics as a database that has been running for a while has them (PostgreSQL's autovacuum
  // would gather them later; without them its planner takes the freshly filled tables for empty).
  await sql`analyze`.execute(db)
  await destroy()
  return { dialect: config.database.dialect, seedSeconds: (performance.now() - started) / 1000 }
}

/**
 * The cost of a durable commit: the same single-row write transactions on a SQLite file in WAL mode with
 * synchronous=NORMAL (may lose the last commits on a power failure) and FULL (what the API uses).
 */
function measureSqliteCommits(commits = 2_000) {
  const figures: Record<string, number> = {}
  for (const mode of ['NORMAL', 'FULL'] as const) {
    const file = path.join(dataDir, `commits-${mode.toLowerCase()}.db`)
    fs.rmSync(file, { force: true })
    const database = new SQLite(file)
    database.pragma('journal_mode = WAL')
    database.pragma(`synchronous = ${mode}`)
    database.exec('create table likes (post_id text, user_id text, created_at text, primary key (post_id, user_id))')
    const insert = database.prepare('insert into likes values (?, ?, ?)')
    const started = performance.now()
    for (let i = 0; i < commits; i += 1) insert.run(`post-${i}`, 'user', new Date().toISOString())
    figures[mode] = ((performance.now() - started) * 1000) / commits
    database.close()
  }
  return figures
}

async function signInDemoUser(api: string): Promise<string> {
  const response = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'user@nearby.local', password: 'user123' }),
  })
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status}`)
  return ((await response.json()) as { accessToken: string }).accessToken
}

const children: ChildProcess[] = []
/** BENCH_PROFILE=1: the API and the web write V8 CPU profiles (open them in Chrome DevTools) on exit. */
const PROFILE_DIR = process.env.BENCH_PROFILE === '1' ? path.join(dataDir, 'profiles') : null

function start(name: string, args: string[], env: Record<string, string>) {
  // A folder per process: a process may have several threads (tsx's loader), each writing its own file.
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, name.toLowerCase())}`] : []
  const child = spawn(process.execPath, [...profile, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  child.on('exit', (code) => {
    if (code && !stopping) console.error(`${name} exited with ${code}`)
  })
  children.push(child)
}
let stopping = false
function stopAll() {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
}

async function waitFor(url: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not come up`)
}

type Figures = { target: string; requests: number; rps: number; p50: number; p95: number; p99: number; errors: number }

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

type LoadOptions = Pick<autocannon.Options, 'method' | 'headers'>

/** Loads one URL; latencies are taken from every response, so p95 is exact (autocannon's table has no p95). */
async function load(target: string, url: string, options: LoadOptions = {}): Promise<Figures> {
  // Warm-up: caches, JIT, SQLite page cache.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...options })
  const latencies: number[] = []
  let errors = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options }, (error, outcome) =>
      error ? reject(error) : resolve(outcome),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) errors += 1
      latencies.push(responseTime)
    })
  })
  latencies.sort((a, b) => a - b)
  return {
    target,
    requests: latencies.length,
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, 'build/index.js'))) throw new Error('run `npm run build` first (npm run bench does)')
  console.log(`Seeding ${EVENTS} events (${/^postgres/.test(databaseUrl) ? 'PostgreSQL' : 'SQLite'})…`)
  const seeded = await seed()
  console.log(`  seeded in ${seeded.seedSeconds.toFixed(1)} s`)

  const secrets = { JWT_SECRET: crypto.randomBytes(32).toString('hex'), SESSION_SECRET: crypto.randomBytes(32).toString('hex') }
  start('API', ['--import', 'tsx', 'api/main.ts'], {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    API_HOST: '127.0.0.1',
    API_PORT: String(API_PORT),
    API_PUBLIC_URL: `http://127.0.0.1:${API_PORT}`,
    WEB_URL: `http://127.0.0.1:${WEB_PORT}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // The benchmark is one client at one address: measure the work, not the limiter.
    RATE_LIMIT_MULTIPLIER: '1000000',
    JWT_SECRET: secrets.JWT_SECRET,
  })
  await waitFor(`http://127.0.0.1:${API_PORT}/health`)
  start('Web', ['server.mjs'], {
    NODE_ENV: 'production',
    PORT: String(WEB_PORT),
    HOST: '127.0.0.1',
    WEB_URL: `http://127.0.0.1:${WEB_PORT}`,
    API_URL: `http://127.0.0.1:${API_PORT}`,
    SESSION_SECRET: secrets.SESSION_SECRET,
  })
  await waitFor(`http://127.0.0.1:${WEB_PORT}/`)

  const api = `http://127.0.0.1:${API_PORT}`
  const web = `http://127.0.0.1:${WEB_PORT}`
  const targets: [string, string][] = [
    ['API GET /event/all (page 1)', `${api}/event/all`],
    ['API GET /event/all?page=20&categories=concerts', `${api}/event/all?page=20&categories=concerts`],
    ['Web GET / (home page, server-rendered)', `${web}/`],
  ]
  const results: Figures[] = []
  for (const [name, url] of targets) {
    console.log(`Loading ${name}: ${CONNECTIONS} connections, ${SECONDS} s…`)
    results.push(await load(name, url))
  }
  // A write per request: one user toggles the like of one event (a committed insert or delete each time).
  const token = await signInDemoUser(api)
  const listed = (await (await fetch(`${api}/event/all`)).json()) as { events: Array<{ _id: string; accessType: string }> }
  const likeTarget = listed.events.find((event) => event.accessType === 'COMMON')
  if (likeTarget) {
    const name = 'API PUT /event/{id}/like (a committed write each)'
    console.log(`Loading ${name}: ${CONNECTIONS} connections, ${SECONDS} s…`)
    results.push(await load(name, `${api}/event/${likeTarget._id}/like`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } }))
  }
  stopAll()
  const commits = seeded.dialect === 'sqlite' ? measureSqliteCommits() : null

  const rows = results.map((r) => ({
    target: r.target,
    'p50 ms': Number(r.p50.toFixed(1)),
    'p95 ms': Number(r.p95.toFixed(1)),
    'p99 ms': Number(r.p99.toFixed(1)),
    'req/s': Math.round(r.rps),
    requests: r.requests,
    errors: r.errors,
  }))
  console.log(`\n${EVENTS} events, ${seeded.dialect}, ${CONNECTIONS} connections, ${SECONDS} s per target, Node ${process.version}`)
  console.table(rows)
  if (commits)
    console.log(
      `SQLite commit (WAL, one-row insert): synchronous=NORMAL ${commits.NORMAL!.toFixed(0)} µs, FULL ${commits.FULL!.toFixed(0)} µs (the API uses FULL)`,
    )
  fs.writeFileSync(path.join(dataDir, 'results.json'), JSON.stringify({ at: new Date().toISOString(), events: EVENTS, dialect: seeded.dialect, connections: CONNECTIONS, seconds: SECONDS, results, sqliteCommitMicroseconds: commits }, null, 2))
  if (results.some((r) => r.errors > 0)) {
    console.error('Some requests failed: the figures above are not a clean measurement.')
    process.exitCode = 1
  }
}

process.once('SIGINT', () => {
  stopAll()
  process.exit(130)
})
main().catch((error: unknown) => {
  console.error(error)
  stopAll()
  process.exit(1)
})
