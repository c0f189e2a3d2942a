// Small pieces the proofs share: flags, PostgreSQL reachability, a table printer.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../../tests/support/web-server'

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** `--name value` or `--name=value` from argv, else the fallback. */
export function flag(name: string, fallback: string): string {
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === `--${name}`) return argv[i + 1] ?? fallback
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3)
  }
  return fallback
}

export function intFlag(name: string, fallback: number): number {
  const value = Number(flag(name, String(fallback)))
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`)
  return value
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return
  const keys = Object.keys(rows[0] ?? {})
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i] ?? 0)).join('  ')
  console.log(line(keys))
  console.log(line(width.map((w) => '-'.repeat(w))))
  for (const r of rows) console.log(line(keys.map((k) => String(r[k] ?? ''))))
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

// ---------------------------------------------------------------------------------------------------------
// The real API as a process of its own (api/main.ts, bundled once by esbuild so that a start takes ~2 s
// instead of tsx's ~4 s; the bundle keeps node_modules external, so it is the same code).

const root = path.resolve(import.meta.dirname, '../..')
let bundled: Promise<string> | null = null

/** Bundles api/main.ts into .cache/proofs/api.mjs (once per run). */
export function apiBundle(): Promise<string> {
  bundled ??= (async () => {
    const out = path.join(root, '.cache/proofs/api.mjs')
    fs.mkdirSync(path.dirname(out), { recursive: true })
    const esbuild = path.join(root, 'node_modules/.bin/esbuild')
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        esbuild,
        [
          'api/main.ts',
          '--bundle',
          '--platform=node',
          '--format=esm',
          '--packages=external',
          `--outfile=${out}`,
          '--log-level=warning',
        ],
        { cwd: root, stdio: 'inherit' },
      )
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`esbuild exited with ${code}`))))
    })
    return out
  })()
  return bundled
}

export interface ApiProcess {
  url: string
  pid: number
  child: ChildProcess
  /** Output of the process (stdout and stderr), for a failure report. */
  output(): string
  /** SIGKILL, and wait until the process is gone. */
  kill9(): Promise<void>
  /** SIGTERM (a clean shutdown), and wait. */
  stop(): Promise<void>
}

export const PROOF_JWT_SECRET = 'test-secret-test-secret-test-secret-0123'

/** Starts `node .cache/proofs/api.mjs` with NODE_ENV=test and env; resolves once /health answers. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const bundle = await apiBundle()
  const port = await freePort()
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      API_PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_URL: 'http://web.test',
      JWT_SECRET: PROOF_JWT_SECRET,
      RATE_LIMIT_MULTIPLIER: '1000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output}`)
    try {
      const res = await fetch(`${url}/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (attempt > 600) {
      child.kill('SIGKILL')
      throw new Error(`the API did not start:\n${output}`)
    }
    await sleep(25)
  }
  return {
    url,
    pid: child.pid ?? 0,
    child,
    output: () => output,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
