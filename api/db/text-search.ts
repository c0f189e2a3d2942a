// Words searched inside texts through an index, one interface on both databases
// (docs/decisions/033-lists-at-scale.md). A row matches when every word of the query is somewhere in one of
// the index's texts, ignoring case: the same rule and the same results on SQLite and PostgreSQL.
// - PostgreSQL: `lower(text) LIKE '%word%'` on the expressions of migration 011's pg_trgm GIN indexes. As on
//   SQLite, a probe counts the matches up to INDEX_MATCH_LIMIT: fewer are fetched by id (the index's matches,
//   then the page sorted), more are left to the planner, which walks the list's order or reads the index by
//   its statistics. (Left to the planner, "Milica Ilić" walked 37,000 people by name: it cannot see that the
//   Milicas sort together, far down the list.)
// - SQLite: the FTS5 tables with the trigram tokenizer (kept by triggers). Words of three letters or more
//   are looked up there; with few matches (at most INDEX_MATCH_LIMIT) the rows are fetched by rowid and
//   sorted, with more the list walks its own order and tests each row against the set of matches. A count
//   (no order) always reads the matches and fetches their rows by rowid.
// - Words of one or two letters have no trigram: they are tested row by row on both databases.
import { PROFILE_LIMITS } from '#contract'
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely'
import { type Db, type Dialect, unicodeLower } from './index'

/**
 * The text that people search and the console's user search read (decision 033): name, last name and
 * username joined by spaces; search terms never hold a space, so a term is in the joined text exactly when
 * it is in one of the columns. Migration 011 indexes this very expression (a frozen copy: migrations/kit.ts).
 */
export const PEOPLE_TEXT_SQL = "name || ' ' || lastname || ' ' || username"

/** Which texts a search reads. */
export type SearchTexts = 'people' | 'peopleAndEmail' | 'titles'

/** At most this many words of a query are searched. */
export const MAX_SEARCH_WORDS = PROFILE_LIMITS.searchTermsMax
/** Above this many matches of its indexed words, SQLite walks the list's order and tests each row instead. */
export const INDEX_MATCH_LIMIT = 1000
const TRIGRAM = 3

interface TextsDef {
  /** The table searched (its primary key is `id`). */
  table: 'users' | 'posts'
  /** The FTS5 table and the columns a word is matched in (SQLite). */
  fts: { table: 'users_search' | 'posts_search'; columns: string }
  /** The indexed expressions a word is matched in (PostgreSQL), over the row's table alias. */
  pg: (alias: string) => string[]
  /** The columns a word is tested in, row by row. */
  columns: string[]
}

const people = (alias: string) => PEOPLE_TEXT_SQL.replace(/(name|lastname|username)/g, `"${alias}"."$1"`)
const TEXTS: Record<SearchTexts, TextsDef> = {
  people: {
    table: 'users',
    fts: { table: 'users_search', columns: '{people}' },
    pg: (a) => [`lower(${people(a)})`],
    columns: ['name', 'lastname', 'username'],
  },
  peopleAndEmail: {
    table: 'users',
    fts: { table: 'users_search', columns: '{people email}' },
    pg: (a) => [`lower(${people(a)})`, `lower(coalesce("${a}"."email", ''))`],
    columns: ['name', 'lastname', 'username', 'email'],
  },
  titles: {
    table: 'posts',
    fts: { table: 'posts_search', columns: '{title}' },
    pg: (a) => [`lower("${a}"."title")`],
    columns: ['title'],
  },
}

/** The words of a query, lowercased, at most MAX_SEARCH_WORDS. */
export function searchWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>

/** The rows whose texts hold every word of a query, as conditions on a query of their table. */
export interface TextMatch {
  /** `query` narrowed to the matching rows, to be read in its own order (a page). */
  inOrder<Q extends AnySelect>(query: Q): Q
  /** `query` narrowed to the matching rows, to be counted (no order). */
  unordered<Q extends AnySelect>(query: Q): Q
}

