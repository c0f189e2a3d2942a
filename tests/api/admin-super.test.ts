// The super admin's rules in the moderation console (SPEC §7 Admin): names, role and activation (the new role
// applies at once), a post edited through the event form, its photos and a user's avatar added and removed; no
// one changes their own role or decides on their own content (each row says whether the viewer may), the last
// super admin stays, and a reason over 500 characters or a decision that changes nothing is refused.
// SQLite and, with TEST_DATABASE=postgres, PostgreSQL.
import { describe, expect, it } from 'vitest'
import { createAdminService } from '../../api/modules/moderation/service'
import { createEventsService } from '../../api/modules/events/service'
import { createProfileService } from '../../api/modules/profile/service'
import { startTestApi, type TestApi } from './helpers'
import { baseEvent, createEvent, makeUser, send, type TestUser } from './events-fixtures'
import { type ConsoleApi, expectRefusal, useConsoleApi } from './admin-fixtures'

let api: TestApi, admin: TestUser, superAdmin: TestUser, photoForm: ConsoleApi['photoForm']
useConsoleApi((consoleApi) => ({ api, admin, superAdmin, photoForm } = consoleApi))

describe('super admin rules', () => {
  it('edits names, role and activation; the new role applies to the next request', async () => {
    const person = await makeUser(api)
    const res = await send(api, 'PATCH', `/admin/users/${person.id}`, {
      token: superAdmin.token,
      json: { name: 'Renamed', role: 'admin', isActivated: true, reason: 'Promoted' },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ name: 'Renamed', role: 'admin' })
    expect((await send(api, 'GET', '/admin/users', { token: person.token })).status).toBe(200)
    const log = await send(api, 'GET', `/admin/log?targetId=${person.id}`, { token: superAdmin.token })
    expect(log.body.entries.map((e: { field: string }) => e.field).sort()).toEqual(['content', 'role'])
  })

  it('nobody changes their own role or decides on their own content', async () => {
    expectRefusal(await send(api, 'PATCH', `/admin/users/${superAdmin.id}`, { token: superAdmin.token, json: { role: 'user' } }), 403, 'cannotChangeOwnRole')
    expectRefusal(await send(api, 'PATCH', `/admin/users/${admin.id}`, { token: admin.token, json: { moderationStatus: 'APPROVED' } }), 403, 'ownContent')
    const own = await createEvent(api, admin.token)
    expectRefusal(await send(api, 'PATCH', `/admin/posts/${own._id}`, { token: admin.token, json: { moderationStatus: 'APPROVED' } }), 403, 'ownContent')
  })

  it('says in every row the console shows whether the viewer may decide on it: not on their own (one rule, the policy)', async () => {
    const own = await createEvent(api, admin.token, { title: 'Mine to leave alone' })
    const theirs = await createEvent(api, superAdmin.token, { title: 'Someone else decides' })
    const rows = (await send(api, 'GET', '/admin/events?query=leave+alone', { token: admin.token })).body.events as { _id: string; mayModerate: boolean }[]
    expect(rows.find((r) => r._id === own._id)?.mayModerate).toBe(false)
    expect((await send(api, 'GET', `/event/${own._id}`, { token: admin.token })).body.mayModerate).toBe(false)
    expect((await send(api, 'GET', `/event/${theirs._id}`, { token: admin.token })).body.mayModerate).toBe(true)
    expect((await send(api, 'GET', `/event/${theirs._id}`, { token: superAdmin.token })).body.mayModerate).toBe(false)
    const people = (await send(api, 'GET', `/admin/users?query=${admin.username}`, { token: admin.token })).body.users as { _id: string; mayModerate: boolean }[]
    expect(people.find((u) => u._id === admin.id)?.mayModerate).toBe(false)
    const others = (await send(api, 'GET', `/admin/users?query=${admin.username}`, { token: superAdmin.token })).body.users as { _id: string; mayModerate: boolean }[]
    expect(others.find((u) => u._id === admin.id)?.mayModerate).toBe(true)
    // A person's view of an event: no moderation at all.
    const person = await makeUser(api)
    expect((await send(api, 'GET', `/event/${theirs._id}`, { token: person.token })).body.mayModerate).toBe(false)
    // The reports queue: a report about the admin's own event is for another moderator.
    expect((await send(api, 'POST', '/reports', { token: person.token, json: { targetType: 'POST', targetId: own._id, reason: 'spam' } })).status).toBe(201)
    const queue = (await send(api, 'GET', '/admin/reports', { token: admin.token })).body.reports as { targetId: string; target: { mayModerate: boolean } }[]
    expect(queue.find((r) => r.targetId === own._id)?.target.mayModerate).toBe(false)
    const queueOfAnother = (await send(api, 'GET', '/admin/reports', { token: superAdmin.token })).body.reports as { targetId: string; target: { mayModerate: boolean } }[]
    expect(queueOfAnother.find((r) => r.targetId === own._id)?.target.mayModerate).toBe(true)
  })

  it('the last super admin stays: two super admins demoting each other at once leave one', async () => {
    const solo = await startTestApi()
    try {
      const [a, b] = await Promise.all([makeUser(solo, { role: 'superAdmin' }), makeUser(solo, { role: 'superAdmin' })])
      const [ab, ba] = await Promise.all([
        send(solo, 'PATCH', `/admin/users/${b.id}`, { token: a.token, json: { role: 'admin' } }),
        send(solo, 'PATCH', `/admin/users/${a.id}`, { token: b.token, json: { role: 'admin' } }),
      ])
      expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1)
      // The loser was demoted first (403 superAdminOnly) or counted the last one left (409 lastSuperAdmin).
      expect(['superAdminOnly', 'lastSuperAdmin']).toContain([ab, ba].find((r) => r.status !== 200)?.body.code)
      const supers = await solo.app.ctx.db.selectFrom('users').select('id').where('role', '=', 'superAdmin').execute()
      expect(supers).toHaveLength(1)
      // A super admin demoted while their request was on its way cannot demote the last one left.
      const [winner, loser] = ab.status === 200 ? [a, b] : [b, a]
      expect(supers[0]?.id).toBe(winner.id)
      const service = createAdminService(solo.app.ctx, { events: createEventsService(solo.app.ctx), profile: createProfileService(solo.app.ctx) })
      const staleActor = { id: loser.id, role: 'superAdmin' as const, isActivated: true }
      await expect(service.patchUser(winner.id, { role: 'user' }, staleActor)).rejects.toMatchObject({
        statusCode: 409,
        code: 'lastSuperAdmin',
      })
    } finally {
      await solo.close()
    }
  })

  it('edits a post through the event form without changing its statuses; bad fields answer 400 per field', async () => {
    const owner = await makeUser(api)
    const event = await createEvent(api, owner.token)
    const form = { ...baseEvent({ title: 'Corrected title' }), eventType: undefined, accessType: undefined }
    const res = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: superAdmin.token, json: { ...form, moderationStatus: 'APPROVED' } })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ title: 'Corrected title', moderationStatus: 'APPROVED', postedBy: { _id: owner.id } })
    const bad = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: superAdmin.token, json: { ...form, title: '' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toContain('title')
  })

  it("adds and removes a post's photos within the limits; the path must name the author", async () => {
    const owner = await makeUser(api)
    const event = await createEvent(api, owner.token, {}, 2)
    const add = await send(api, 'POST', `/admin/posts/${event._id}/${owner.id}`, { token: superAdmin.token, form: photoForm() })
    expect(add.body.images).toHaveLength(3)
    expectRefusal(await send(api, 'POST', `/admin/posts/${event._id}/${owner.id}`, { token: superAdmin.token, form: photoForm() }), 400, 'validationFailed')
    expectRefusal(await send(api, 'POST', `/admin/posts/${event._id}/${admin.id}`, { token: superAdmin.token, form: photoForm() }), 404, 'notPostOwner')
    const names = add.body.images.map((i: { name: string }) => i.name)
    for (const name of names.slice(1)) {
      const del = await send(api, 'DELETE', `/admin/posts/${event._id}/${owner.id}`, { token: superAdmin.token, json: { name } })
      expect(del.status, del.text).toBe(200)
    }
    expectRefusal(await send(api, 'DELETE', `/admin/posts/${event._id}/${owner.id}`, { token: superAdmin.token, json: { name: names[0] } }), 400, 'lastImage')
  })

  it("uploads a user's avatar (APPROVED at once) and removes it", async () => {
    const person = await makeUser(api)
    const up = await send(api, 'POST', `/admin/users/${person.id}/upload-avatar`, { token: superAdmin.token, form: photoForm('file') })
    expect(up.status, up.text).toBe(200)
    expect(up.body.avatarFile?.url).toMatch(/\/uploads\/avatars\//)
    expect(up.body.moderationImageStatus).toBe('APPROVED')
    const down = await send(api, 'DELETE', `/admin/users/${person.id}/avatar`, { token: superAdmin.token })
    expect(down.status, down.text).toBe(200)
    expect(down.body.avatarFile).toBeNull()
  })

  it('refuses a reason over 500 characters and a decision that changes nothing', async () => {
    const owner = await makeUser(api)
    const event = await createEvent(api, owner.token)
    const long = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationStatus: 'REJECTED', reason: 'x'.repeat(501) } })
    expect(long.status).toBe(400)
    expect(Object.keys(long.body.errors)).toEqual(['reason'])
    expectRefusal(await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationStatus: 'PENDING' } }), 400, 'nothingToChange')
    expectRefusal(await send(api, 'PATCH', '/admin/posts/no-such-post', { token: admin.token, json: { moderationStatus: 'REJECTED' } }), 404, 'notFound')
  })
})
