// Organizer groups (issue 45) through the real API on SQLite or PostgreSQL: making a group in the usernames'
// namespace, inviting by username and by email (a real SMTP receiver gets the mail), answering, roles, leaving, the
// last owner, transferring ownership, following, deleting; and each refusal with its code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser, send, type TestUser } from './events-fixtures'
import { activatedUser, startTestApi, type TestApi, uniqueUser } from './helpers'

let api: TestApi
let owner: TestUser
let admin: TestUser
let editor: TestUser
let member: TestUser
let outsider: TestUser
let seq = 0
const handle = () => `club_${Date.now().toString(36)}${(seq += 1)}`

beforeAll(async () => {
  api = await startTestApi()
  ;[owner, admin, editor, member, outsider] = await Promise.all([makeUser(api), makeUser(api), makeUser(api), makeUser(api), makeUser(api)])
})
afterAll(async () => {
  await api?.close()
})

const emailOf = async (user: TestUser) => (await api.app.ctx.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email!

/** A group of `owner` with an admin, an editor and a member who accepted their invitations. */
async function groupWithTeam(): Promise<string> {
  const h = handle()
  expect((await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'River runners' } })).status).toBe(201)
  for (const [user, role] of [[admin, 'admin'], [editor, 'editor'], [member, 'member']] as const) {
    const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: user.username, role } })
    expect(made.status, made.text).toBe(201)
    const answer = await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
    expect(answer.status, answer.text).toBe(200)
  }
  return h
}

const roleOf = async (h: string, user: TestUser) => (await send(api, 'GET', `/groups/${h}`, { token: user.token })).body.viewer.role

describe('making a group', () => {
  it('its maker is its owner; anyone reads it; the list finds it by name', async () => {
    const h = handle()
    const made = await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h.toUpperCase(), name: 'Night Owls Club', description: 'We walk at night' } })
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({ handle: h, name: 'Night Owls Club', status: 'ACTIVE', moderationStatus: 'PENDING', membersCount: 1, viewer: { role: 'owner' } })
    const read = await api.get(`/groups/${h}`)
    expect(read.status).toBe(200)
    expect(read.body.viewer).toEqual({ role: null, isFollowing: false, invitation: null })
    const found = await api.get('/groups?q=night%20owls')
    expect(found.body.items.map((g: { handle: string }) => g.handle)).toContain(h)
    expect((await send(api, 'GET', '/groups/my', { token: owner.token })).body.items.map((g: { handle: string }) => g.handle)).toContain(h)
  })

  it('a handle is free among groups and usernames, both ways and without case', async () => {
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'First' } })
    const again = await send(api, 'POST', '/groups', { token: outsider.token, json: { handle: h.toUpperCase(), name: 'Second' } })
    expect(again.status).toBe(400)
    expect(again.body.errors.handle).toEqual(['A person or a group already has this name: choose another.'])
    const asPerson = await send(api, 'POST', '/groups', { token: owner.token, json: { handle: outsider.username.toLowerCase(), name: 'Impostor' } })
    expect(asPerson.status).toBe(400)
    expect(asPerson.body.errors.handle).toBeDefined()
    // …and a person cannot take a group's handle, signing up or renaming.
    const signUp = await api.post('/auth/registration', { ...uniqueUser(), username: h })
    expect(signUp.status).toBe(409)
    expect(signUp.body.errors.username).toBeDefined()
    const rename = await send(api, 'PATCH', '/profile/my', { token: member.token, json: { username: h.toUpperCase() } })
    expect(rename.status).toBe(409)
  })

  it('a moderator cannot rename a person to a group’s handle either', async () => {
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'Taken' } })
    const chief = await makeUser(api, { role: 'superAdmin' })
    const rename = await send(api, 'PATCH', `/admin/users/${member.id}`, { token: chief.token, json: { username: h } })
    expect(rename.status).toBe(409)
    expect(rename.body.errors.username).toBeDefined()
  })

  it('a sign-up and a new group taking one name at the same moment: exactly one of them gets it', async () => {
    for (let round = 0; round < 6; round++) {
      const name = handle()
      const [signUp, group] = await Promise.all([
        api.post('/auth/registration', { ...uniqueUser(), username: name }),
        send(api, 'POST', '/groups', { token: owner.token, json: { handle: name, name: 'Race' } }),
      ])
      expect([signUp.status, group.status].filter((status) => status === 201), `${signUp.status} ${group.status}`).toHaveLength(1)
      const [people, groups] = await Promise.all([
        api.app.ctx.db.selectFrom('users').select('id').where('username', '=', name).execute(),
        api.app.ctx.db.selectFrom('groups').select('id').where('handle', '=', name).execute(),
      ])
      expect(people.length + groups.length).toBe(1)
      if (group.status === 201) await send(api, 'DELETE', `/groups/${name}`, { token: owner.token })
    }
  })

  it('refuses a bad handle, a reserved word and a short name, with the fields’ messages', async () => {
    const bad = await send(api, 'POST', '/groups', { token: owner.token, json: { handle: 'no spaces!', name: 'ab' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.handle).toEqual(['Use 4 to 30 lowercase latin letters, digits or underscores, e.g. river_runners.'])
    expect(bad.body.errors.name).toEqual(['A group’s name is at least 3 characters.'])
    const reserved = await send(api, 'POST', '/groups', { token: owner.token, json: { handle: 'invitations', name: 'Routes' } })
    expect(reserved.status).toBe(400)
    const ru = await send(api, 'POST', '/groups', { token: owner.token, json: { handle: 'x', name: 'Клуб' }, lang: 'ru' })
    expect(ru.body.errors.handle[0]).toMatch(/строчных латинских букв/)
    expect((await api.post('/groups', { handle: handle(), name: 'No account' })).status).toBe(401)
  })
})

