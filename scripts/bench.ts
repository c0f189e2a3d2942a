// `npm run bench`: how fast the event list answers with a realistic amount of data. Seeds 10,000 events
// (plus the demo data) into a fresh database, starts the real API and the built web as their own
// processes, and loads them with autocannon: 20 concurrent connections for a fixed time per target.
// The web's pages are asked for as Chromium asks (Accept-Encoding: gzip, deflate, br, zstd) and with no
// Accept-Encoding, and measured side by side, in alternating rounds, with a bare Remix page
// (scripts/bench-bare) built and served the same way; the difference is compression's cost per response. Prints req/s, p50 / p95 / p99 latency, the CPU milliseconds per request of the process that answered
// (read from /proc), and the bytes of each page plain, gzip and brotli. A measurement, not a test: it never
// fails on slowness. Last, the balancer: the same pages through nginx to two instances beside one instance
// directly (needs PostgreSQL and nginx; BENCH_BALANCER=0 skips it).
//
//   npm run bench                       SQLite file in .cache/bench
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nearby_bench npm run bench   (created if missing)
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=20 npm run bench
//   BENCH_PROFILE=1 npm run bench       CPU profiles in .cache/bench/profiles/{api,web}
//
// Beside it: `npm run bench:scale` (every list at 1k–100k events) and `npm run bench:import` (a calendar of 1,000
// events imported and synced again through the API: time, SQL statements, memory), in docs/benchmarks.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
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
import { seededRandom as random } from '../tests/support/scale-data'
import { withCheckinCodes } from '../api/modules/events/checkin-codes'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const API_PORT = 4900
const WEB_PORT = 3900
const BARE_PORT = 3901
/** Web pages are measured in this many alternating rounds of SECONDS each, so that drift hits all alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
/** What Chromium sends: the web compresses its answers for it as it would for a person. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.cache/bench')
const databaseUrl = process.env.BENCH_DATABASE_URL ?? path.join(dataDir, 'nearby.db')

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
      if (participants.length) await trx.insertInto('post_participants').values(withCheckinCodes(participants)).execute()
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
  return child
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    // Fields after the command name's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return NaN
  }
}

type Target = { name: string; url: string; options?: LoadOptions; servedBy: ChildProcess; api?: ChildProcess }
type Figures = {
  target: string
  requests: number
  rps: number
  p50: number
  p95: number
  p99: number
  errors: number
  /** CPU ms per request of the process that answered (the web for pages, the API for API calls). */
  cpuMs: number
  /** CPU ms per request the API spent on the web's behalf (pages only). */
  apiCpuMs: number | null
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

type LoadOptions = Pick<autocannon.Options, 'method' | 'headers'>
type Tally = { latencies: number[]; errors: number; seconds: number; cpu: number; apiCpu: number }

/** One run of `seconds` against a target, added to its tally: latencies of every response, CPU of its servers. */
async function run(target: Target, seconds: number, tally: Tally) {
  const cpuBefore = cpuSeconds(target.servedBy.pid)
  const apiBefore = cpuSeconds(target.api?.pid)
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds, ...target.options }, (error, outcome) =>
      error ? reject(error) : resolve(outcome),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 400) tally.errors += 1
      tally.latencies.push(responseTime)
    })
  })
  tally.cpu += cpuSeconds(target.servedBy.pid) - cpuBefore
  tally.apiCpu += cpuSeconds(target.api?.pid) - apiBefore
  tally.errors += result.errors + result.timeouts
  tally.seconds += seconds
}

