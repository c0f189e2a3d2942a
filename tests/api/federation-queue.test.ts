// Fedify's queue over our database (api/federation/queue.ts, kv-store.ts; decision 039): messages survive a restart, each is
// handled by one instance once, a message whose instance died is handed out again after its lease, a delay is
// kept, and deliveries to one inbox go one at a time in order. Real database (SQLite, or PostgreSQL).
import { Temporal } from '@js-temporal/polyfill'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DbKvStore } from '../../api/federation/kv-store'
import { DbMessageQueue } from '../../api/federation/queue'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
const log = pino({ level: 'silent' })

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

/** Runs `listen` until `done()` holds (or 10 s), then stops it. */
async function listenUntil(
  queue: DbMessageQueue,
  handler: (m: unknown) => Promise<void> | void,
  done: () => boolean,
) {
  const abort = new AbortController()
  const listening = queue.listen(handler, { signal: abort.signal })
  const deadline = Date.now() + 10_000
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  abort.abort()
  await listening
}

describe('the federation queue', () => {
  it('keeps messages across a restart and hands each to one of two instances once', async () => {
    const db = api.app.ctx.db
    await db.deleteFrom('federation_queue').execute()
    // Queued by an instance that then stopped before handling them.
    await new DbMessageQueue(db, { log }).enqueueMany(Array.from({ length: 30 }, (_, i) => ({ n: i })))
    const a = new DbMessageQueue(db, { log, pollMs: 20 })
    const b = new DbMessageQueue(db, { log, pollMs: 20 })
    const seen: number[] = []
    const handler = async (message: unknown) => {
      seen.push((message as { n: number }).n)
      await new Promise((r) => setTimeout(r, 5))
    }
    await Promise.all([
      listenUntil(a, handler, () => seen.length >= 30),
      listenUntil(b, handler, () => seen.length >= 30),
    ])
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    expect(await db.selectFrom('federation_queue').select('id').execute()).toEqual([])
  })

  it('hands a message out again when the instance that took it died (its lease ran out)', async () => {
    const db = api.app.ctx.db
    let now = new Date()
    const clock = () => now
    const dying = new DbMessageQueue(db, { log, pollMs: 20, leaseMs: 60_000, now: clock })
    await db.deleteFrom('federation_queue').execute()
    await dying.enqueue({ job: 'deliver' })
    // The first instance takes it and never finishes (its process died): its listener is left hanging.
    const abandoned = new AbortController()
    void dying.listen(() => new Promise(() => undefined), { signal: abandoned.signal })
    const deadline = Date.now() + 5000
    while (
      !(await db.selectFrom('federation_queue').select('lease_owner').executeTakeFirst())?.lease_owner &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 20))
    abandoned.abort()
    const other = new DbMessageQueue(db, { log, pollMs: 20, now: clock })
    const handled: unknown[] = []
    const started = Date.now()
    await listenUntil(
      other,
      (m) => void handled.push(m),
      () => handled.length > 0 || Date.now() - started > 300,
    )
    expect(handled).toEqual([]) // still leased
    now = new Date(now.getTime() + 61_000)
    await listenUntil(
      other,
      (m) => void handled.push(m),
      () => handled.length > 0,
    )
    expect(handled).toEqual([{ job: 'deliver' }])
  })

  it('waits out a delay, and delivers to one inbox one at a time in the order queued', async () => {
    const db = api.app.ctx.db
    await db.deleteFrom('federation_queue').execute()
    const queue = new DbMessageQueue(db, { log, pollMs: 20, workers: 4 })
    await queue.enqueue(
      { inbox: 'https://a.example/inbox', n: 'later' },
      { delay: Temporal.Duration.from({ seconds: 3600 }) },
    )
    for (const n of [1, 2, 3, 4]) await queue.enqueue({ inbox: 'https://a.example/inbox', n })
    await queue.enqueue({ inbox: 'https://b.example/inbox', n: 'b' })
    const order: unknown[] = []
    let inFlightA = 0
    let overlapped = false
    await listenUntil(
      queue,
      async (message) => {
        const m = message as { inbox: string; n: unknown }
        if (m.inbox.includes('a.example')) {
          inFlightA += 1
          if (inFlightA > 1) overlapped = true
          await new Promise((r) => setTimeout(r, 30))
          inFlightA -= 1
        }
        order.push(m.n)
      },
      () => order.length >= 5,
    )
    expect(order.filter((n) => typeof n === 'number')).toEqual([1, 2, 3, 4])
    expect(order).toContain('b')
    expect(order).not.toContain('later')
    expect(overlapped).toBe(false)
    expect(await db.selectFrom('federation_queue').select('id').execute()).toHaveLength(1)
  })

  it('keeps key-value entries until they expire', async () => {
    let now = new Date()
    const kv = new DbKvStore(api.app.ctx.db, () => now)
    await kv.set(['doc', 'https://x.example/a'], { a: 1 }, { ttl: Temporal.Duration.from({ minutes: 5 }) })
    await kv.set(['forever'], [1, 2])
    expect(await kv.get(['doc', 'https://x.example/a'])).toEqual({ a: 1 })
    now = new Date(now.getTime() + 6 * 60_000)
    expect(await kv.get(['doc', 'https://x.example/a'])).toBeUndefined()
    expect(await kv.sweep()).toBe(1)
    expect(await kv.get(['forever'])).toEqual([1, 2])
    await kv.delete(['forever'])
    expect(await kv.get(['forever'])).toBeUndefined()
  })

  it('lists the live entries under a key prefix, case and all (Fedify 2 requires list)', async () => {
    let now = new Date()
    const kv = new DbKvStore(api.app.ctx.db, () => now)
    await kv.set(['list', 'a'], 1)
    await kv.set(['list', 'a', 'deeper'], 2)
    await kv.set(['list', 'A'], 'other case')
    await kv.set(['list', 'ab'], 'not under list/a')
    await kv.set(['list', 'a', 'soon'], 3, { ttl: Temporal.Duration.from({ minutes: 1 }) })
    const listed = async (prefix?: [string, ...string[]]) => {
      const out: unknown[] = []
      for await (const entry of kv.list(prefix)) out.push([entry.key, entry.value])
      // In no particular order (Fedify asks for none).
      return out.sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1))
    }
    expect(await listed(['list', 'a'])).toEqual([
      [['list', 'a', 'deeper'], 2],
      [['list', 'a', 'soon'], 3],
      [['list', 'a'], 1],
    ])
    now = new Date(now.getTime() + 2 * 60_000)
    expect(await listed(['list', 'a'])).toHaveLength(2)
    expect(await listed(['list'])).toHaveLength(4)
    expect((await listed()).length).toBeGreaterThanOrEqual(4)
  })
})