describe('invitations', () => {
  it('by username: the invitee is mailed, sees it, and joins with its role; a second one is refused', async () => {
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'Choir of the North' } })
    const mailsBefore = api.smtp.mailsTo(await emailOf(outsider)).length
    const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: `@${outsider.username}`, role: 'editor' } })
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({ role: 'editor', user: { _id: outsider.id }, email: null })
    const mail = await api.smtp.waitForMail(await emailOf(outsider), { after: mailsBefore })
    expect(mail.subject).toContain('Choir of the North')
    expect(mail.text).toContain(`/groups/${h}`)
    // Their bell rings too, in their language, leading to the group.
    const bell = await send(api, 'GET', '/notifications', { token: outsider.token, lang: 'ru' })
    expect(bell.body.notifications[0]).toMatchObject({ notificationType: 'groupInvite', userFrom: { _id: owner.id }, group: { handle: h, name: 'Choir of the North' } })
    const again = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: outsider.username } })
    expect(again.status).toBe(400)
    expect(again.body.errors.who).toEqual(['This person is already invited.'])
    const mine = await send(api, 'GET', '/groups/invitations/my', { token: outsider.token })
    expect(mine.body.items).toEqual([expect.objectContaining({ id: made.body.id, role: 'editor', group: expect.objectContaining({ handle: h }) })])
    expect((await send(api, 'GET', `/groups/${h}`, { token: outsider.token })).body.viewer.invitation).toEqual({ id: made.body.id, role: 'editor' })
    // Only its invitee answers it.
    expect((await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: member.token, json: { accept: true } })).status).toBe(404)
    const joined = await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: outsider.token, json: { accept: true } })
    expect(joined.body).toEqual({ message: 'You joined the group.', handle: h })
    expect(await roleOf(h, outsider)).toBe('editor')
    const member2 = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: outsider.username } })
    expect(member2.body.errors.who).toEqual(['This person is already a member.'])
    await send(api, 'POST', `/groups/${h}/leave`, { token: outsider.token })
  })

  it('by email without an account: the address is mailed; once they sign up with it, the invitation is theirs', async () => {
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'Book swap' } })
    const person = uniqueUser('invitee')
    const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: person.email.toUpperCase() } })
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({ user: null, email: person.email, role: 'member' })
    const mail = await api.smtp.waitForMail(person.email)
    expect(mail.text).toMatch(/Sign up on Nearby with this email address/)
    const session = await activatedUser(api, person)
    const mine = await send(api, 'GET', '/groups/invitations/my', { token: session.accessToken })
    expect(mine.body.items.map((i: { id: string }) => i.id)).toEqual([made.body.id])
    await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: session.accessToken, json: { accept: false } })
    expect((await send(api, 'GET', '/groups/invitations/my', { token: session.accessToken })).body.items).toEqual([])
    expect((await send(api, 'GET', `/groups/${h}`, { token: session.accessToken })).body.viewer.role).toBeNull()
  })

  it('an unknown username is refused by field; managers list and withdraw invitations; members may not invite', async () => {
    const h = await groupWithTeam()
    const unknown = await send(api, 'POST', `/groups/${h}/invitations`, { token: admin.token, json: { who: 'nobody_by_this_name' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.who[0]).toMatch(/Nobody has this username/)
    const made = await send(api, 'POST', `/groups/${h}/invitations`, { token: admin.token, json: { who: outsider.username } })
    const list = await send(api, 'GET', `/groups/${h}/invitations`, { token: owner.token })
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([made.body.id])
    expect((await send(api, 'DELETE', `/groups/${h}/invitations/${made.body.id}`, { token: admin.token })).status).toBe(200)
    expect((await send(api, 'GET', `/groups/${h}/invitations`, { token: owner.token })).body.items).toEqual([])
    const byMember = await send(api, 'POST', `/groups/${h}/invitations`, { token: member.token, json: { who: outsider.username } })
    expect(byMember.status).toBe(403)
    expect(byMember.body.message).toBe('Your role in this group does not allow this.')
    expect((await send(api, 'POST', `/groups/${h}/invitations`, { token: outsider.token, json: { who: member.username } })).body.message).toBe('You are not a member of this group.')
  })
})