/** Loads each target for `rounds` rounds of SECONDS, the targets taking turns; a warm-up first (JIT, caches). */
async function load(targets: Target[], rounds: number): Promise<Figures[]> {
  const tallies = targets.map((): Tally => ({ latencies: [], errors: 0, seconds: 0, cpu: 0, apiCpu: 0 }))
  for (const target of targets) {
    console.log(`Warming up ${target.name}…`)
    await autocannon({ url: target.url, connections: CONNECTIONS, duration: 2, ...target.options })
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, target] of targets.entries()) {
      console.log(`Loading ${target.name}: ${CONNECTIONS} connections, ${SECONDS} s${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}…`)
      await run(target, SECONDS, tallies[index]!)
    }
  }
  return targets.map((target, index) => {
    const tally = tallies[index]!
    const sorted = [...tally.latencies].sort((a, b) => a - b)
    return {
      target: target.name,
      requests: sorted.length,
      rps: sorted.length / tally.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      errors: tally.errors,
      cpuMs: (tally.cpu * 1000) / sorted.length,
      apiCpuMs: target.api ? (tally.apiCpu * 1000) / sorted.length : null,
    }
  })
}

/** The body bytes of one answer for a given Accept-Encoding (null: none sent). */
function bodyBytes(url: string, acceptEncoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve(bytes))
    })
    request.on('error', reject)
  })
}

