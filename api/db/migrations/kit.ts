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

/**
 * The expressions the released migrations (003, 011) built indexes and columns on: frozen here, since a migration
 * must mean tomorrow what it meant when it ran. The queries hold the live ones (START_SORT_SQL and SPAN_CLASS_DAYS
 * in modules/events/time-order.ts, PEOPLE_TEXT_SQL in db/text-search.ts); tests/unit/frozen-migrations.test.ts
 * fails when they part, which means a new migration is due.
 */
export const FROZEN_START_SORT_SQL = "coalesce(start_date, '9999')"
export const FROZEN_SPAN_CLASS_DAYS = [1, 4, 16, 64, 256] as const
export const FROZEN_PEOPLE_TEXT_SQL = "name || ' ' || lastname || ' ' || username"