describe('roles, leaving and ownership', () => {
  it('members see the members, owners first; outsiders may not', async () => {
    const h = await groupWithTeam()
    const list = await send(api, 'GET', `/groups/${h}/members`, { token: member.token })
    expect(list.body.items.map((m: { role: string; user: { _id: string } }) => [m.role, m.user._id])).toEqual([
      ['owner', owner.id],
      ['admin', admin.id],
      ['editor', editor.id],
      ['member', member.id],
    ])
    expect((await send(api, 'GET', `/groups/${h}/members`, { token: outsider.token })).status).toBe(403)
    expect((await api.get(`/groups/${h}`)).body.membersCount).toBe(4)
  })

  it('admins give roles below owner; only owners make or unmake owners, or remove them', async () => {
    const h = await groupWithTeam()
    const promote = await send(api, 'PATCH', `/groups/${h}/members/${member.id}`, { token: admin.token, json: { role: 'editor' } })
    expect(promote.status, promote.text).toBe(200)
    expect(promote.body.role).toBe('editor')
    const toOwner = await send(api, 'PATCH', `/groups/${h}/members/${member.id}`, { token: admin.token, json: { role: 'owner' } })
    expect(toOwner.status).toBe(403)
    expect(toOwner.body.message).toBe('Only the group’s owners can do this.')
    expect((await send(api, 'DELETE', `/groups/${h}/members/${owner.id}`, { token: admin.token })).status).toBe(403)
    expect((await send(api, 'PATCH', `/groups/${h}/members/${admin.id}`, { token: editor.token, json: { role: 'member' } })).status).toBe(403)
    expect((await send(api, 'DELETE', `/groups/${h}/members/${member.id}`, { token: admin.token })).status).toBe(200)
    expect(await roleOf(h, member)).toBeNull()
    expect((await send(api, 'PATCH', `/groups/${h}/members/${outsider.id}`, { token: owner.token, json: { role: 'editor' } })).status).toBe(404)
  })

  it('the last owner can neither leave nor step down; after a transfer they are an admin and may leave', async () => {
    const h = await groupWithTeam()
    const leave = await send(api, 'POST', `/groups/${h}/leave`, { token: owner.token })
    expect(leave.status).toBe(409)
    expect(leave.body.message).toMatch(/A group needs an owner/)
    expect((await send(api, 'PATCH', `/groups/${h}/members/${owner.id}`, { token: owner.token, json: { role: 'admin' } })).status).toBe(409)
    expect((await send(api, 'POST', `/groups/${h}/transfer`, { token: admin.token, json: { userId: editor.id } })).status).toBe(403)
    expect((await send(api, 'POST', `/groups/${h}/transfer`, { token: owner.token, json: { userId: outsider.id } })).status).toBe(404)
    expect((await send(api, 'POST', `/groups/${h}/transfer`, { token: owner.token, json: { userId: editor.id } })).status).toBe(200)
    expect(await roleOf(h, editor)).toBe('owner')
    expect(await roleOf(h, owner)).toBe('admin')
    expect((await send(api, 'POST', `/groups/${h}/leave`, { token: owner.token })).status).toBe(200)
    expect(await roleOf(h, owner)).toBeNull()
    // A member leaves by their own id too.
    expect((await send(api, 'DELETE', `/groups/${h}/members/${member.id}`, { token: member.token })).status).toBe(200)
    expect((await send(api, 'POST', `/groups/${h}/leave`, { token: outsider.token })).status).toBe(403)
  })

  it('owners and admins change the group; editors may not; only owners delete it, and then it is gone', async () => {
    const h = await groupWithTeam()
    expect((await send(api, 'PATCH', `/groups/${h}`, { token: editor.token, json: { name: 'Hijacked' } })).status).toBe(403)
    const renamed = await send(api, 'PATCH', `/groups/${h}`, { token: admin.token, json: { name: 'River Runners Club', description: 'Sundays at 9' } })
    expect(renamed.body).toMatchObject({ name: 'River Runners Club', description: 'Sundays at 9' })
    expect((await send(api, 'DELETE', `/groups/${h}`, { token: admin.token })).body.message).toBe('Only the group’s owners can do this.')
    expect((await send(api, 'DELETE', `/groups/${h}`, { token: owner.token })).status).toBe(200)
    expect((await api.get(`/groups/${h}`)).status).toBe(404)
    expect((await send(api, 'GET', '/groups/my', { token: member.token })).body.items.map((g: { handle: string }) => g.handle)).not.toContain(h)
  })
})

