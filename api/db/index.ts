// Kysely instance and dialect choice: better-sqlite3 (default, embedded) or a pg Pool.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type KyselyConfig, PostgresAdapter, PostgresDialect, type RawBuilder, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { DatabaseConfig } from '../config'
import { preparedStatementsPool } from './pg-prepared'
import type { Database } from './schema'

export type Db = Kysely<Database>
export type Dialect = DatabaseConfig['dialect']

export interface DbHandle {
  db: Db
  dialect: Dialect
  destroy(): Promise<void>
}

/** Name of the Unicode-aware lower() registered on every SQLite connection (see unicodeLower). */
export const SQLITE_UNICODE_LOWER = 'nearby_lower'

/** lower(column) that folds every script on both dialects (PostgreSQL's lower() follows its UTF-8 ctype). */
export function unicodeLower(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite' ? sql<string>`${sql.raw(SQLITE_UNICODE_LOWER)}(${sql.ref(column)})` : sql<string>`lower(${sql.ref(column)})`
}

/** The dialect behind a Kysely instance (migrations and helpers that get only the instance). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

export interface DbOptions {
  onPoolError?: (err: Error) => void
  /** Every statement run, with its parameters (the query-plan tests read them back through EXPLAIN). */
  onQuery?: (sql: string, parameters: readonly unknown[], durationMs: number) => void
}

export function createDb(config: DatabaseConfig, options: DbOptions = {}): DbHandle {
  const { onPoolError, onQuery } = options
  const log: KyselyConfig['log'] = onQuery
    ? (event) => {
        if (event.level === 'query') onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis)
      }
    : undefined
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.connectionString,
      max: config.poolMax ?? 10,
      // Named statements are parsed once, but planned for each call's values: a generic plan (made once for any
      // values) of a list's union read every event of the city (decision 033).
      ...(config.preparedStatements === false ? {} : { options: '-c plan_cache_mode=force_custom_plan' }),
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    })
    // An idle client losing its connection must not crash the process.
    pool.on('error', (err) => (onPoolError ? onPoolError(err) : console.error('database pool error', err)))
    // Nor a client in use between two statements (PostgreSQL restarting): pg-pool listens only while it is idle.
    // Its next statement fails instead (answered 503), and the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: config.preparedStatements === false ? pool : preparedStatementsPool(pool) }),
      log,
    })
    return { db, dialect: 'postgres', destroy: () => db.destroy() }
  }
  if (config.filename !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(config.filename)), { recursive: true })
  }
  const database = new SQLite(config.filename)
  database.pragma('journal_mode = WAL')
  database.pragma('busy_timeout = 5000')
  database.pragma('foreign_keys = ON')
  // FULL: an acknowledged write survives a power failure (NORMAL in WAL mode may lose the last ones);
  // the cost per write is measured by `npm run bench` (docs/decisions/011-durable-writes.md).
  database.pragma('synchronous = FULL')
  // SQLite's lower() folds ASCII only; searches use this one so 'Иван' matches 'иван' as on PostgreSQL.
  database.function(SQLITE_UNICODE_LOWER, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  )
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log })
  return { db, dialect: 'sqlite', destroy: () => db.destroy() }
}

export async function checkDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}

export function nowIso(date: Date = new Date()): string {
  return date.toISOString()
}

/** True when the error is a UNIQUE constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null
  if (!e) return false
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

export type { Database } from './schema'