const narrowed = <Q extends AnySelect>(query: Q, conditions: Expression<SqlBool>[]): Q =>
  conditions.reduce((q, condition) => q.where(condition) as Q, query)

const matchOf = (inOrder: Expression<SqlBool>[], unordered = inOrder): TextMatch => ({
  inOrder: (query) => narrowed(query, inOrder),
  unordered: (query) => narrowed(query, unordered),
})

export function createTextSearch(db: Db, dialect: Dialect) {
  /** `word` in one of `columns` of `alias`, tested row by row. */
  function inColumns(alias: string, columns: string[], word: string): Expression<SqlBool> {
    const tests = columns.map((column) => {
      const text = unicodeLower(dialect, `${alias}.${column}`)
      return dialect === 'sqlite' ? sql<SqlBool>`instr(${text}, ${word}) > 0` : sql<SqlBool>`strpos(${text}, ${word}) > 0`
    })
    return sql<SqlBool>`(${sql.join(tests, sql` or `)})`
  }

  return {
    /**
     * The rows of `alias` (a `users` or `posts` table, as `texts` says) whose texts hold every word of `query`;
     * every row for an empty query.
     */
    async containsAll(texts: SearchTexts, alias: string, query: string | undefined): Promise<TextMatch> {
      const words = searchWords(query)
      const def = TEXTS[texts]
      if (dialect === 'postgres') {
        const likesOf = (rows: string) =>
          words.map((word) => {
            const likes = def.pg(rows).map((expr) => sql<SqlBool>`${sql.raw(expr)} like ${likePattern(word)}`)
            return sql<SqlBool>`(${sql.join(likes, sql` or `)})`
          })
        const conditions = likesOf(alias)
        if (!words.some((w) => [...w].length >= TRIGRAM)) return matchOf(conditions)
        const matching = (select: string, limit?: number) =>
          sql`(select ${sql.raw(select)} from ${sql.table(def.table)} as text_match where ${sql.join(likesOf('text_match'), sql` and `)}${limit ? sql` limit ${limit}` : sql``})`
        const probe = await sql<{ n: string | number }>`select count(*) as n from ${matching('1', INDEX_MATCH_LIMIT + 1)} as probe`.execute(db)
        if (Number(probe.rows[0]?.n ?? 0) > INDEX_MATCH_LIMIT) return matchOf(conditions)
        // An array computed once (an InitPlan), so the rows are fetched by primary key and the page sorted.
        return matchOf([sql<SqlBool>`${sql.ref(`${alias}.id`)} = any(array${matching('text_match.id')})`])
      }
      const indexed = words.filter((w) => [...w].length >= TRIGRAM)
      const conditions = words.filter((w) => !indexed.includes(w)).map((w) => inColumns(alias, def.columns, w))
      if (indexed.length === 0) return matchOf(conditions)
      const match = indexed.map((w) => `${def.fts.columns} : ${ftsPhrase(w)}`).join(' AND ')
      const fts = sql.raw(def.fts.table)
      const probe = await sql<{ n: number }>`select count(*) as n from (select rowid from ${fts} where ${fts} match ${match} limit ${INDEX_MATCH_LIMIT + 1})`.execute(db)
      const matches = sql`(select rowid from ${fts} where ${fts} match ${match})`
      // Few matches: the rows are fetched by rowid and sorted. Many: the list walks its own order and tests
      // each row against the matches (the unary + keeps SQLite from fetching every match by rowid). A count
      // has no order to walk: it reads the matches and fetches their rows (walking the table against the set
      // cost 4× more for a word in one row of ten).
      const common = Number(probe.rows[0]?.n ?? 0) > INDEX_MATCH_LIMIT
      const rowid = sql.ref(`${alias}.rowid`)
      const byRowid = sql<SqlBool>`${rowid} in ${matches}`
      return matchOf([common ? sql<SqlBool>`+${rowid} in ${matches}` : byRowid, ...conditions], [byRowid, ...conditions])
    },
  }
}

export type TextSearch = ReturnType<typeof createTextSearch>
