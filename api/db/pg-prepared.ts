// PostgreSQL statements prepared once per connection (docs/decisions/033-lists-at-scale.md). Kysely sends
// every query through node-postgres as an unnamed statement, which the server parses anew each time; named, a
// statement is parsed once per connection (and, with plan_cache_mode=force_custom_plan set by createDb, still
// planned for each call's values: PostgreSQL's generic plan of a list's union read every event of the city).
// This pool hands Kysely clients whose queries carry a name derived from their text:
// - only data statements (SELECT, INSERT, UPDATE, DELETE, WITH), with at most MAX_PARAMETERS parameters;
// - a list `IN ($1, $2, …)` is sent as one array, `= ANY($1)` (`NOT IN` as `<> ALL`), which PostgreSQL plans
//   the same way, so a page of 7 ids and one of 12 are one statement, not one per length;
// - at most MAX_PER_CONNECTION names per connection (later texts go unnamed), so memory stays bounded;
// - a statement the server no longer has (26000), or whose result type a migration changed under it (0A000,
//   "cached plan must not change result type", e.g. another instance added a column), is prepared again once.
import crypto from 'node:crypto'
import type pg from 'pg'
import type { PostgresPool, PostgresPoolClient } from 'kysely'

export const MAX_PARAMETERS = 256
export const MAX_PER_CONNECTION = 500
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i

/** node-postgres keeps the names a connection has parsed here (internal, stable since pg 7). */
interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> }
}

const named = new WeakMap<pg.PoolClient, Set<string>>()

function statementName(text: string): string {
  return `k${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22)}`
}

const literalHoldsParameter = (text: string) => (text.match(/'(?:[^']|'')*'/g) ?? []).some((literal) => /\$\d/.test(literal))

/** `IN ($a, …, $b)` lists as one array parameter each (ANY / ALL), every parameter renumbered in order. */
export function collapseInLists(text: string, values: readonly unknown[]): { text: string; values: unknown[] } {
  const out: unknown[] = []
  const collapsed = text.replace(/\b(not )?in \((\$\d+(?:, \$\d+)*)\)|\$(\d+)/gi, (match, not: string | undefined, list: string | undefined, single: string | undefined) => {
    if (single !== undefined) {
      out.push(values[Number(single) - 1])
      return `$${out.length}`
    }
    out.push((list ?? '').split(', ').map((p) => values[Number(p.slice(1)) - 1]))
    return not ? `<> all($${out.length})` : `= any($${out.length})`
  })
  return { text: collapsed, values: out }
}

async function run(client: pg.PoolClient, original: string, originalValues: unknown[]) {
  let names = named.get(client)
  if (!names) named.set(client, (names = new Set()))
  // (A literal holding "$1" would be taken for a parameter: such a statement is sent as it is.)
  if (!DATA_STATEMENT.test(original) || literalHoldsParameter(original)) return client.query(original, originalValues)
  const { text, values } = collapseInLists(original, originalValues)
  const name = statementName(text)
  const nameable = values.length <= MAX_PARAMETERS && (names.has(name) || names.size < MAX_PER_CONNECTION)
  if (!nameable) return client.query(text, values)
  names.add(name)
  try {
    return await client.query({ name, text, values })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code !== '26000' && code !== '0A000') throw error
    // Forget it on both sides, then parse it again.
    delete (client as unknown as ParsedStatements).connection?.parsedStatements?.[name]
    await client.query(`deallocate "${name}"`).catch(() => undefined)
    return client.query({ name, text, values })
  }
}

/** `pool` as Kysely's PostgresDialect wants it, with named statements. */
export function preparedStatementsPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      return {
        query: ((text: string, values: readonly unknown[]) => run(client, text, [...values])) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
    options: pool.options,
  }
}
