// Words searched inside texts through an index, one interface on both databases
// (docs/decisions/033-lists-at-scale.md). A row matches when every word of the query is somewhere in one of
// the index's texts, ignoring case: the same rule and the same results on SQLite and PostgreSQL.
// - PostgreSQL: `lower(text) LIKE '%word%'` on the expressions of migration 011's pg_trgm GIN indexes; the
//   planner picks the index or the list's order by its statistics.
// - SQLite: the FTS5 tables with the trigram tokenizer (kept by triggers). Words of three letters or more
//   are looked up there; with few matches (at most INDEX_MATCH_LIMIT) the rows are fetched by rowid and
//   sorted, with more the list walks its own order and tests each row against the set of matches.
// - Words of one or two letters have no trigram: they are tested row by row on both databases.
import { PROFILE_LIMITS } from '#contract'
import { type Expression, type SqlBool, sql } from 'kysely'
import { PEOPLE_TEXT_SQL } from './migrations'
import { type Db, type Dialect, unicodeLower } from './index'

/** Which texts a search reads. */
export type SearchTexts = 'people' | 'peopleAndEmail' | 'titles'

/** At most this many words of a query are searched. */
export const MAX_SEARCH_WORDS = PROFILE_LIMITS.searchTermsMax
/** Above this many matches of its indexed words, SQLite walks the list's order and tests each row instead. */
export const INDEX_MATCH_LIMIT = 1000
const TRIGRAM = 3

interface TextsDef {
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
    fts: { table: 'users_search', columns: '{people}' },
    pg: (a) => [`lower(${people(a)})`],
    columns: ['name', 'lastname', 'username'],
  },
  peopleAndEmail: {
    fts: { table: 'users_search', columns: '{people email}' },
    pg: (a) => [`lower(${people(a)})`, `lower(coalesce("${a}"."email", ''))`],
    columns: ['name', 'lastname', 'username', 'email'],
  },
  titles: {
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
     * Conditions on the rows of `alias` (a `users` or `posts` table, as `texts` says) that hold when every word
     * of `query` is in one of the texts. None for an empty query.
     */
    async containsAll(texts: SearchTexts, alias: string, query: string | undefined): Promise<Expression<SqlBool>[]> {
      const words = searchWords(query)
      const def = TEXTS[texts]
      if (dialect === 'postgres') {
        return words.map((word) => {
          const likes = def.pg(alias).map((expr) => sql<SqlBool>`${sql.raw(expr)} like ${likePattern(word)}`)
          return sql<SqlBool>`(${sql.join(likes, sql` or `)})`
        })
      }
      const indexed = words.filter((w) => [...w].length >= TRIGRAM)
      const conditions = words.filter((w) => !indexed.includes(w)).map((w) => inColumns(alias, def.columns, w))
      if (indexed.length === 0) return conditions
      const match = indexed.map((w) => `${def.fts.columns} : ${ftsPhrase(w)}`).join(' AND ')
      const fts = sql.raw(def.fts.table)
      const probe = await sql<{ n: number }>`select count(*) as n from (select rowid from ${fts} where ${fts} match ${match} limit ${INDEX_MATCH_LIMIT + 1})`.execute(db)
      const matches = sql`(select rowid from ${fts} where ${fts} match ${match})`
      // Few matches: the rows are fetched by rowid and sorted. Many: the list walks its own order and tests
      // each row against the matches (the unary + keeps SQLite from fetching every match by rowid).
      const common = Number(probe.rows[0]?.n ?? 0) > INDEX_MATCH_LIMIT
      const rowid = sql.ref(`${alias}.rowid`)
      return [common ? sql<SqlBool>`+${rowid} in ${matches}` : sql<SqlBool>`${rowid} in ${matches}`, ...conditions]
    },
  }
}

export type TextSearch = ReturnType<typeof createTextSearch>
