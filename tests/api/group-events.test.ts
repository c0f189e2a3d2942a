// Events posted as a group (issue 45) through the real API on SQLite or PostgreSQL: who may post as it, that its
// owners, admins and editors organize the event and its members do not, members-only events, the group's lists of
// upcoming and past events, who hears of a new one, that the group stays the event's, and a deleted group's events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseEvent, eventForm, insertPostRow, jpeg, makeUser, send, type TestUser } from './events-fixtures'
import { startTestApi, type TestApi } from './helpers'
import { notificationsOf } from './notify-fixtures'

let api: TestApi
let photo: Buffer
let owner: TestUser
let admin: TestUser
let editor: TestUser
let member: TestUser
let outsider: TestUser
let follower: TestUser
let handle = ''
const day = 86_400_000

beforeAll(async () => {
  api = await startTestApi()
  photo = await jpeg()
  ;[owner, admin, editor, member, outsider, follower] = (await Promise.all(Array.from({ length: 6 }, () => makeUser(api)))) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser]
  handle = `band_${Date.now().toString(36)}`
  expect((await send(api, 'POST', '/groups', { token: owner.token, json: { handle, name: 'The Brass Band' } })).status).toBe(201)
  for (const [user, role] of [[admin, 'admin'], [editor, 'editor'], [member, 'member']] as const) {
    const made = await send(api, 'POST', `/groups/${handle}/invitations`, { token: owner.token, json: { who: user.username, role } })
    await send(api, 'POST', `/groups/invitations/${made.body.id}/respond`, { token: user.token, json: { accept: true } })
  }
  await send(api, 'PUT', `/groups/${handle}/follow`, { token: follower.token, json: { follow: true } })
})
afterAll(async () => {
  await api?.close()
})

const postAs = (user: TestUser, overrides: Record<string, string> = {}) =>
  send(api, 'POST', '/event', { token: user.token, form: eventForm(baseEvent({ group: handle, ...overrides }), [photo]) })
const read = (id: string, user?: TestUser) => send(api, 'GET', `/event/${id}`, { token: user?.token })

describe('posting as a group', () => {
  it('an editor posts as the group; its owners, admins and editors organize the event, its members do not', async () => {
    const made = await postAs(editor, { title: 'Brass at dusk' })
    expect(made.status, made.text).toBe(201)
    expect(made.body.group).toMatchObject({ handle, name: 'The Brass Band' })
    expect(made.body.postedBy._id).toBe(editor.id)
    for (const [user, organizes] of [[owner, true], [admin, true], [editor, true], [member, false], [outsider, false]] as const)
      expect((await read(made.body._id, user)).body.isOwner, user === member ? 'member' : 'organizer').toBe(organizes)
    // An admin edits the editor's event; a member may not.
    const edit = await send(api, 'PUT', `/event/${made.body._id}`, { token: admin.token, json: { ...baseEvent({ title: 'Brass at dawn' }), group: handle } })
    expect(edit.status, edit.text).toBe(200)
    expect(edit.body.title).toBe('Brass at dawn')
    expect((await send(api, 'PUT', `/event/${made.body._id}`, { token: member.token, json: { title: 'Mine now' } })).status).toBe(403)
    // The group stays the event's.
    const moved = await send(api, 'PUT', `/event/${made.body._id}`, { token: editor.token, json: { title: 'Brass', group: '' } })
    expect(moved.status).toBe(400)
    expect(moved.body.errors.group).toEqual(['This cannot be changed after creation.'])
    // Co-organizers do not take a seat; members join as anyone does.
    expect((await send(api, 'PUT', `/event/${made.body._id}/participate`, { token: member.token, json: { participate: true } })).status).toBe(200)
  })

  it('a member, an outsider and an unknown group are refused on the field, alike', async () => {
    for (const [user, group] of [[member, handle], [outsider, handle], [editor, 'no_such_group']] as const) {
      const refused = await postAs(user, { group })
      expect(refused.status).toBe(400)
      expect(refused.body.errors.group).toEqual(['You cannot post events as this group.'])
    }
    const ru = await send(api, 'POST', '/event', { token: member.token, lang: 'ru', form: eventForm(baseEvent({ group: handle }), [photo]) })
    expect(ru.body.errors.group).toEqual(['Вы не можете публиковать события от имени этой группы.'])
  })

  it('a members-only event is read by the group’s members, and only listed to them', async () => {
    const made = await postAs(admin, { title: 'Rehearsal', accessType: 'SUBSCRIBERS' })
    expect(made.status, made.text).toBe(201)
    expect((await read(made.body._id, member)).body.restricted).toBe(false)
    expect((await read(made.body._id, outsider)).status).toBe(403)
    const listed = async (user?: TestUser) =>
      (await send(api, 'GET', `/groups/${handle}/events`, { token: user?.token })).body.events.map((e: { title: string }) => e.title)
    expect(await listed(member)).toContain('Rehearsal')
    expect(await listed(outsider)).not.toContain('Rehearsal')
    expect(await listed()).not.toContain('Rehearsal')
    // Members can join it; an outsider cannot.
    expect((await send(api, 'PUT', `/event/${made.body._id}/participate`, { token: member.token, json: { participate: true } })).status).toBe(200)
    expect((await send(api, 'PUT', `/event/${made.body._id}/participate`, { token: outsider.token, json: { participate: true } })).status).toBe(403)
  })

  it('who hears of a new event: the group’s followers for a public one, its members for a members-only one', async () => {
    const open = await postAs(editor, { title: 'Open air' })
    const news = async (user: TestUser, id: string) => (await notificationsOf(api, user.id)).filter((n) => n.notification_type === 'newPost' && n.entity_id === id).length
    expect(await news(follower, open.body._id)).toBe(1)
    expect(await news(outsider, open.body._id)).toBe(0)
    const closed = await postAs(editor, { title: 'Members’ dinner', accessType: 'SUBSCRIBERS' })
    expect(await news(follower, closed.body._id)).toBe(0)
    expect(await news(member, closed.body._id)).toBe(1)
  })
})

