// `npm run cluster` (issue 25, decision 038): the same release as several processes on one machine — two API
// instances and two web instances on PostgreSQL, Redis and an S3-compatible server (s3rver), behind Debian's
// nginx on one port (deploy/nginx/nearby.conf). The cluster's tests start it with `startCluster`.
//
//   npm run cluster                          http://127.0.0.1:8080, database nearby_cluster, demo data
//   CLUSTER_PORT=9000 npm run cluster        another port (the instances take the ports after it)
//
// Needs the built web (`npm run build`; `npm run cluster` builds it) and nginx (scripts/ensure-nginx.sh).
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startS3Server, type LoopbackS3 } from '../tests/support/s3-server'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface ClusterOptions {
  /** The balancer's port; API instances listen on port+1…, web instances on port+11… (loopback only). */
  port?: number
  /** PostgreSQL database of the cluster (created when missing); `fresh` drops it first. */
  database?: string
  fresh?: boolean
  /** Where each process keeps its files (S3's objects, nginx's prefix, each instance's data folder). */
  dataDir?: string
  apiInstances?: number
  webInstances?: number
  /** Seed the demo data into an empty database (once, before the instances start). */
  seed?: boolean
  /** Extra environment for every API and web process (e.g. ACCESS_TOKEN_TTL_SECONDS, SMTP_URL). */
  env?: Record<string, string>
  /** Where the processes' output goes (default: inherited; tests collect it). */
  output?: 'inherit' | 'collect'
  log?: (line: string) => void
}

export interface Instance {
  name: string
  port: number
  url: string
  process: ChildProcess
  output: string[]
}

export interface Cluster {
  url: string
  apiUrl: string
  databaseUrl: string
  redisUrl: string
  s3: LoopbackS3
  api: Instance[]
  web: Instance[]
  /** Starts an instance again after it was killed (the same name, port and environment). */
  restart(instance: Instance): Promise<Instance>
  stop(): Promise<void>
}

