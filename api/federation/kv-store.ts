// Fedify's key-value store over our own database (SQLite or PostgreSQL): cached documents, tombstones, Fedify's state.
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify'
import { sql } from 'kysely'
import { type Db, nowIso } from '../db'

type Duration = NonNullable<KvStoreSetOptions['ttl']>
/** A Fedify duration (a TTL, a delay) in milliseconds; 0 when none. */
export const millisecondsOf = (duration: Duration | undefined) =>
  duration ? Math.max(0, duration.total('millisecond')) : 0
const keyText = (key: KvKey) => JSON.stringify(key)

export class DbKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('federation_kv')
      .select(['value', 'expires_at'])
      .where('key', '=', keyText(key))
      .executeTakeFirst()
    if (!row || (row.expires_at && row.expires_at <= nowIso(this.now()))) return undefined
    return JSON.parse(row.value) as T
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = millisecondsOf(options?.ttl)
    const row = {
      key: keyText(key),
      value: JSON.stringify(value),
      expires_at: ttl ? nowIso(new Date(this.now().getTime() + ttl)) : null,
    }
    await this.db
      .insertInto('federation_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
      .execute()
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('federation_kv').where('key', '=', keyText(key)).execute()
  }

  /** Every live entry whose key starts with `prefix` (Fedify 2 requires it: its circuit breaker's sweep lists). */
  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // Keys are stored as JSON arrays: a prefix's text without its `]`, then `]` (the prefix itself) or `,` (a longer key).
    const head = prefix ? keyText(prefix).slice(0, -1) : null
    const now = nowIso(this.now())
    let query = this.db
      .selectFrom('federation_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    if (head !== null)
      query = query.where((eb) =>
        eb.or([
          eb('key', '=', `${head}]`),
          // substr, not LIKE: SQLite's LIKE ignores case.
          eb(sql<string>`substr(key, 1, ${head.length + 1})`, '=', `${head},`),
        ]),
      )
    for (const row of await query.orderBy('key').execute())
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown }
  }

  /** Drops what has expired (the queue's idle loop calls it now and then). */
  async sweep(): Promise<number> {
    const done = await this.db
      .deleteFrom('federation_kv')
      .where('expires_at', '<=', nowIso(this.now()))
      .executeTakeFirst()
    return Number(done.numDeletedRows)
  }
}
