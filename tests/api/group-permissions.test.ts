// One permission table for groups (issue 45), as for the site's roles (permissions.test.ts): every rule of a
// group's roles the API enforces is a named entry of contract GROUP_PERMISSIONS. The expected answers are derived
// from that table, not copied: each permission has a real call that needs it, made as every role and as someone
// with none; a role the table allows gets through, the others are refused. Then each entry loses its lowest role
// for a moment and that role is refused — so the API reads the table by name.
import { canInGroup, GROUP_PERMISSIONS, GROUP_ROLES, type GroupPermission, type GroupRole } from '#contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseEvent, eventForm, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi, type TestResponse } from './helpers'

let api: TestApi
let photo: Buffer
let seq = 0

beforeAll(async () => {
  api = await startTestApi()
  photo = await jpeg()
})
afterAll(async () => {
  await api?.close()
})

/** A fresh group of its own founder (one person owns at most 10) with the caller in `role` (or in none) and one more member to act on. */
async function groupWith(caller: TestUser, role: GroupRole | null) {
  const handle = `perm_${Date.now().toString(36)}${(seq += 1)}`
  const founder = await makeUser(api)
  const made = await send(api, 'POST', '/groups', { token: founder.token, json: { handle, name: 'Permissions club' } })
  expect(made.status, made.text).toBe(201)
  const other = await makeUser(api)
  const stamp = new Date().toISOString()
  const rows = [{ group_id: made.body.id, user_id: other.id, role: 'member', joined_at: stamp }]
  if (role) rows.push({ group_id: made.body.id, user_id: caller.id, role, joined_at: stamp })
  await api.app.ctx.db.insertInto('group_members').values(rows).execute()
  return { handle, other }
}

/** A real call that needs `permission` in the group. */
const CALLS: Record<GroupPermission, (token: string, group: { handle: string; other: TestUser }) => Promise<TestResponse>> = {
  seeMembers: (token, g) => send(api, 'GET', `/groups/${g.handle}/members`, { token }),
  postEvents: (token, g) => send(api, 'POST', '/event', { token, form: eventForm(baseEvent({ group: g.handle }), [photo]) }),
  manageMembers: async (token, g) => send(api, 'POST', `/groups/${g.handle}/invitations`, { token, json: { who: (await makeUser(api)).username } }),
  editGroup: (token, g) => send(api, 'PATCH', `/groups/${g.handle}`, { token, json: { description: 'Changed' } }),
  manageOwners: (token, g) => send(api, 'POST', `/groups/${g.handle}/transfer`, { token, json: { userId: g.other.id } }),
}

/** Refused: 403, or, for the event form, the group field's error. */
function refused(permission: GroupPermission, res: TestResponse): boolean {
  if (permission === 'postEvents') return res.status === 400 && !!res.body.errors?.group
  return res.status === 403
}

const permissions = Object.keys(GROUP_PERMISSIONS) as GroupPermission[]

describe('the API allows what contract GROUP_PERMISSIONS says, role by role', () => {
  for (const permission of permissions) {
    for (const role of [...GROUP_ROLES, null]) {
      const allowed = canInGroup(role, permission)
      it(`${permission} as ${role ?? 'someone outside the group'}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const caller = await makeUser(api)
        const res = await CALLS[permission](caller.token, await groupWith(caller, role))
        expect(refused(permission, res), `${res.status} ${res.text}`).toBe(!allowed)
        if (allowed) expect(res.status, res.text).toBeLessThan(300)
      })
    }
  }
})

describe('a change to the table changes what the API allows', () => {
  for (const permission of permissions) {
    // The lowest role the entry names: taken out of it for a moment, it is refused; put back, it gets through.
    const role = [...GROUP_ROLES].reverse().find((r) => canInGroup(r, permission)) as GroupRole
    it(`taking ${role} out of ${permission} refuses a ${role}; putting it back lets them through`, async () => {
      const entry = GROUP_PERMISSIONS[permission] as unknown as GroupRole[]
      const caller = await makeUser(api)
      const at = entry.indexOf(role)
      entry.splice(at, 1)
      try {
        expect(refused(permission, await CALLS[permission](caller.token, await groupWith(caller, role)))).toBe(true)
      } finally {
        entry.splice(at, 0, role)
      }
      const res = await CALLS[permission](caller.token, await groupWith(caller, role))
      expect(refused(permission, res), `${res.status} ${res.text}`).toBe(false)
      expect(res.status, res.text).toBeLessThan(300)
    })
  }
})
