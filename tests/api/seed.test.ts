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