/** Builds the bare Remix page into .cache/bench/bare (a few seconds). */
function buildBarePage() {
  const cli = path.join(root, 'node_modules/@remix-run/dev/dist/cli.js')
  const built = spawnSync(process.execPath, [cli, 'build', 'scripts/bench-bare'], { cwd: root, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the bare page did not build:\n${built.stderr}`)
}

async function main() {
  if (!fs.existsSync(path.join(root, 'build/index.js'))) throw new Error('run `npm run build` first (npm run bench does)')
  console.log(`Seeding ${EVENTS} events (${/^postgres/.test(databaseUrl) ? 'PostgreSQL' : 'SQLite'})…`)
  const seeded = await seed()
  console.log(`  seeded in ${seeded.seedSeconds.toFixed(1)} s`)
  buildBarePage()

  const secrets = { JWT_SECRET: crypto.randomBytes(32).toString('hex'), SESSION_SECRET: crypto.randomBytes(32).toString('hex') }
  const apiProcess = start('API', ['--import', 'tsx', 'api/main.ts'], {
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
  const webProcess = start('Web', ['server.mjs'], {
    NODE_ENV: 'production',
    PORT: String(WEB_PORT),
    HOST: '127.0.0.1',
    WEB_URL: `http://127.0.0.1:${WEB_PORT}`,
    API_URL: `http://127.0.0.1:${API_PORT}`,
    SESSION_SECRET: secrets.SESSION_SECRET,
  })
  await waitFor(`http://127.0.0.1:${WEB_PORT}/`)
  const bareProcess = start('Bare', ['scripts/bench-bare/server.mjs'], { NODE_ENV: 'production', PORT: String(BARE_PORT) })
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`)

  const api = `http://127.0.0.1:${API_PORT}`
  const web = `http://127.0.0.1:${WEB_PORT}`
  const listed = (await (await fetch(`${api}/event/all`)).json()) as { events: Array<{ _id: string; accessType: string }> }
  const publicEvent = listed.events.find((event) => event.accessType === 'COMMON')
  if (!publicEvent) throw new Error('no public event on the first page')
  const asBrowser: LoadOptions = { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }
  // Each page twice: as Chromium asks (brotli) and with no Accept-Encoding, so that the cost of compressing
  // shows on its own line and cannot hide in a bare page that pays it too (issue 29).
  const pageUrls = [
    { page: 'home page', name: 'Web GET / (home page)', url: `${web}/`, servedBy: webProcess, api: apiProcess },
    { page: 'event page', name: 'Web GET /event/{id} (event page)', url: `${web}/event/${publicEvent._id}`, servedBy: webProcess, api: apiProcess },
    // A page with no data and no scripts (issue 44: goal ≤ 2× the bare page).
    { page: 'static page', name: 'Web GET /privacy-policy (static page)', url: `${web}/privacy-policy`, servedBy: webProcess, api: apiProcess },
    { page: 'bare Remix page', name: 'Bare Remix page (same server setup)', url: `http://127.0.0.1:${BARE_PORT}/`, servedBy: bareProcess },
  ]
  const pages: Array<Target & { page: string; compressed: boolean }> = pageUrls.flatMap(({ name, ...target }) => [
    { ...target, name: `${name}, brotli`, options: asBrowser, compressed: true },
    { ...target, name: `${name}, plain`, compressed: false },
  ])
  const apiCalls: Target[] = [
    { name: 'API GET /event/all (page 1)', url: `${api}/event/all`, servedBy: apiProcess },
    { name: 'API GET /event/all?page=20&categories=concerts', url: `${api}/event/all?page=20&categories=concerts`, servedBy: apiProcess },
  ]
  const results: Figures[] = [...(await load(apiCalls, 1)), ...(await load(pages, ROUNDS))]
  // A write per request: one user toggles the like of one event (a committed insert or delete each time).
  const token = await signInDemoUser(api)
  results.push(
    ...(await load(
      [{ name: 'API PUT /event/{id}/like (a committed write each)', url: `${api}/event/${publicEvent._id}/like`, options: { method: 'PUT', headers: { authorization: `Bearer ${token}` } }, servedBy: apiProcess }],
      1,
    )),
  )
  // What each answer weighs on the wire, per encoding the client accepts.
  const sizes = []
  for (const target of [...pageUrls, apiCalls[0]!]) {
    const [plain, gzip, brotli] = await Promise.all([bodyBytes(target.url, null), bodyBytes(target.url, 'gzip'), bodyBytes(target.url, BROWSER_ACCEPT_ENCODING)])
    sizes.push({ target: target.name, 'KB plain': kb(plain), 'KB gzip': kb(gzip), 'KB brotli': kb(brotli) })
  }
  stopAll()
  const commits = seeded.dialect === 'sqlite' ? measureSqliteCommits() : null

  const rows = results.map((r) => ({
    target: r.target,
    'req/s': Math.round(r.rps),
    'p50 ms': Number(r.p50.toFixed(1)),
    'p95 ms': Number(r.p95.toFixed(1)),
    'p99 ms': Number(r.p99.toFixed(1)),
    'CPU ms/req': Number(r.cpuMs.toFixed(2)),
    'API CPU ms/req': r.apiCpuMs === null ? '' : Number(r.apiCpuMs.toFixed(2)),
    requests: r.requests,
    errors: r.errors,
  }))
  console.log(`\n${EVENTS} events, ${seeded.dialect}, ${CONNECTIONS} connections, ${SECONDS} s per target and round, Node ${process.version}`)
  console.log('CPU ms/req: of the process that answered (pages: the web; API calls: the API); pages ask as Chromium does (brotli) and with no encoding (plain).')
  console.table(rows)
  console.table(sizes)
  // Per page: web CPU plain and compressed, what compressing added, its CPU as a multiple of the bare page's, and
  // the share of the bare page's req/s each way (the bare page compressed the same way: a cost both pay shows in the compression column).
  const figuresOf = (page: string, compressed: boolean) =>
    results[pages.findIndex((target) => target.page === page && target.compressed === compressed) + apiCalls.length]!
  const bare = { plain: figuresOf('bare Remix page', false), brotli: figuresOf('bare Remix page', true) }
  console.table(
    pageUrls.map(({ page }) => {
      const plain = figuresOf(page, false)
      const brotli = figuresOf(page, true)
      return {
        page,
        'CPU ms plain': Number(plain.cpuMs.toFixed(2)),
        'CPU ms brotli': Number(brotli.cpuMs.toFixed(2)),
        'compression ms': Number((brotli.cpuMs - plain.cpuMs).toFixed(2)),
        // The goals of issue 44 are these ratios: web CPU per response against the bare page's, in the same run.
        '× bare CPU, plain': Number((plain.cpuMs / bare.plain.cpuMs).toFixed(1)),
        '× bare CPU, brotli': Number((brotli.cpuMs / bare.brotli.cpuMs).toFixed(1)),
        '% of bare req/s, plain': Math.round((100 * plain.rps) / bare.plain.rps),
        '% of bare req/s, brotli': Math.round((100 * brotli.rps) / bare.brotli.rps),
      }
    }),
  )
  if (commits)
    console.log(
      `SQLite commit (WAL, one-row insert): synchronous=NORMAL ${commits.NORMAL!.toFixed(0)} µs, FULL ${commits.FULL!.toFixed(0)} µs (the API uses FULL)`,
    )
  const balancer = await measureBalancer()
  fs.writeFileSync(path.join(dataDir, 'results.json'), JSON.stringify({ at: new Date().toISOString(), events: EVENTS, dialect: seeded.dialect, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, results, sizes, sqliteCommitMicroseconds: commits, balancer }, null, 2))
  if (results.some((r) => r.errors > 0)) {
    console.error('Some requests failed: the figures above are not a clean measurement.')
    process.exitCode = 1
  }
}

