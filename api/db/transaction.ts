// One write transaction with work to do after it commits (decision 032). On SQLite it starts with
// BEGIN IMMEDIATE, so a transaction that reads, then writes, never meets another writer half-way; on
// PostgreSQL it is Kysely's transaction (lock rows with forUpdate where a decision depends on them).
// What must never precede the commit — a socket message, a web push, a mail — is queued with afterCommit
// and runs only once the commit has succeeded; a rollback drops it.
import { sql } from 'kysely'
import type { Db, Dialect } from './index'

export interface Work {
  /** The transaction: every statement of the unit goes through it. */
  db: Db
  dialect: Dialect
  /** Runs `task` after the commit (never after a rollback); its failure is the task's own to log. */
  afterCommit(task: () => void): void
}

export async function writeTransaction<T>(
  ctx: { db: Db; dialect: Dialect },
  fn: (work: Work) => Promise<T>,
): Promise<T> {
  const tasks: (() => void)[] = []
  const run = (conn: Db) => fn({ db: conn, dialect: ctx.dialect, afterCommit: (task) => tasks.push(task) })
  const out =
    ctx.dialect === 'postgres'
      ? await ctx.db.transaction().execute((trx) => run(trx as unknown as Db))
      : await ctx.db.connection().execute(async (conn) => {
          await sql`begin immediate`.execute(conn)
          try {
            const result = await run(conn)
            await sql`commit`.execute(conn)
            return result
          } catch (err) {
            await sql`rollback`.execute(conn).catch(() => undefined)
            throw err
          }
        })
  for (const task of tasks) task()
  return out
}

/**
 * `query`'s rows, locked until the transaction commits: FOR UPDATE on PostgreSQL; on SQLite the write
 * transaction (BEGIN IMMEDIATE) already holds the whole database, so the query stays as it is.
 */
export function lockedRows<Q extends { forUpdate(): Q }>(dialect: Dialect, query: Q): Q {
  return dialect === 'postgres' ? query.forUpdate() : query
}
