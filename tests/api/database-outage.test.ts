// PostgreSQL going away and coming back (issue 25, item 4): the API reaches the machine's PostgreSQL through
// a TCP relay of the test's own, which drops every connection and refuses new ones for a while. Meanwhile
// /health answers 503 (a balancer takes the instance out) and requests are answered 503 with a clear message, never hang;
// once the database is reachable again the same process answers as before, without a restart.
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPgDatabase, healthWithin, startTestApi, type TestApi } from './helpers'

let api: TestApi
/** A database of this test's own (no PostgreSQL on this machine: skipped; CI has one). */
const database = await createPgDatabase().catch(() => null)
let relay: net.Server | null = null
let relayPort = 0
const sockets = new Set<net.Socket>()

/** Relays 127.0.0.1:relayPort to PostgreSQL's port, until closed. */
async function openRelay(target: URL) {
  relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay!.listen(relayPort, '127.0.0.1', resolve))
  relayPort = (relay.address() as net.AddressInfo).port
}

async function closeRelay() {
  const closed = new Promise((resolve) => relay?.close(resolve))
  for (const socket of sockets) socket.destroy()
  await closed
  relay = null
}


beforeAll(async () => {
  if (!database) return
  const target = new URL(database!.url)
  await openRelay(target)
  const viaRelay = new URL(database!.url)
  viaRelay.host = `127.0.0.1:${relayPort}`
  api = await startTestApi({ DATABASE_URL: viaRelay.toString() })
})
afterAll(async () => {
  await api?.close()
  if (relay) await closeRelay()
  await database?.drop()
})

it.skipIf(!database)('answers 503 on /health while PostgreSQL is unreachable, and recovers by itself when it is back', async () => {
  expect((await api.get('/health')).body).toEqual({ status: 'ok', database: 'ok' })
  expect((await api.get('/event/all')).status).toBe(200)

  await closeRelay()
  const down = await healthWithin(api, 503, 5000)
  expect(down.body).toEqual({ status: 'error', database: 'error' })
  const started = Date.now()
  const failing = await api.get('/event/all')
  expect(failing.status).toBe(503)
  expect(failing.body).toMatchObject({ code: 'serviceUnavailable', message: 'The service is unavailable for a moment. Please try again shortly.' })
  expect(failing.headers.get('retry-after')).toBe('5')
  expect(Date.now() - started).toBeLessThan(10_000)

  await openRelay(new URL(database!.url))
  expect((await healthWithin(api, 200, 10_000)).body).toEqual({ status: 'ok', database: 'ok' })
  expect((await api.get('/event/all')).status).toBe(200)
}, 40_000)
