// Every list reads through an index, on the database of this run (SQLite, or PostgreSQL with
// TEST_DATABASE=postgres): each list of tests/support/scale-lists.ts is asked of a real API over a seeded
// city, every SELECT it ran is captured and explained (SQLite EXPLAIN QUERY PLAN; PostgreSQL EXPLAIN with
// sequential scans and sorts priced out, so a plan that still has one has no index to avoid it), and the
// plan must use an index for its filters and its order: no scan of a whole table, no sort of more than a
// bounded set (the merge of two page-sized ranges, rows fetched by id, an index search's matches), no walk
// of a whole index without a LIMIT, no index read narrowed only by few-valued columns. A change that loses an
// index fails here without a timing (docs/decisions/033-lists-at-scale.md). What a plan cannot show — how far an
// ordered walk with a LIMIT goes before it finds a page — `npm run bench:scale` measures.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../api/app'
import { loadConfig } from '../../api/config'
import { createDb, type DbHandle } from '../../api/db/index'
import { migrateToLatest } from '../../api/db/migrations'
import { SCALE_PASSWORD, seedScale, type ScaleIdentities } from '../support/scale-data'
import { SCALE_LISTS } from '../support/scale-lists'
import { createPgDatabase, usePostgres } from './helpers'

interface Statement {
  sql: string
  parameters: readonly unknown[]
}

let app: FastifyInstance
let handle: DbHandle
let ids: ScaleIdentities
let tokens: Record<'admin' | 'organizer', string>
let dir: string
let databaseUrl: string
let dropDatabase: (() => Promise<void>) | null = null
let capture: Statement[] | null = null

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-plans-'))
  if (usePostgres) {
    const database = await createPgDatabase()
    databaseUrl = database.url
    dropDatabase = database.drop
  } else databaseUrl = path.join(dir, 'nearby.db')
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    JOBS_ENABLED: 'false',
    SMTP_URL: 'smtp://127.0.0.1:9',
  })
  handle = createDb(config.database, { onQuery: (text, parameters) => capture?.push({ sql: text, parameters }) })
  await migrateToLatest(handle.db)
  ids = await handle.db.transaction().execute((trx) => seedScale(trx, 2_000))
  if (usePostgres) await sql`analyze`.execute(handle.db)
  app = await buildApp(config, { db: handle })
  await app.ready()
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: SCALE_PASSWORD } })
    expect(res.statusCode).toBe(200)
    return (res.json() as { accessToken: string }).accessToken
  }
  tokens = { admin: await signIn(ids.admin.email), organizer: await signIn(ids.organizer.email) }
}, 120_000)

afterAll(async () => {
  await app?.close()
  await handle?.destroy()
  await dropDatabase?.()
  await fs.rm(dir, { recursive: true, force: true })
})

/** The SELECTs one request runs. */
async function statementsOf(url: string, as?: 'admin' | 'organizer'): Promise<Statement[]> {
  capture = []
  const res = await app.inject({ method: 'GET', url, headers: as ? { authorization: `Bearer ${tokens[as]}` } : {} })
  const ran = capture
  capture = null
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  return ran.filter((s) => /^\s*select\b/i.test(s.sql))
}