describe('following', () => {
  it('anyone signed in follows and unfollows; the count follows', async () => {
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'Garden club' } })
    expect((await send(api, 'PUT', `/groups/${h}/follow`, { token: outsider.token, json: { follow: true } })).body).toEqual({ followersCount: 1, isFollowing: true })
    expect((await send(api, 'PUT', `/groups/${h}/follow`, { token: outsider.token, json: { follow: true } })).body).toEqual({ followersCount: 1, isFollowing: true })
    expect((await send(api, 'GET', `/groups/${h}`, { token: outsider.token })).body.viewer.isFollowing).toBe(true)
    expect((await send(api, 'PUT', `/groups/${h}/follow`, { token: outsider.token, json: {} })).body).toEqual({ followersCount: 0, isFollowing: false })
    expect((await api.request('PUT', `/groups/${h}/follow`, { body: {} })).status).toBe(401)
  })
})

describe('the moderation console', () => {
  it('moderators list, approve, suspend (with a reason its members see), restore and delete groups; each decision is logged', async () => {
    const moderator = await makeUser(api, { role: 'admin' })
    const h = handle()
    await send(api, 'POST', '/groups', { token: owner.token, json: { handle: h, name: 'Night market traders' } })
    expect((await send(api, 'GET', '/admin/groups?status=PENDING', { token: owner.token })).status).toBe(403)
    const pending = await send(api, 'GET', `/admin/groups?status=PENDING&q=${h}`, { token: moderator.token })
    expect(pending.body.items).toEqual([expect.objectContaining({ handle: h, moderationStatus: 'PENDING', owners: [expect.objectContaining({ _id: owner.id })] })])
    const decide = (json: Record<string, string>) => send(api, 'PATCH', `/admin/groups/${h}`, { token: moderator.token, json })
    expect((await decide({ decision: 'APPROVE' })).body.moderationStatus).toBe('APPROVED')
    // A moderator in the group does not judge it: another one does.
    const insider = await makeUser(api, { role: 'admin' })
    const invited = await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: insider.username } })
    await send(api, 'POST', `/groups/invitations/${invited.body.id}/respond`, { token: insider.token, json: { accept: true } })
    expect((await send(api, 'PATCH', `/admin/groups/${h}`, { token: insider.token, json: { decision: 'SUSPEND', reason: 'Mine' } })).status).toBe(403)

    const noReason = await decide({ decision: 'SUSPEND' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.reason).toBeDefined()
    expect((await decide({ decision: 'SUSPEND', reason: 'Selling tickets twice' })).body.status).toBe('SUSPENDED')
    // Hidden from outsiders; its owner sees why, and can change nothing in it.
    expect((await api.get(`/groups/${h}`)).status).toBe(404)
    expect((await send(api, 'GET', `/groups/${h}`, { token: owner.token })).body).toMatchObject({ status: 'SUSPENDED', statusReason: 'Selling tickets twice' })
    const edit = await send(api, 'PATCH', `/groups/${h}`, { token: owner.token, json: { name: 'Renamed' } })
    expect(edit.status).toBe(403)
    expect(edit.body.message).toBe('A moderator suspended this group: it cannot post or change anything now.')
    // Its owner may still look at its members and the invitations waiting (the members page), and change nothing there.
    expect((await send(api, 'GET', `/groups/${h}/members`, { token: owner.token })).status).toBe(200)
    expect((await send(api, 'GET', `/groups/${h}/invitations`, { token: owner.token })).status).toBe(200)
    expect((await send(api, 'POST', `/groups/${h}/invitations`, { token: owner.token, json: { who: member.username } })).status).toBe(403)
    expect((await decide({ decision: 'RESTORE', reason: 'Refunded' })).body.status).toBe('ACTIVE')
    expect((await api.get(`/groups/${h}`)).status).toBe(200)
    expect((await decide({ decision: 'DELETE', reason: 'Asked by its owner' })).body.status).toBe('DELETED')
    expect((await api.get(`/groups/${h}`)).status).toBe(404)

    const group = await api.app.ctx.db.selectFrom('groups').select('id').where('handle', '=', h).executeTakeFirstOrThrow()
    const log = await send(api, 'GET', `/admin/log?targetId=${group.id}`, { token: moderator.token })
    expect(log.body.entries.map((e: { field: string; to: string; reason: string | null }) => [e.field, e.to, e.reason]).reverse()).toEqual([
      ['moderationStatus', 'APPROVED', null],
      ['groupStatus', 'SUSPENDED', 'Selling tickets twice'],
      ['groupStatus', 'ACTIVE', 'Refunded'],
      ['groupStatus', 'DELETED', 'Asked by its owner'],
    ])
    expect(log.body.entries[0]).toMatchObject({ targetType: 'GROUP', targetLabel: `Night market traders (@${h})` })
  })
})
