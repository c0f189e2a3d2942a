// A group invitation not answered within GROUP_LIMITS.invitationDays is gone (issue 45), on SQLite and PostgreSQL:
// the invitee's list, the group's page and its pending list leave it out; answering it says it expired; the person
// may be invited again; the daily job deletes it. The clock is the API's own (ctx.now), moved by the test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GROUP_LIMITS } from '#contract'
import { apiJobs } from '../../api/jobs'
import { makeUsers, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'

const DAY = 24 * 3_600_000
const clock = { now: new Date() }
let api: TestApi

beforeAll(async () => {
  api = await startTestApi({}, undefined, { clock: () => clock.now })
})
afterEach(() => {
  clock.now = new Date()
})
afterAll(async () => {
  await api?.close()
})

describe('group invitations expire', () => {
  it(`after ${GROUP_LIMITS.invitationDays} days unanswered: out of every list, refused with 410, sendable again, deleted by the job`, async () => {
    const [owner, invitee] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const handle = `late_${Date.now().toString(36)}`
    expect((await send(api, 'POST', '/groups', { token: owner.token, json: { handle, name: 'Late risers' } })).status).toBe(201)
    const start = Date.now()
    const made = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner.token, json: { who: invitee.username, role: 'editor' } })
    expect(made.status, made.text).toBe(201)
    expect(Date.parse(made.body.expiresAt) - Date.parse(made.body.createdAt)).toBe(GROUP_LIMITS.invitationDays * DAY)

    // A day before: still there everywhere.
    clock.now = new Date(start + (GROUP_LIMITS.invitationDays - 1) * DAY)
    expect((await send(api, 'GET', '/groups/invitations/my', { token: invitee.token })).body.items).toHaveLength(1)
    expect((await send(api, 'GET', `/groups/${handle}`, { token: invitee.token })).body.viewer.invitation).toMatchObject({ id: made.body.id })

    // Past its time: gone from the invitee's list, the group's page and the group's pending list; answering it says why.
    clock.now = new Date(start + GROUP_LIMITS.invitationDays * DAY + 60_000)
    expect((await send(api, 'GET', '/groups/invitations/my', { token: invitee.token })).body.items).toEqual([])
    expect((await send(api, 'GET', `/groups/${handle}`, { token: invitee.token })).body.viewer.invitation).toBeNull()
    expect((await send(api, 'GET', `/groups/${handle}/invitations`, { token: owner.token })).body.items).toEqual([])
    const late = await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: invitee.token, json: { accept: true } })
    expect(late.status).toBe(410)
    expect(late.body.code).toBe('groupInvitationExpired')
    expect(late.body.message).toBe(`This invitation has expired: it was not answered within ${GROUP_LIMITS.invitationDays} days. Ask for a new one.`)
    expect((await send(api, 'GET', `/groups/${handle}`, { token: invitee.token })).body.viewer.role).toBeNull()

    // The daily job deletes it; a new invitation of the same person goes (the old one made room before that too).
    const again = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner.token, json: { who: invitee.username, role: 'member' } })
    expect(again.status, again.text).toBe(201)
    const job = apiJobs(api.app.ctx).find((j) => j.name === 'expire-group-invitations')!
    expect(await job.run(new AbortController().signal)).toEqual({ expired: 0 })
    clock.now = new Date(start + 2 * GROUP_LIMITS.invitationDays * DAY + 120_000)
    expect(await job.run(new AbortController().signal)).toEqual({ expired: 1 })
    expect(await api.app.ctx.db.selectFrom('group_invitations').select('id').where('id', 'in', [made.body.id, again.body.id]).execute()).toEqual([])
  })
})
