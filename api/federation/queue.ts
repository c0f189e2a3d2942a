// Fedify's message queue over our own database (SQLite or PostgreSQL): deliveries and arrived activities.
//
// So federation needs nothing the product does not already run (decision 039). The queue survives a restart (rows)
// and each message is handled by one instance at a time (a lease taken by a conditional UPDATE, as the jobs do:
// decision 016).
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify'
import type { FastifyBaseLogger } from 'fastify'
import type { ExpressionBuilder } from 'kysely'
import { type Db, nowIso } from '../db'
import type { Database } from '../db/schema'
import { millisecondsOf } from './kv-store'

/**
 * Deliveries go one at a time per inbox (Fedify's messages name it); activities that arrived go one at a time per
 * sending actor (decision 040: a Create, its Update and its Delete are applied in the order they came). Fan-outs and
 * others have no key.
 */
const orderingKeyOf = (message: unknown) => {
  const { inbox, type, activity } = (message ?? {}) as { inbox?: unknown; type?: unknown; activity?: unknown }
  if (typeof inbox === 'string') return inbox
  if (type !== 'inbox') return null
  const actor = (activity as { actor?: unknown } | null)?.actor
  const id = typeof actor === 'string' ? actor : (actor as { id?: unknown } | null)?.id
  return typeof id === 'string' ? `from ${id}` : null
}

export interface DbMessageQueueOptions {
  log: FastifyBaseLogger
  /** How often an idle listener looks for due messages (other instances' and delayed ones). */
  pollMs?: number
  /** A message being handled longer than this is taken for lost (its instance died) and handed out again. */
  leaseMs?: number
  /** Messages handled at once by this instance (one slow peer does not hold up the others). */
  workers?: number
  /** Called before a message is handed to Fedify: false drops it (e.g. a delivery to an address now refused). */
  admit?: (message: unknown) => Promise<boolean>
  /** Run while idle, at most every few minutes (sweeps). */
  onIdle?: () => Promise<unknown>
  now?: () => Date
}

export class DbMessageQueue implements MessageQueue {
  private readonly wake = new EventEmitter()
  private readonly owner = randomUUID()
  private readonly pollMs: number
  private readonly leaseMs: number
  private readonly now: () => Date
  private lastIdleRun = 0

  constructor(
    private readonly db: Db,
    private readonly options: DbMessageQueueOptions,
  ) {
    this.pollMs = options.pollMs ?? 1000
    // Longer than any delivery can take (Fedify's requests end at undici's 5-minute timeouts at the latest).
    this.leaseMs = options.leaseMs ?? 10 * 60_000
    this.now = options.now ?? (() => new Date())
    this.wake.setMaxListeners(0)
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options)
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return
    const now = this.now()
    const runAt = nowIso(new Date(now.getTime() + millisecondsOf(options?.delay)))
    await this.db
      .insertInto('federation_queue')
      .values(
        messages.map((message) => ({
          id: randomUUID(),
          message: JSON.stringify(message),
          run_at: runAt,
          ordering_key: orderingKeyOf(message),
          lease_owner: null,
          lease_until: null,
          created_at: nowIso(now),
        })),
      )
      .execute()
    this.wake.emit('message')
  }

  /**
   * Takes the oldest due message no one holds, or null. A delivery waits while another to the same inbox is being
   * made (on any instance) or an older one to it is due: each inbox gets our activities in the order they were
   * sent, so an Update or a Delete never overtakes its Create. (A failed delivery is retried later as a new
   * message, and what was sent meanwhile may arrive first.)
   */
  private async claim(): Promise<{ id: string; message: string } | null> {
    const now = nowIso(this.now())
    const free = (eb: ExpressionBuilder<Database, 'federation_queue'>) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])
    const candidates = await this.db
      .selectFrom('federation_queue')
      .select(['id', 'message', 'ordering_key'])
      .where('run_at', '<=', now)
      .where(free)
      .orderBy('run_at')
      .orderBy('created_at')
      .limit(16)
      .execute()
    const seen = new Set<string>()
    for (const candidate of candidates) {
      const key = candidate.ordering_key
      if (key !== null) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      let take = this.db
        .updateTable('federation_queue')
        .set({ lease_owner: this.owner, lease_until: nowIso(new Date(this.now().getTime() + this.leaseMs)) })
        .where('id', '=', candidate.id)
        .where(free)
      if (key !== null)
        take = take.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('federation_queue as busy')
                .select('busy.id')
                .where('busy.ordering_key', '=', key)
                .where('busy.id', '!=', candidate.id)
                .where('busy.lease_until', '>=', now),
            ),
          ),
        )
      const taken = await take.executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 1) return candidate
    }
    return null
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const workers = Math.max(1, this.options.workers ?? 4)
    await Promise.all(Array.from({ length: workers }, () => this.work(handler, options?.signal)))
  }

  private async work(
    handler: (message: unknown) => Promise<void> | void,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    while (!signal?.aborted) {
      let claimed: { id: string; message: string } | null = null
      try {
        claimed = await this.claim()
      } catch (err) {
        this.options.log.error({ err }, 'federation queue: could not take a message')
      }
      if (!claimed) {
        await this.idle(signal)
        continue
      }
      try {
        const message: unknown = JSON.parse(claimed.message)
        if (!this.options.admit || (await this.options.admit(message))) await handler(message)
        // Only while it is still ours: a lease that ran out was handed to another instance.
        await this.db
          .deleteFrom('federation_queue')
          .where('id', '=', claimed.id)
          .where('lease_owner', '=', this.owner)
          .execute()
      } catch (err) {
        // Fedify retries deliveries itself (a new message with a delay); what still throws is tried again later.
        this.options.log.error({ err }, 'federation queue: a message failed; tried again in a minute')
        await this.db
          .updateTable('federation_queue')
          .set({
            lease_owner: null,
            lease_until: null,
            run_at: nowIso(new Date(this.now().getTime() + 60_000)),
          })
          .where('id', '=', claimed.id)
          .where('lease_owner', '=', this.owner)
          .execute()
          .catch(() => undefined)
      }
    }
  }

  private async idle(signal: AbortSignal | undefined) {
    if (this.options.onIdle && Date.now() - this.lastIdleRun > 300_000) {
      this.lastIdleRun = Date.now()
      await this.options
        .onIdle()
        .catch((err: unknown) => this.options.log.error({ err }, 'federation queue: idle work failed'))
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wake.off('message', done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, this.pollMs)
      this.wake.once('message', done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }
}
