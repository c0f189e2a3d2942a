// The API's database read from outside the API process (the crash tests): a SQLite file opened afresh for each
// query (the process may have been killed holding it), or a PostgreSQL client of the test's own. `?` marks
// parameters on both.
import SQLite from 'better-sqlite3'
import pg from 'pg'

export interface DatabaseOutside {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export function sqliteOutside(file: string): DatabaseOutside {
  return {
    async rows<T>(text: string, params: unknown[] = []) {
      const db = new SQLite(file)
      try {
        return db.prepare(text).all(...params) as T[]
      } finally {
        db.close()
      }
    },
    async close() {},
  }
}

export function postgresOutside(url: string): DatabaseOutside {
  const client = new pg.Client({ connectionString: url })
  const connected = client.connect()
  return {
    async rows<T>(text: string, params: unknown[] = []) {
      await connected
      let n = 0
      return (await client.query(text.replace(/\?/g, () => `$${++n}`), params)).rows as T[]
    },
    async close() {
      await connected
      await client.end()
    },
  }
}