/**
 * The balancer (issue 25): the cluster of `npm run cluster` (two API and two web instances on PostgreSQL,
 * Redis and s3rver behind nginx, demo data) — the event page and GET /event/all through nginx beside one
 * instance of each asked directly, in alternating rounds. Skipped without PostgreSQL or nginx
 * (BENCH_BALANCER=0 skips it too).
 */
async function measureBalancer(): Promise<Figures[] | null> {
  if (process.env.BENCH_BALANCER === '0') return null
  const { startCluster } = await import('./cluster')
  let cluster: Awaited<ReturnType<typeof startCluster>>
  try {
    cluster = await startCluster({
      port: 8380,
      database: 'nearby_bench_cluster',
      fresh: true,
      dataDir: path.join(dataDir, 'cluster'),
      output: 'collect',
      log: () => {},
      env: { RATE_LIMIT_MULTIPLIER: '1000000', LOG_LEVEL: 'warn' },
    })
  } catch (error) {
    console.log(`\nBalancer: skipped (${(error as Error).message.split('\n')[0]}); it needs PostgreSQL and nginx (scripts/ensure-nginx.sh).`)
    return null
  }
  try {
    const [apiOne] = cluster.api
    const [webOne] = cluster.web
    const listed = (await (await fetch(`${apiOne!.url}/event/all`)).json()) as { events: Array<{ _id: string; accessType: string }> }
    const event = listed.events.find((candidate) => candidate.accessType === 'COMMON')!
    const asBrowser: LoadOptions = { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }
    const targets: Target[] = [
      { name: 'Event page, one web instance directly', url: `${webOne!.url}/event/${event._id}`, options: asBrowser, servedBy: webOne!.process },
      { name: 'Event page through nginx, two web instances', url: `${cluster.url}/event/${event._id}`, options: asBrowser, servedBy: webOne!.process },
      { name: 'API GET /event/all, one instance directly', url: `${apiOne!.url}/event/all`, servedBy: apiOne!.process },
      { name: 'API GET /event/all through nginx, two instances', url: `${cluster.apiUrl}/event/all`, servedBy: apiOne!.process },
    ]
    const figures = await load(targets, ROUNDS)
    console.log(`\nBalancer: demo data on PostgreSQL, Redis and s3rver; the pages' API calls go through nginx either way.`)
    console.table(
      figures.map((r) => ({ target: r.target, 'req/s': Math.round(r.rps), 'p50 ms': Number(r.p50.toFixed(1)), 'p99 ms': Number(r.p99.toFixed(1)), requests: r.requests, errors: r.errors })),
    )
    return figures
  } finally {
    await cluster.stop()
  }
}

process.once('SIGINT', () => {
  stopAll()
  process.exit(130)
})
function kb(bytes: number) {
  return Number((bytes / 1000).toFixed(1))
}

main().catch((error: unknown) => {
  console.error(error)
  stopAll()
  process.exit(1)
})
