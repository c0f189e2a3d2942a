// Redis away at boot (issue 39, item 4) and going away and coming back (issue 25, item 4), with a redis-server of the test's own on loopback: the
// API keeps answering while it is away (shared limits and realtime degrade), /health says 503 so a balancer
// takes the instance out, the outage is logged once per connection, not per request, and everything recovers
// without a restart when Redis is back.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createEvent, makeUsers, send } from './events-fixtures'
import { healthWithin, startTestApi, type TestApi } from './helpers'

let port: number
let redis: ChildProcess | null = null
let api: TestApi
const logLines: string[] = []

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port: free } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return free
}

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('redis-server did not start')
}

async function stopRedis() {
  const exited = new Promise((resolve) => redis?.once('exit', resolve))
  redis?.kill('SIGKILL')
  await exited
  redis = null
}


beforeAll(async () => {
  port = await freePort()
  await startRedis()
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)))
  api = await startTestApi({ REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' }, undefined, { logStream: stream })
})
afterAll(async () => {
  await api?.close()
  if (redis) await stopRedis()
})

it('answers /health with Redis, serves while Redis is away (503 on /health, logged once), and recovers when it is back', async () => {
  expect((await healthWithin(api, 200, 5000)).body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' })

  await stopRedis()
  const down = await healthWithin(api, 503, 5000)
  expect(down.body).toEqual({ status: 'error', database: 'ok', redis: 'error' })
  // Pages go on: requests are answered at once, not after a reconnect.
  for (let i = 0; i < 20; i++) {
    const started = Date.now()
    expect((await api.get('/auth/app-version')).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(500)
  }
  await new Promise((resolve) => setTimeout(resolve, 2500)) // several reconnect attempts
  const outages = logLines.filter((line) => line.includes('redis unreachable'))
  // One line per connection (the rate limiter's and realtime's two), not one per request or attempt.
  expect(outages.length).toBeGreaterThan(0)
  expect(outages.length).toBeLessThanOrEqual(3)

  await startRedis()
  expect((await healthWithin(api, 200, 8000)).body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' })
  expect(logLines.filter((line) => line.includes('redis reachable again')).length).toBeGreaterThan(0)
}, 30_000)

it('starts while Redis is away: serves from the database, /health 503 naming Redis, and joins Redis when it answers', async () => {
  await api.close()
  if (redis) await stopRedis()
  const crashes: unknown[] = []
  const onRejection = (reason: unknown) => crashes.push(reason)
  process.on('unhandledRejection', onRejection)
  try {
    // Nothing listens on the port: the API must start all the same.
    api = await startTestApi({ REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' })
    const down = await healthWithin(api, 503, 5000)
    expect(down.body).toEqual({ status: 'error', database: 'ok', redis: 'error' })
    // Pages and writes go on, a notification's broadcast to other instances included (dropped, not a crash).
    const [owner, liker] = await makeUsers(api, 2)
    const event = await createEvent(api, owner!.token, { title: 'Without Redis' })
    expect((await send(api, 'PUT', `/event/${event._id}/like`, { token: liker!.token })).status).toBe(200)
    expect((await api.get('/auth/app-version')).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1500)) // the subscriber's and publisher's retries
    expect(crashes).toEqual([])

    await startRedis()
    expect((await healthWithin(api, 200, 8000)).body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' })
    // socket.io's subscriptions, asked for at boot, are in place once Redis answers.
    await api.app.ctx.realtime.ready()
    expect(crashes).toEqual([])
  } finally {
    process.off('unhandledRejection', onRejection)
  }
}, 30_000)
