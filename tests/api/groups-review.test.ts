import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

let api: TestApi
let seq = 0
const handle = () => `club_${Date.now().toString(36)}${(seq += 1)}`
beforeAll(async () => { api = await startTestApi() })
afterAll(async () => { await api?.close() })
async function join(h: string, by: TestUser, user: TestUser, role: string) {
  const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: by.token, json: { who: user.username, role } })
  const r = await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
  expect(r.status).toBe(200)
}
it('setRole vs leave', async () => {
  const results: unknown[] = []
  for (let i = 0; i < 8; i++) {
    const [owner, c] = [await makeUser(api), await makeUser(api)]
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'Race club' } })
    await join(h, owner, c, 'member')
    const rs = await Promise.all([
      send(api, 'PATCH', `/groups/${h}/members/${c.id}`, { token: owner.token, json: { role: 'editor' } }),
      send(api, 'POST', `/groups/${h}/leave`, { token: c.token }),
    ])
    results.push(rs.map((r) => r.status))
  }
  console.log(JSON.stringify(results))
})
it('email leak', async () => {
  const [victim, snoop] = [await makeUser(api), await makeUser(api)]
  const email = (await api.app.ctx.db.selectFrom('users').select('email').where('id', '=', victim.id).executeTakeFirstOrThrow()).email
  const h = handle()
  await send(api, 'POST', '/groups', { token: snoop.token, json: { handle: h, name: 'Snoop club' } })
  const r = await send(api, 'POST', `/groups/${h}/invitations`, { token: snoop.token, json: { who: email } })
  console.log(r.status, JSON.stringify(r.body))
})
