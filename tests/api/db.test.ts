// The one schema on both dialects: every SPEC §3 table, constraints, types, idempotent migrations.
import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUniqueViolation, nowIso } from '../../api/db'
import { migrateToLatest, migrationProvider } from '../../api/db/migrations'
import { seedDemo } from '../../api/db/seed'
import { startTestApi, usePostgres, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
  await seedDemo(api.app.ctx.db)
})
afterAll(async () => {
  await api?.close()
})

const TABLES = [
  'users',
  'email_codes',
  'password_reset_links',
  'refresh_tokens',
  'posts',
  'post_images',
  'post_categories',
  'post_hours',
  'post_likes',
  'post_views',
  'post_participants',
  'follows',
  'invitations',
  'invitation_recipients',
  'notifications',
  'push_subscriptions',
  'reports',
  'auth_throttles',
]

describe('schema', () => {
  it('has every table of the data model', async () => {
    const tables = (await api.app.ctx.db.introspection.getTables()).map((t) => t.name)
    for (const t of TABLES) expect(tables).toContain(t)
  })

  it('migrateToLatest is idempotent', async () => {
    await migrateToLatest(api.app.ctx.db)
    const migrator = new Migrator({ db: api.app.ctx.db, provider: migrationProvider })
    const list = await migrator.getMigrations()
    expect(list.every((m) => m.executedAt)).toBe(true)
  })

  it('reads text ids, ISO timestamps, 0/1 booleans and double coordinates the same way', async () => {
    const user = await api.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'demouser')
      .executeTakeFirstOrThrow()
    expect(typeof user.id).toBe('string')
    expect(user.is_activated).toBe(1)
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(typeof user.city_lat).toBe('number')
    const post = await api.app.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('event_type', '=', 'EVENT')
      .orderBy('start_date')
      .limit(1)
      .executeTakeFirstOrThrow()
    expect(typeof post.lat).toBe('number')
    expect(post.lat % 1).not.toBe(0)
    expect(typeof post.price_donation).toBe('number')
  })

  it('enforces UNIQUE (post, user) of participants, follow pairs, lowercased username, push endpoints', async () => {
    const db = api.app.ctx.db
    const post = await db.selectFrom('posts').select('id').limit(1).executeTakeFirstOrThrow()
    const [u1, u2] = await db.selectFrom('users').select('id').orderBy('id').limit(2).execute()
    await db
      .deleteFrom('post_participants')
      .where('post_id', '=', post.id)
      .where('user_id', '=', u1!.id)
      .execute()
    await db
      .insertInto('post_participants')
      .values({ post_id: post.id, user_id: u1!.id, created_at: nowIso() })
      .execute()
    const dupJoin = await db
      .insertInto('post_participants')
      .values({ post_id: post.id, user_id: u1!.id, created_at: nowIso() })
      .execute()
      .catch((e: unknown) => e)
    expect(isUniqueViolation(dupJoin)).toBe(true)

    await db
      .deleteFrom('follows')
      .where('follower_id', '=', u1!.id)
      .where('followee_id', '=', u2!.id)
      .execute()
    await db
      .insertInto('follows')
      .values({ follower_id: u1!.id, followee_id: u2!.id, created_at: nowIso() })
      .execute()
    const dupFollow = await db
      .insertInto('follows')
      .values({ follower_id: u1!.id, followee_id: u2!.id, created_at: nowIso() })
      .execute()
      .catch((e: unknown) => e)
    expect(isUniqueViolation(dupFollow)).toBe(true)

    const dupName = await db
      .updateTable('users')
      .set({ username: 'DEMOUSER' })
      .where('username', '=', 'admin')
      .execute()
      .catch((e: unknown) => e)
    expect(isUniqueViolation(dupName)).toBe(true)

    const sub = {
      user_id: u1!.id,
      endpoint: 'https://push.example/abc',
      p256dh: 'k',
      auth: 'a',
      created_at: nowIso(),
    }
    await db
      .insertInto('push_subscriptions')
      .values({ id: crypto.randomUUID(), ...sub })
      .execute()
    const dupSub = await db
      .insertInto('push_subscriptions')
      .values({ id: crypto.randomUUID(), ...sub })
      .execute()
      .catch((e: unknown) => e)
    expect(isUniqueViolation(dupSub)).toBe(true)
  })

  it('enforces foreign keys and cascades user deletion', async () => {
    const db = api.app.ctx.db
    const orphan = await db
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        recipient_id: 'no-such-user',
        notification_type: 'follow',
        user_from: null,
        entity_id: null,
        opened_at: null,
        created_at: nowIso(),
      })
      .execute()
      .catch((e: unknown) => e)
    expect(orphan).toBeInstanceOf(Error)
    const bot = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'nearbybot')
      .executeTakeFirstOrThrow()
    await db.deleteFrom('users').where('id', '=', bot.id).execute()
    const left = await db.selectFrom('posts').select('id').where('posted_by', '=', bot.id).execute()
    expect(left).toHaveLength(0)
  })

  it('answers select 1 (health)', async () => {
    const r = await sql<{ one: number }>`select 1 as one`.execute(api.app.ctx.db)
    expect(Number(r.rows[0]?.one)).toBe(1)
  })
})

describe('durability', () => {
  it.skipIf(usePostgres)(
    'SQLite syncs every commit to disk (synchronous=FULL), so an acknowledged write survives a power failure',
    async () => {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(api.app.ctx.db)
      expect(rows[0]?.synchronous).toBe(2) // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(api.app.ctx.db)
      expect(mode[0]?.journal_mode).toBe('wal')
    },
  )
})

describe('migration 025 (the day of the event)', () => {
  it('gives every seat taken before it a check-in code, unique within its event, and goes down and up again', async () => {
    const db = api.app.ctx.db
    const migrator = new Migrator({ db, provider: migrationProvider })
    expect((await migrator.migrateTo('024_groups')).error).toBeUndefined()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const seats = await db.selectFrom('post_participants').select(['post_id', 'checkin_code']).execute()
    expect(seats.length).toBeGreaterThan(3)
    for (const seat of seats) expect(seat.checkin_code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/)
    const perEvent = new Map<string, string[]>()
    for (const seat of seats) perEvent.set(seat.post_id, [...(perEvent.get(seat.post_id) ?? []), seat.checkin_code!])
    for (const codes of perEvent.values()) expect(new Set(codes).size).toBe(codes.length)
  })
})
