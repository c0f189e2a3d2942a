// Exit 0 when the PostgreSQL server for the tests answers.
import pg from 'pg'

const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
try {
  await client.connect()
  await client.query('select 1')
  await client.end()
} catch {
  process.exit(1)
}