const PG_ADMIN_URL = process.env.CLUSTER_PG_ADMIN_URL ?? process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function ensureDatabase(name: string, fresh: boolean): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`)
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate
  return 'nginx'
}

async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv, output: 'inherit' | 'collect') {
  const lines: string[] = []
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
  return { child, lines, name }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const port = options.port ?? Number(process.env.CLUSTER_PORT ?? 8080)
  const dataDir = path.resolve(options.dataDir ?? path.join(ROOT, 'data', 'cluster'))
  const output = options.output ?? 'inherit'
  const log = options.log ?? ((line: string) => console.log(line))
  fs.mkdirSync(dataDir, { recursive: true })

  // One pair of secrets for every instance: any instance verifies what another signed.
  const secretsFile = path.join(dataDir, 'secrets.json')
  const secrets = fs.existsSync(secretsFile)
    ? (JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as Record<string, string>)
    : { JWT_SECRET: crypto.randomBytes(32).toString('base64url'), SESSION_SECRET: crypto.randomBytes(32).toString('base64url') }
  fs.writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 })

  const databaseUrl = await ensureDatabase(options.database ?? 'nearby_cluster', options.fresh ?? false)
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const s3 = await startS3Server({ port: port + 30, buckets: ['nearby'], directory: path.join(dataDir, 's3') })

  const url = `http://127.0.0.1:${port}`
  const apiUrl = `${url}/api`
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_FORMAT: 'json',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ...s3.env('nearby'),
    JWT_SECRET: secrets.JWT_SECRET,
    SESSION_SECRET: secrets.SESSION_SECRET,
    WEB_URL: url,
    API_PUBLIC_URL: apiUrl,
    // The web calls the API through the balancer too: a dead API instance is skipped there.
    API_URL: apiUrl,
    PUBLIC_API_URL: apiUrl,
    ...options.env,
  }

  // Migrations and demo data once, before any instance starts (two instances seeding an empty database at
  // once would race for the same rows).
  const seed = run('seed', ['--import', 'tsx', 'api/db/seed-cli.ts'], { ...shared, SEED_DEMO: String(options.seed ?? true) }, 'collect')
  const seeded = await new Promise<number>((resolve) => seed.child.once('exit', (code) => resolve(code ?? 1)))
  if (seeded !== 0) throw new Error(`migrating and seeding failed:\n${seed.lines.join('\n')}`)
  if (options.seed !== false) log(seed.lines.at(-1) ?? '')

  const apiEnv = (index: number): NodeJS.ProcessEnv => ({
    ...shared,
    INSTANCE_ID: `api-${index + 1}`,
    API_HOST: '127.0.0.1',
    API_PORT: String(port + 1 + index),
    DATA_DIR: path.join(dataDir, `api-${index + 1}`),
    SEED_DEMO: 'false',
  })
  const webEnv = (index: number): NodeJS.ProcessEnv => ({
    ...shared,
    INSTANCE_ID: `web-${index + 1}`,
    HOST: '127.0.0.1',
    PORT: String(port + 11 + index),
  })
  const envOf = new Map<string, { args: string[]; env: NodeJS.ProcessEnv; health: string }>()

  async function startInstance(name: string): Promise<Instance> {
    const spec = envOf.get(name)!
    const started = run(name, spec.args, spec.env, output)
    await waitFor(spec.health, 60_000, started.child)
    const instancePort = Number(spec.env.API_PORT ?? spec.env.PORT)
    return { name, port: instancePort, url: `http://127.0.0.1:${instancePort}`, process: started.child, output: started.lines }
  }

  const apiCount = options.apiInstances ?? 2
  const webCount = options.webInstances ?? 2
  for (let i = 0; i < apiCount; i++) {
    const env = apiEnv(i)
    envOf.set(`api-${i + 1}`, { args: ['--import', 'tsx', 'api/main.ts'], env, health: `http://127.0.0.1:${env.API_PORT}/health` })
  }
  for (let i = 0; i < webCount; i++) {
    const env = webEnv(i)
    envOf.set(`web-${i + 1}`, { args: ['server.mjs'], env, health: `http://127.0.0.1:${env.PORT}/healthz` })
  }
  const api = await Promise.all([...envOf.keys()].filter((name) => name.startsWith('api')).map(startInstance))
  const web: Instance[] = []

  // nginx, as its own process with its own prefix, from the config in the repo.
  const prefix = path.join(dataDir, 'nginx')
  fs.mkdirSync(prefix, { recursive: true })
  const servers = (instances: { port: number }[]) =>
    instances.map((instance) => `    server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=5s;`).join('\n')
  const webPorts = Array.from({ length: webCount }, (_, i) => ({ port: port + 11 + i }))
  const config = fs
    .readFileSync(path.join(ROOT, 'deploy', 'nginx', 'nearby.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replace('{{WEB_SERVERS}}', servers(webPorts))
    .replace('{{API_SERVERS}}', servers(api))
  const configFile = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(configFile, config)
  const nginx = spawn(nginxBinary(), ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], {
    stdio: output === 'inherit' ? 'inherit' : 'ignore',
  })
  await waitFor(`${apiUrl}/health`, 20_000)

  web.push(...(await Promise.all([...envOf.keys()].filter((name) => name.startsWith('web')).map(startInstance))))
  await waitFor(`${url}/healthz`, 20_000)

  const cluster: Cluster = {
    url,
    apiUrl,
    databaseUrl,
    redisUrl,
    s3,
    api,
    web,
    async restart(instance) {
      const again = await startInstance(instance.name)
      const list = instance.name.startsWith('api') ? api : web
      list[list.indexOf(instance)] = again
      return again
    },
    async stop() {
      const children = [...api, ...web].map((instance) => instance.process)
      await Promise.all(
        [...children, nginx].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve()
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
              child.once('exit', () => {
                clearTimeout(timer)
                resolve()
              })
              child.kill(child === nginx ? 'SIGQUIT' : 'SIGTERM')
            }),
        ),
      )
      await s3.close()
    },
  }
  return cluster
}

// As a command: start, print where, stop on Ctrl+C.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster()
  console.log(`
  Nearby runs as a cluster: open ${cluster.url}
    API instances ${cluster.api.map((instance) => `${instance.name} ${instance.url}`).join(', ')}
    web instances ${cluster.web.map((instance) => `${instance.name} ${instance.url}`).join(', ')}
    behind nginx (deploy/nginx/nearby.conf); PostgreSQL ${cluster.databaseUrl}, Redis ${cluster.redisUrl}, S3 ${cluster.s3.url}
`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cluster.stop().then(() => process.exit(0))
    })
  }
}
