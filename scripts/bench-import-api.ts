// The API process of `npm run bench:import` (scripts/bench-import.ts starts it; nothing else should): the app
// api/main.ts starts (buildApp on the configured database, migrated, listening), without the background jobs
// (their statements would be counted with the sync's) and with two instruments read over the IPC channel:
// a counter of the SQL statements the database runs (Kysely's log, as tests/api/query-plans.test.ts reads them),
// with when the first BEGIN and the last COMMIT ended, and the V8 heap in use sampled every 2 ms and at statements,
// whose peak is kept; and the heap left after a full collection, before and after each request.
import v8 from 'node:v8'
import { buildApp } from '../api/app'
import { loadConfig } from '../api/config'
import { createDb } from '../api/db/index'
import { migrateToLatest } from '../api/db/migrations'

export interface ImportApiStats {
  statements: number
  byKind: Record<string, number>
  /** Milliseconds after the reset when the first BEGIN and the last COMMIT ended (null: none). */
  beginAt: number | null
  commitAt: number | null
  /** Statements after that COMMIT. */
  afterCommit: number
  /** Bytes of V8 heap in use at most since the last reset, and after a full garbage collection now. */
  peakHeap: number
  heap: number
}

/** A full collection (the process runs with --expose-gc): each request starts from, and leaves, a collected heap. */
const collect = () => (globalThis as { gc?: () => void }).gc?.()

const config = loadConfig()
const byKind: Record<string, number> = {}
let statements = 0
let peakHeap = 0
let sampledAt = 0
let resetAt = performance.now()
let beginAt: number | null = null
let commitAt: number | null = null
let afterCommit = 0

function sample() {
  sampledAt = performance.now()
  peakHeap = Math.max(peakHeap, v8.getHeapStatistics().used_heap_size)
}

const handle = createDb(config.database, {
  onQuery(text) {
    statements += 1
    const kind = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'other'
    byKind[kind] = (byKind[kind] ?? 0) + 1
    if (kind === 'begin') beginAt ??= performance.now() - resetAt
    if (kind === 'commit') {
      commitAt = performance.now() - resetAt
      afterCommit = 0
    } else if (commitAt !== null) afterCommit += 1
    // Between statements the event loop may not turn for long: sample here too, at most every 2 ms.
    if (performance.now() - sampledAt > 2) sample()
  },
})
const app = await buildApp(config, { db: handle })
app.addHook('onClose', () => handle.destroy())
await migrateToLatest(app.ctx.db)
await app.listen({ host: config.host, port: config.port })
setInterval(sample, 2).unref()

process.on('message', (message: 'reset' | 'read') => {
  const peak = peakHeap
  collect()
  if (message === 'reset') {
    statements = 0
    for (const kind of Object.keys(byKind)) delete byKind[kind]
    resetAt = performance.now()
    beginAt = null
    commitAt = null
    afterCommit = 0
    peakHeap = 0
    sample()
  }
  const stats: ImportApiStats = { statements, byKind: { ...byKind }, beginAt, commitAt, afterCommit, peakHeap: message === 'reset' ? peakHeap : peak, heap: v8.getHeapStatistics().used_heap_size }
  process.send?.(stats)
})
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
