// The rules of organizer groups (issue 45) where people act at once or accounts go, through the real API on SQLite
// and PostgreSQL: an invitation by address tells the inviter nothing about whose address it is; a group always keeps
// an owner (two owners removing each other, a transfer racing a leave, the purge of its only owner's account); one
// invitation per person; disabled accounts are neither invited nor listed; a suspended group's people act on none of
// its events; the search finds handles with underscores and names in any script. Races run on both databases: on
// SQLite the service is called twice at once (HTTP requests there happen to run one after the other).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeDeletedAccounts } from '../../api/modules/account/purge'
import { createGroupMembersService } from '../../api/modules/groups/members'
import { baseEvent, eventForm, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi, usePostgres } from './helpers'

let api: TestApi
let seq = 0
const handle = () => `rev_${Date.now().toString(36)}${(seq += 1)}`

beforeAll(async () => {
  api = await startTestApi()
})
afterAll(async () => {
  await api?.close()
})

const db = () => api.app.ctx.db
const emailOf = async (user: TestUser) => (await db().selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email!

/** A new group of `owner` (a fresh user: the 10-groups limit never bites). */
async function groupOf(owner: TestUser, name = 'Review club'): Promise<string> {
  const h = handle()
  const made = await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name } })
  expect(made.status, made.text).toBe(201)
  return h
}

async function join(h: string, by: TestUser, user: TestUser, role: string): Promise<void> {
  const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: by.token, json: { who: user.username, role } })
  expect(made.status, made.text).toBe(201)
  const answer = await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
  expect(answer.status, answer.text).toBe(200)
}

async function ownersOf(h: string): Promise<number> {
  const group = await db().selectFrom('groups').select(['id', 'status']).where('handle', '=', h).executeTakeFirstOrThrow()
  if (group.status === 'DELETED') return Number.POSITIVE_INFINITY
  return (await db().selectFrom('group_members').select('user_id').where('group_id', '=', group.id).where('role', '=', 'owner').execute()).length
}

const asViewer = (user: TestUser) => ({ id: user.id, role: 'user', isActivated: true }) as never

describe('privacy', () => {
  it('inviting an email address does not reveal which account (id, username, name) owns it', async () => {
    const [victim, snoop] = await Promise.all([makeUser(api), makeUser(api)])
    const h = await groupOf(snoop, 'Anyone can make a group')
    const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: snoop.token, json: { who: await emailOf(victim) } })
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({ user: null, email: await emailOf(victim) })
    expect(made.text).not.toContain(victim.id)
    const list = await send(api, 'GET', `/groups/${h}/invitations`, { token: snoop.token })
    expect(list.body.items).toEqual([expect.objectContaining({ user: null, email: await emailOf(victim) })])
    expect(list.text).not.toContain(victim.id)
    // The address's owner finds it theirs all the same.
    expect((await send(api, 'GET', '/groups/invitations/my', { token: victim.token })).body.items.map((i: { id: string }) => i.id)).toEqual([made.body.id])
  })
})

describe('a group always keeps an owner', () => {
  it('the purge of its only owner’s account: the longest-standing admin owns it, with the events posted as it', async () => {
    const [owner, admin] = await Promise.all([makeUser(api), makeUser(api)])
    const h = await groupOf(owner)
    await join(h, owner, admin, 'admin')
    const event = await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent({ group: h }), [await jpeg()]) })
    expect(event.status, event.text).toBe(201)
    await db().updateTable('users').set({ deletion_requested_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', owner.id).execute()
    await purgeDeletedAccounts(api.app.ctx)
    expect(await ownersOf(h)).toBe(1)
    expect((await send(api, 'GET', `/groups/${h}`, { token: admin.token })).body.viewer.role).toBe('owner')
    const kept = await send(api, 'GET', `/event/${event.body._id}`, { token: admin.token })
    expect(kept.status).toBe(200)
    expect(kept.body.postedBy._id).toBe(admin.id)
    // Its photo stayed with it.
    expect((await fetch(api.url + kept.body.images[0].path)).status).toBe(200)
  })

  it('the purge of the only member of a group deletes the group', async () => {
    const owner = await makeUser(api)
    const h = await groupOf(owner)
    await db().updateTable('users').set({ deletion_requested_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', owner.id).execute()
    await purgeDeletedAccounts(api.app.ctx)
    expect((await api.get(`/groups/${h}`)).status).toBe(404)
  })

  it('two owners removing each other at once: one of them stays an owner', async () => {
    const members = createGroupMembersService(api.app.ctx)
    const outcomes: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      const [a, b] = await Promise.all([makeUser(api), makeUser(api)])
      const h = await groupOf(a)
      await join(h, a, b, 'member')
      expect((await send(api, 'PATCH', `/groups/${h}/members/${b.id}`, { token: a.token, json: { role: 'owner' } })).status).toBe(200)
      if (usePostgres)
        await Promise.all([
          send(api, 'DELETE', `/groups/${h}/members/${b.id}`, { token: a.token }),
          send(api, 'DELETE', `/groups/${h}/members/${a.id}`, { token: b.token }),
        ])
      // On SQLite the HTTP requests happen to run one after the other: the service is called twice at once.
      else await Promise.allSettled([members.remove(h, b.id, asViewer(a)), members.remove(h, a.id, asViewer(b))])
      outcomes.push(await ownersOf(h))
    }
    expect(Math.min(...outcomes)).toBeGreaterThanOrEqual(1)
  })

  it.runIf(usePostgres)('[PostgreSQL] a transfer racing the new owner’s leaving: an owner stays', async () => {
    const outcomes: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const [owner, heir] = await Promise.all([makeUser(api), makeUser(api)])
      const h = await groupOf(owner)
      await join(h, owner, heir, 'member')
      await Promise.all([
        send(api, 'POST', `/groups/${h}/transfer`, { token: owner.token, json: { userId: heir.id } }),
        send(api, 'POST', `/groups/${h}/leave`, { token: heir.token }),
      ])
      outcomes.push(await ownersOf(h))
    }
    expect(Math.min(...outcomes)).toBeGreaterThanOrEqual(1)
  })
})

