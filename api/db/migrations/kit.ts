// What the migrations share: the connection's type (any schema: a migration runs against the tables of its
// own time, not today's), the column types of ids and times, and the dialect test.
import type { Kysely } from 'kysely'
import { dialectOf } from '../index'

/* eslint-disable-next-line @typescript-eslint/no-explicit-any */
export type Db = Kysely<any>

/** Ids are text (UUIDs), and so are times (ISO 8601 UTC), on both databases (decision 002). */
export const id = 'text'
export const ts = 'text'

export const isPostgres = (db: Db) => dialectOf(db) === 'postgres'