/** The statement's rows are few by its own terms: rows fetched by a list of ids, or a text index's matches. */
function fewRows(text: string): boolean {
  return /\bin \(\?|\bin \(\$\d/i.test(text) || /\bmatch\b|\blike\b/i.test(text)
}

/** Columns of a few values each: an index read narrowed by these alone reads every row of a kind. */
const FEW_VALUES = new Set(['event_type', 'post_status', 'moderation_status', 'moderation_image_status', 'role', 'status', 'target_type', 'is_activated', 'span_class'])

/** An index read narrowed only by equalities on FEW_VALUES columns (e.g. every active event). */
function weakSearch(constraints: string[]): boolean {
  return constraints.length > 0 && constraints.every((c) => {
    const m = /^"?(\w+)"?\s*=\s*[^=]*$/.exec(c)
    return !!m && FEW_VALUES.has(m[1]!)
  })
}

/** Why this SQLite plan reads more than the query needs, or null. */
function sqliteProblems(statement: Statement, plan: { id: number; detail: string; parent: number }[]): string[] {
  const problems: string[] = []
  const byId = new Map(plan.map((p) => [p.id, p]))
  // SQLite 3.5x removes a UNION's duplicates by merging its sorted branches (MERGE (UNION), each branch sorted)
  // where older releases kept a temp b-tree of the union: the same bounded work, not a sort of a list.
  const insideUnionMerge = (parent: number): boolean => {
    for (let p = byId.get(parent); p; p = byId.get(p.parent)) if (/^MERGE \(UNION/.test(p.detail)) return true
    return false
  }
  const derived = new Set(['merged', 'recent', 'capped', 'theirs', ...[1, 2, 3, 4, 5].map((k) => `span${k}`)])
  // An ordered walk (the index gives the order, a LIMIT stops it) may be narrowed by few-valued columns only.
  const walk = /\blimit\b/i.test(statement.sql) && !plan.some((p) => /USE TEMP B-TREE/.test(p.detail))
  for (const { detail, parent } of plan) {
    const search = /^SEARCH (\S+) USING (?:COVERING )?INDEX \S+ \((.*)\)$/.exec(detail)
    if (search && !walk && weakSearch(search[2]!.split(' AND '))) problems.push(`reads every row of a kind: ${detail}`)
    const scan = /^SCAN (\S+)(.*)$/.exec(detail)
    if (scan) {
      const [, table, rest] = scan as unknown as [string, string, string]
      if (derived.has(table) || table.startsWith('(subquery') || /VIRTUAL TABLE INDEX/.test(rest)) continue
      if (!/USING (COVERING )?INDEX/.test(rest)) problems.push(`full scan: ${detail}`)
      else if (!/\blimit\b/i.test(statement.sql)) problems.push(`whole index without a LIMIT: ${detail}`)
    }
    // The outer sort of a merge (FROM a subquery) sorts the page-sized ranges it merges.
    const mergeSort = parent === 0 && /\bfrom \(select\b/i.test(statement.sql)
    if (
      /USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(detail) &&
      !mergeSort &&
      !insideUnionMerge(parent) &&
      !fewRows(statement.sql)
    )
      problems.push(`sorts every matching row: ${detail}`)
  }
  return problems
}

interface PgNode {
  'Node Type': string
  'Recheck Cond'?: string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Plans?: PgNode[]
}

/** The sort of a merge sorts the page-sized ranges it merges: an Append (of Limits) under it. */
function sortsAMerge(node: PgNode): boolean {
  return (node.Plans ?? []).some((child) => child['Node Type'] === 'Append' || (['Result', 'Subquery Scan'].includes(child['Node Type']) && sortsAMerge(child)))
}

/** The comparisons of a PostgreSQL index condition, "(a = $1)" or "((a = 'x'::text) AND (f(b) >= $2))", as "a = …". */
function conditions(cond: string): string[] {
  const inner = cond.startsWith('((') ? cond.slice(1, -1) : cond
  return inner.split(' AND ').map((part) => part.replace(/^\(|\)$/g, ''))
}

/** Tables the seed leaves nearly empty (a few rows): the planner's pick of index there is a toss-up. */
let tinyTables = new Set<string>()

function pgProblems(statement: Statement, root: PgNode): string[] {
  const problems: string[] = []
  const few = fewRows(statement.sql)
  const sorted = JSON.stringify(root).includes('"Node Type":"Sort"')
  const walk = (node: PgNode, underLimit: boolean) => {
    const type = node['Node Type']
    const cond = node['Index Cond']
    if (cond && /Index/.test(type) && !few && !(underLimit && !sorted) && weakSearch(conditions(cond)))
      problems.push(`reads every row of a kind: ${type} ${node['Index Name']} (${cond})`)
    if (type === 'Seq Scan') problems.push(`full scan of ${node['Relation Name']}`)
    // (Rows fetched by id come from tables this seed leaves small, where the planner's pick of index is a toss-up;
    // SQLite's check of the same statements holds them to their index.)
    const tiny = tinyTables.has(node['Relation Name'] ?? '')
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && !underLimit && !few && !tiny)
      problems.push(`whole index ${node['Index Name']} without a LIMIT`)
    if ((type === 'Sort' || type === 'Incremental Sort') && !sortsAMerge(node) && !few) problems.push(`sorts every matching row (${type})`)
    for (const child of node.Plans ?? []) walk(child, underLimit || type === 'Limit')
  }
  walk(root, false)
  return problems
}

async function explainAll(statements: Statement[]): Promise<{ sql: string; problems: string[]; plan: string }[]> {
  if (!usePostgres) {
    const database = new SQLite(databaseUrl, { readonly: true })
    try {
      return statements.map((s) => {
        const plan = database.prepare(`explain query plan ${s.sql}`).all(...(s.parameters as unknown[])) as {
          id: number
          detail: string
          parent: number
        }[]
        return { sql: s.sql, problems: sqliteProblems(s, plan), plan: plan.map((p) => p.detail).join('\n') }
      })
    } finally {
      database.close()
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // Priced out, not forbidden: a plan that keeps one had no index that could replace it. (Sorts stay priced
    // in for a few rows by id, where sorting them is the right plan.)
    await client.query('set enable_seqscan = off; set enable_incremental_sort = off')
    const sizes = await client.query<{ relname: string }>(`select relname from pg_class where relkind = 'r' and reltuples between 0 and 100`)
    tinyTables = new Set(sizes.rows.map((r) => r.relname))
    const out = []
    for (const s of statements) {
      await client.query(`set enable_sort = ${fewRows(s.sql) ? 'on' : 'off'}`)
      const result = await client.query(`explain (format json) ${s.sql}`, s.parameters as unknown[])
      const root = (result.rows[0]['QUERY PLAN'] as { Plan: PgNode }[])[0]!.Plan
      out.push({ sql: s.sql, problems: pgProblems(s, root), plan: JSON.stringify(root) })
    }
    return out
  } finally {
    await client.end()
  }
}

describe(`every list reads through indexes (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  for (const list of SCALE_LISTS) {
    it(`${list.name}: no full scan, no unbounded sort`, async () => {
      const statements = await statementsOf(list.url(ids), list.as)
      expect(statements.length).toBeGreaterThan(0)
      const explained = await explainAll(statements)
      const bad = explained.filter((e) => e.problems.length > 0)
      expect(bad.map((b) => `${b.problems.join('; ')}\n  in: ${b.sql.slice(0, 400)}\n  plan: ${b.plan.slice(0, 600)}`)).toEqual([])
    })
  }

  it('the checks catch a list without its index: the start-order index dropped, the events list sorts or scans', async () => {
    const statements = await statementsOf(SCALE_LISTS[0]!.url(ids))
    await sql`drop index posts_start_sort_idx`.execute(handle.db)
    try {
      const explained = await explainAll(statements)
      expect(explained.some((e) => e.problems.length > 0)).toBe(true)
    } finally {
      await sql.raw(`create index posts_start_sort_idx on posts (event_type, post_status, (coalesce(start_date, '9999')), id)`).execute(handle.db)
    }
  })
})
