// Starts a REAL API (buildApp) on 127.0.0.1 with a random port, a fresh database (SQLite file in a
// temp dir, or with TEST_DATABASE=postgres a new PostgreSQL database per call) and a real SMTP
// receiver. Tests talk to it over HTTP with fetch.
import fs from 'node:fs/promises'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp, type BuildOverrides } from '../../api/app'
import { loadConfig, type Config } from '../../api/config'
import { migrateToLatest } from '../../api/db/migrations'
import { startSmtpReceiver, type SmtpReceiver, extractCode } from '../support/smtp-receiver'

export const usePostgres = process.env.TEST_DATABASE === 'postgres'
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface TestApi {
  url: string
  app: FastifyInstance
  config: Config
  smtp: SmtpReceiver
  request(method: string, pathname: string, options?: RequestOptions): Promise<TestResponse>
  post(pathname: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>
  get(pathname: string, options?: RequestOptions): Promise<TestResponse>
  close(): Promise<void>
}

export interface RequestOptions {
  token?: string
  lang?: string
  headers?: Record<string, string>
  body?: unknown
  rawBody?: string
}

export interface TestResponse {
  status: number
  headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  text: string
}

/** A port nothing listens on now (for an instance that must know its own address before it starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A fresh PostgreSQL database on TEST_PG_ADMIN_URL (tests of several API instances share one). */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nearby_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}`)
        break
      } catch (err) {
        if (attempt >= 5) throw err
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)))
      }
    }
  } finally {
    await admin.end()
  }
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL })
      await c.connect()
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await c.end()
      }
    },
  }
}

export async function startTestApi(
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void | Promise<void>,
  overrides: BuildOverrides = {},
  /** A fixed port (a federated instance whose origin, WEB_URL, is the API itself). */
  listenPort = 0,
): Promise<TestApi> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-api-test-'))
  // env.DATABASE_URL: an existing database (e.g. shared by two instances); the caller owns it.
  const database = usePostgres && !env.DATABASE_URL ? await createPgDatabase() : null
  const smtp = await startSmtpReceiver()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: database ? database.url : path.join(dir, 'nearby.db'),
    SMTP_URL: smtp.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    WEB_URL: 'http://web.test',
    ...env,
  })
  const app = await buildApp(config, overrides)
  await migrateToLatest(app.ctx.db)
  if (setup) await setup(app)
  await app.listen({ host: '127.0.0.1', port: listenPort })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = `http://127.0.0.1:${port}`

  async function request(
    method: string,
    pathname: string,
    options: RequestOptions = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.lang) headers['accept-language'] = options.lang
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(url + pathname, { method, headers, body })
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: res.status, headers: res.headers, body: parsed, text }
  }

  return {
    url,
    app,
    config,
    smtp,
    request,
    post: (pathname, body, options = {}) => request('POST', pathname, { ...options, body }),
    get: (pathname, options = {}) => request('GET', pathname, options),
    async close() {
      await app.close()
      await smtp.close()
      if (database) await database.drop()
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

let counter = 0
export function uniqueUser(prefix = 'user') {
  counter += 1
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`.replace(/[^a-z0-9]/gi, '')
  return {
    name: 'Tester',
    lastname: 'Example',
    username: tag,
    email: `${tag}@example.com`.toLowerCase(),
    password: 'secret123',
  }
}

/** Registers through the API and returns tokens, user and the code from the verification mail. */
export async function registerUser(
  api: TestApi,
  overrides: Partial<ReturnType<typeof uniqueUser>> = {},
  lang?: string,
) {
  const input = { ...uniqueUser(), ...overrides }
  const before = api.smtp.mailsTo(input.email).length
  const res = await api.post('/auth/registration', input, { lang })
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`)
  const mail = await api.smtp.waitForMail(input.email, { after: before })
  return { input, ...res.body, code: extractCode(mail.text), mail } as {
    input: typeof input
    accessToken: string
    refreshToken: string
    user: { id: string; isActivated: boolean; [k: string]: unknown }
    code: string
    mail: typeof mail
  }
}

/** Registers and activates a user; returns a signed-in activated session. */
export async function activatedUser(api: TestApi, overrides: Partial<ReturnType<typeof uniqueUser>> = {}) {
  const reg = await registerUser(api, overrides)
  const res = await api.post('/auth/verificateEmail', { email: reg.input.email, verificationCode: reg.code })
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${res.text}`)
  return {
    input: reg.input,
    ...(res.body as { accessToken: string; refreshToken: string; user: { id: string } }),
  }
}

export function randomIp(): string {
  const b = () => 1 + Math.floor(Math.random() * 250)
  return `10.${b()}.${b()}.${b()}`
}

/** Two API instances on one database (a SQLite file or a PostgreSQL database of their own), with `env`. */
export async function twoInstances(env: Record<string, string>, overrides: Parameters<typeof startTestApi>[2] = {}) {
  const pg = usePostgres ? await createPgDatabase() : null
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-two-'))
  const DATABASE_URL = pg?.url ?? path.join(dir, 'shared.db')
  const a = await startTestApi({ DATABASE_URL, ...env }, undefined, overrides)
  const b = await startTestApi({ DATABASE_URL, ...env }, undefined, overrides)
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()])
      await pg?.drop()
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

/** GET /health until it answers `expected` (an outage or a recovery takes a moment), or `ms` pass; the last answer. */
export async function healthWithin(api: TestApi, expected: number, ms: number): Promise<TestResponse> {
  const until = Date.now() + ms
  let last = await api.get('/health')
  while (last.status !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    last = await api.get('/health')
  }
  return last
}

/** Waits until `check` stops throwing (what goes through a queue: federation deliveries, inbound activities). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/**
 * A federating instance on loopback whose origin (WEB_URL) is the API itself at `host` (two instances take two host
 * names), with private addresses allowed (the test-only setting) and its queue running.
 */
export async function startFederatedApi(host: string, overrides: BuildOverrides = {}): Promise<TestApi> {
  const port = await freePort()
  const origin = `http://${host}:${port}`
  const api = await startTestApi(
    {
      FEDERATION: 'on',
      ALLOW_PRIVATE_ADDRESSES: 'true',
      WEB_URL: origin,
      API_PUBLIC_URL: origin,
      FEDERATION_QUEUE_POLL_MS: '50',
    },
    undefined,
    overrides,
    port,
  )
  api.app.ctx.federation!.startQueue()
  return api
}
