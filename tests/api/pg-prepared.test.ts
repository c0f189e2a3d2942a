// PostgreSQL statements are prepared once per connection (api/db/pg-prepared.ts, decision 033): named on the
// server, one per shape whatever the length of its id lists, bounded in number, and prepared again when a
// migration changes a table under them. PostgreSQL only
// (the API run with TEST_DATABASE=postgres); one connection, so every statement meets the same session.
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database, type DbHandle } from '../../api/db/index'
import { MAX_PARAMETERS, MAX_PER_CONNECTION } from '../../api/db/pg-prepared'
import { createPgDatabase, usePostgres } from './helpers'

let handle: DbHandle
let drop: () => Promise<void>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>

const prepared = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(db)).rows[0]!.n)

describe.skipIf(!usePostgres)('named statements on PostgreSQL', () => {
  beforeAll(async () => {
    const database = await createPgDatabase()
    drop = database.drop
    handle = createDb({ dialect: 'postgres', connectionString: database.url, poolMax: 1, preparedStatements: true })
    db = handle.db as unknown as Kysely<Database & { probe: { id: number; a: string } }>
    await sql`create table probe (id integer primary key, a text)`.execute(db)
    await sql`insert into probe values (1, 'one'), (2, 'two')`.execute(db)
  })
  afterAll(async () => {
    await handle?.destroy()
    await drop?.()
  })

  it('plans each call for its own values: a generic plan of a list read every event of the city', async () => {
    const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)
    expect(mode.rows[0]!.plan_cache_mode).toBe('force_custom_plan')
  })

  it('a data statement is parsed once and kept by name; running it again adds none', async () => {
    const before = await prepared()
    const read = () => db.selectFrom('probe').select(['id', 'a']).where('id', '=', 1).execute()
    expect(await read()).toEqual([{ id: 1, a: 'one' }])
    const after = await prepared()
    expect(after).toBe(before + 1)
    await read()
    await read()
    expect(await prepared()).toBe(after)
  })

  it('a list of ids is one statement whatever its length (IN sent as = ANY of one array), NOT IN too', async () => {
    const before = await prepared()
    for (const length of [1, 3, 12, 70]) {
      const ids = Array.from({ length }, (_, i) => i + 1)
      expect(await db.selectFrom('probe').select('id').where('id', 'in', ids).orderBy('id').execute()).toEqual(
        [1, 2].filter((id) => id <= length).map((id) => ({ id })),
      )
      expect(await db.selectFrom('probe').select('id').where('id', 'not in', ids).where('a', 'in', ['one', 'two']).execute()).toEqual(
        length >= 2 ? [] : [{ id: 2 }],
      )
    }
    expect(await prepared()).toBe(before + 2)
  })

  it(`a statement with more than ${MAX_PARAMETERS} parameters stays unnamed`, async () => {
    const before = await prepared()
    const rows = await db
      .selectFrom('probe')
      .select('id')
      .where((eb) => eb.or(Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => eb('id', '=', i))))
      .execute()
    expect(rows.map((r) => r.id).sort()).toEqual([1, 2])
    expect(await prepared()).toBe(before)
  })

  it('a table changed under a named SELECT * (another instance migrated) is read again, with its new column', async () => {
    const all = () => db.selectFrom('probe').selectAll().where('id', '=', 2).execute()
    expect(await all()).toEqual([{ id: 2, a: 'two' }])
    await sql`alter table probe add column b text default 'bee'`.execute(db)
    expect(await all()).toEqual([{ id: 2, a: 'two', b: 'bee' }])
  })

  it(`a connection keeps at most ${MAX_PER_CONNECTION} names; later statements run unnamed`, async () => {
    for (let i = 0; i < MAX_PER_CONNECTION + 20; i += 1)
      await sql`select ${sql.lit(i)}::int as n from probe where id = ${1}`.execute(db)
    expect(await prepared()).toBeLessThanOrEqual(MAX_PER_CONNECTION)
    expect((await sql<{ n: number }>`select ${sql.lit(MAX_PER_CONNECTION + 100)}::int as n from probe where id = ${1}`.execute(db)).rows).toEqual([
      { n: MAX_PER_CONNECTION + 100 },
    ])
  })
})
