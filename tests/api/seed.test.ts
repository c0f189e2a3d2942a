// Demo seed: every role, documented passwords, idempotent, deterministic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, seedDemo } from '../../api/db/seed'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const count = async (
  table: 'users' | 'posts' | 'post_hours' | 'post_participants' | 'post_likes' | 'follows',
  where?: [string, string],
) => {
  let q = api.app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n'))
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  if (where) q = q.where(where[0] as any, '=', where[1])
  return Number((await q.executeTakeFirstOrThrow()).n)
}

describe('demo seed', () => {
  it('seeds users of every role, ~30 events and ~10 places, then does nothing', async () => {
    const first = await seedDemo(api.app.ctx.db)
    expect(first).toEqual({ users: 5, events: 30, places: 10 })
    expect(await seedDemo(api.app.ctx.db)).toBeNull()
    expect(await count('users')).toBe(5)
    expect(await count('posts', ['event_type', 'EVENT'])).toBe(30)
    expect(await count('posts', ['event_type', 'PLACE'])).toBe(10)
    expect(await count('post_hours')).toBeGreaterThan(50)
    expect(await count('post_participants')).toBeGreaterThan(0)
    expect(await count('post_likes')).toBeGreaterThan(0)
    expect(await count('follows')).toBeGreaterThan(0)
    // Issue 11 at first look: a full event with the demo user first in its line, a cancelled one, a moved one.
    const db = api.app.ctx.db
    const line = await db
      .selectFrom('post_waitlist as w')
      .innerJoin('posts as p', 'p.id', 'w.post_id')
      .select(['p.title', 'p.max_participants', 'w.user_id'])
      .execute()
    expect(line).toEqual([
      { title: 'Open-air cinema', max_participants: 2, user_id: '00000000-0000-4000-8000-000000000003' },
    ])
    expect(
      await count('post_participants', [
        'post_id',
        (
          await db
            .selectFrom('posts')
            .select('id')
            .where('title', '=', 'Open-air cinema')
            .executeTakeFirstOrThrow()
        ).id,
      ]),
    ).toBe(2)
    expect(
      (await db.selectFrom('posts').select('title').where('cancelled_at', 'is not', null).execute()).map(
        (p) => p.title,
      ),
    ).toEqual(['Photography walk'])
    expect(
      (await db.selectFrom('posts').select('title').where('rescheduled_at', 'is not', null).execute()).map(
        (p) => p.title,
      ),
    ).toEqual(['Pottery class'])

    const events = await api.app.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('event_type', '=', 'EVENT')
      .execute()
    const now = new Date().toISOString()
    for (const e of events) {
      expect(e.start_date! > now).toBe(true)
      expect(Math.abs(e.lat - 44.80401)).toBeLessThan(0.1)
      expect(Math.abs(e.lon - 20.46513)).toBeLessThan(0.14)
    }
    const places = await api.app.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('event_type', '=', 'PLACE')
      .execute()
    for (const p of places) expect(p.channel_link).toMatch(/^https:\/\//)
  })

  it('every demo account signs in with its documented password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await api.post('/auth/login', { email: account.email, password: account.password })
      expect(res.status, account.email).toBe(200)
      expect(res.body.user).toMatchObject({
        role: account.role,
        username: account.username,
        isActivated: account.activated,
      })
    }
    const byName = await api.post('/auth/login', { email: 'demouser', password: 'user123' })
    expect(byName.status).toBe(200)
    expect(byName.body.user.followers).toBeGreaterThan(0)
  })
})

describe('demo seed with pictures', () => {
  let withPictures: TestApi
  beforeAll(async () => {
    withPictures = await startTestApi()
  })
  afterAll(async () => {
    await withPictures?.close()
  })

  it('draws a picture for every event, two for every place and an avatar for everyone but the bot, quickly', async () => {
    const before = process.cpuUsage()
    await seedDemo(withPictures.app.ctx.db, { images: withPictures.app.ctx.images })
    // The bound for the whole seed (the pictures are the part that costs), as the CPU time it takes
    // (every thread of this process, sharp's included): the wall time on an idle machine, and unlike the
    // wall time, not doubled when other test files run beside it.
    const used = process.cpuUsage(before)
    expect((used.user + used.system) / 1000).toBeLessThan(10_000)
    const db = withPictures.app.ctx.db
    const posts = await db.selectFrom('posts').select(['id', 'event_type']).execute()
    const images = await db.selectFrom('post_images').select(['post_id', 'path', 'thumb_path']).execute()
    for (const post of posts) {
      const own = images.filter((image) => image.post_id === post.id)
      expect(own.length, post.id).toBe(post.event_type === 'PLACE' ? 2 : 1)
    }
    const users = await db.selectFrom('users').select(['role', 'avatar_path']).execute()
    expect(users.filter((u) => u.role !== 'bot').every((u) => u.avatar_path)).toBe(true)

    // Served like any upload: a WebP and its thumbnail.
    const event = await withPictures.get(`/event/${posts.find((p) => p.event_type === 'EVENT')!.id}`)
    const image = (event.body as { images: { url: string; thumbnailUrl: string }[] }).images[0]!
    for (const url of [image.url, image.thumbnailUrl]) {
      const res = await fetch(`${withPictures.url}${new URL(url).pathname}`)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500)
    }
  }, 30_000)
})