describe('the group’s feeds and embed', () => {
  it('its calendar and Atom feeds and the embed hold its public events, not its members-only ones', async () => {
    await postAs(editor, { title: 'Feed concert' })
    await postAs(editor, { title: 'Feed rehearsal', accessType: 'SUBSCRIBERS' })
    const ics = await api.get(`/calendar/group/${handle}.ics`)
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toMatch(/text\/calendar/)
    expect(ics.text).toContain('SUMMARY:Feed concert')
    expect(ics.text).not.toContain('Feed rehearsal')
    expect(ics.text).toContain('X-WR-CALNAME:Nearby: The Brass Band')
    const atom = await api.get(`/calendar/group/${handle}.atom`)
    expect(atom.status).toBe(200)
    expect(atom.text).toContain('<title>Feed concert</title>')
    expect(atom.text).toContain(`/groups/${handle}`)
    const embed = await api.get(`/embed/events?group=${handle}`)
    expect(embed.status).toBe(200)
    expect(embed.body.events.map((e: { title: string }) => e.title)).toContain('Feed concert')
    expect(embed.body.events.map((e: { title: string }) => e.title)).not.toContain('Feed rehearsal')
    expect((await api.get('/calendar/group/no_such_group.ics')).status).toBe(404)
    expect((await api.get('/embed/events?group=no_such_group')).status).toBe(404)
  })
})

describe('the group’s lists', () => {
  it('upcoming soonest first, past newest first; a deleted group’s events stay, as their organizers’ own', async () => {
    const group = (await send(api, 'GET', `/groups/${handle}`)).body
    const at = (days: number) => new Date(Date.now() + days * day).toISOString()
    const old1 = await insertPostRow(api, editor.id, { title: 'Last spring', group_id: group.id, moderation_status: 'APPROVED', start_date: at(-60), end_date: at(-60 + 0.1) })
    const old2 = await insertPostRow(api, editor.id, { title: 'Last summer', group_id: group.id, moderation_status: 'APPROVED', start_date: at(-30), end_date: at(-30 + 0.1) })
    const past = (await api.get(`/groups/${handle}/events?when=past`)).body.events.map((e: { _id: string }) => e._id)
    expect(past).toEqual([old2, old1])
    const upcoming = (await api.get(`/groups/${handle}/events`)).body.events.map((e: { startDate: string }) => e.startDate)
    expect(upcoming.length).toBeGreaterThan(1)
    expect([...upcoming].sort()).toEqual(upcoming)
    expect((await api.get(`/groups/${handle}/events?when=later`)).status).toBe(400)

    const made = await postAs(editor, { title: 'Farewell' })
    expect((await send(api, 'DELETE', `/groups/${handle}`, { token: owner.token })).status).toBe(200)
    const after = await read(made.body._id, editor)
    expect(after.status).toBe(200)
    expect(after.body.group).toBeNull()
    expect(after.body.isOwner).toBe(true)
    expect((await read(made.body._id, admin)).body.isOwner).toBe(false)
  })
})