describe('invitations', () => {
  it.runIf(usePostgres)('[PostgreSQL] the same address invited three times at once: one invitation', async () => {
    const owner = await makeUser(api)
    const counts: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      const h = await groupOf(owner)
      const email = `twice_${Date.now().toString(36)}_${attempt}@example.com`
      await Promise.all([1, 2, 3].map(() => send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: email } })))
      const list = await send(api, 'GET', `/groups/${h}/invitations`, { token: owner.token })
      counts.push(list.body.items.filter((i: { email: string | null }) => i.email === email).length)
    }
    expect(Math.max(...counts)).toBe(1)
  })

  it('a disabled account is not found by its username: not invited, not mailed', async () => {
    const [owner, gone] = await Promise.all([makeUser(api), makeUser(api)])
    const h = await groupOf(owner)
    await db().updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', gone.id).execute()
    const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: gone.username } })
    // A disabled account is gone for everyone but moderators (access/policy isInactiveAccount): as an unknown name.
    expect(made.status).toBe(400)
    expect(made.body.errors.who).toBeDefined()
  })
})

describe('deactivated accounts', () => {
  it('the members list and the count leave out a member whose account is disabled', async () => {
    const [owner, member, gone] = await Promise.all([makeUser(api), makeUser(api), makeUser(api)])
    const h = await groupOf(owner)
    await join(h, owner, member, 'member')
    await join(h, owner, gone, 'member')
    await db().updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', gone.id).execute()
    const list = await send(api, 'GET', `/groups/${h}/members`, { token: member.token })
    expect(list.status).toBe(200)
    expect(list.body.items.map((m: { user: { _id: string } }) => m.user._id)).not.toContain(gone.id)
    expect((await api.get(`/groups/${h}`)).body.membersCount).toBe(2)
  })
})

describe('searching groups', () => {
  it('the search finds a handle with an underscore', async () => {
    const owner = await makeUser(api)
    const h = await groupOf(owner, 'Plain name')
    const found = await api.get(`/groups?q=${h}`)
    expect(found.status).toBe(200)
    expect(found.body.items.map((g: { handle: string }) => g.handle)).toContain(h)
  })

  it('the search finds a Cyrillic name by its own words, whatever their case', async () => {
    const owner = await makeUser(api)
    const h = await groupOf(owner, `Клуб Бегунов ${seq}`)
    const found = await api.get(`/groups?q=${encodeURIComponent('клуб бегунов')}`)
    expect(found.body.items.map((g: { handle: string }) => g.handle)).toContain(h)
  })
})

describe('a suspended group', () => {
  it('its editors and admins act on none of its events; their authors still do', async () => {
    const [owner, editor] = await Promise.all([makeUser(api), makeUser(api)])
    const h = await groupOf(owner)
    await join(h, owner, editor, 'editor')
    const event = await send(api, 'POST', '/event', { token: owner.token, form: eventForm(baseEvent({ group: h }), [await jpeg()]) })
    expect((await send(api, 'GET', `/event/${event.body._id}`, { token: editor.token })).body.isOwner).toBe(true)
    await db().updateTable('groups').set({ status: 'SUSPENDED' }).where('handle', '=', h).execute()
    expect((await send(api, 'GET', `/event/${event.body._id}`, { token: editor.token })).body.isOwner).toBe(false)
    expect((await send(api, 'PUT', `/event/${event.body._id}`, { token: editor.token, json: { title: 'Changed' } })).status).toBe(403)
    expect((await send(api, 'DELETE', `/event/${event.body._id}`, { token: editor.token })).status).toBe(403)
    expect((await send(api, 'GET', `/event/${event.body._id}`, { token: owner.token })).body.isOwner).toBe(true)
  })
})
