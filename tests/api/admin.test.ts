// The moderation console's API (SPEC §7 Admin; ARCHITECTURE "Moderation decisions"), on SQLite and, with
// TEST_DATABASE=postgres, on PostgreSQL. First a table: every /admin/* operation × caller, with the exact
// status (each row gets targets of its own, so rows never depend on each other). Then what decisions do:
// filters and paging, the log, the owner's notification, visibility to others, and the super-admin rules.
import { type MessageCode, translateMessage } from '#contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminService } from '../../api/modules/moderation/service'
import { createEventsService } from '../../api/modules/events/service'
import { createProfileService } from '../../api/modules/profile/service'
import { startTestApi, type TestApi, type TestResponse } from './helpers'
import { baseEvent, createEvent, eventForm, jpeg, makeUser, placeFields, send, type TestUser } from './events-fixtures'

let api: TestApi
let admin: TestUser
let superAdmin: TestUser
let photo: Buffer

beforeAll(async () => {
  api = await startTestApi()
  ;[admin, superAdmin] = await Promise.all([makeUser(api, { role: 'admin' }), makeUser(api, { role: 'superAdmin' })])
  photo = await jpeg()
})
afterAll(async () => {
  await api?.close()
})

function photoForm(field = 'files'): FormData {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  return form
}

async function setAvatarColumns(userId: string) {
  await api.app.ctx.db
    .updateTable('users')
    .set({ avatar_path: 'avatars/0123456789abcdef0123456789abcdef.webp', avatar_name: 'me.webp' })
    .where('id', '=', userId)
    .execute()
}

function expectRefusal(res: TestResponse, status: number, code: MessageCode) {
  expect(res.status, res.text).toBe(status)
  expect(res.body.code).toBe(code)
  expect(res.body.message).toBe(translateMessage(code, 'en'))
}

// --- the rights table -----------------------------------------------------------------------------------

type Caller = 'anonymous' | 'unactivated admin' | 'user' | 'bot' | "the target's owner" | 'admin' | 'superAdmin'
type Operation =
  | 'GET users'
  | 'GET user'
  | 'GET events'
  | 'GET places'
  | 'GET log'
  | 'PATCH user status'
  | 'PATCH user role'
  | 'POST user avatar'
  | 'DELETE user avatar'
  | 'PATCH post status'
  | 'PATCH post form'
  | 'POST post photo'
  | 'DELETE post photo'

const OPERATIONS: Operation[] = [
  'GET users',
  'GET user',
  'GET events',
  'GET places',
  'GET log',
  'PATCH user status',
  'PATCH user role',
  'POST user avatar',
  'DELETE user avatar',
  'PATCH post status',
  'PATCH post form',
  'POST post photo',
  'DELETE post photo',
]
const STATUS_OPERATIONS = new Set<Operation>(['GET users', 'GET user', 'GET events', 'GET places', 'GET log', 'PATCH user status', 'PATCH post status'])

function expected(caller: Caller, op: Operation): readonly [number, MessageCode | null] {
  if (caller === 'anonymous') return [401, 'unauthorized']
  if (caller === 'unactivated admin') return [403, 'notActivated']
  if (caller === 'user' || caller === 'bot' || caller === "the target's owner") return [403, 'forbidden']
  if (caller === 'admin' && !STATUS_OPERATIONS.has(op)) return [403, 'superAdminOnly']
  return [200, null]
}

const CALLERS: Caller[] = ['anonymous', 'unactivated admin', 'user', 'bot', "the target's owner", 'admin', 'superAdmin']

describe('every /admin/* operation × caller', () => {
  for (const op of OPERATIONS) {
    for (const caller of CALLERS) {
      const [status, code] = expected(caller, op)
      it(`${op} as ${caller} → ${status}${code ? ` ${code}` : ''}`, async () => {
        const owner = await makeUser(api)
        const post = await createEvent(api, owner.token, {}, 2)
        const token =
          caller === 'anonymous'
            ? undefined
            : caller === 'unactivated admin'
              ? (await makeUser(api, { role: 'admin', activated: false })).token
              : caller === 'user'
                ? (await makeUser(api)).token
                : caller === 'bot'
                  ? (await makeUser(api, { role: 'bot' })).token
                  : caller === "the target's owner"
                    ? owner.token
                    : caller === 'admin'
                      ? admin.token
                      : superAdmin.token
        if (op === 'DELETE user avatar') await setAvatarColumns(owner.id)
        const images = (post.images as { name: string }[]).map((i) => i.name)
        const call: Record<Operation, () => Promise<TestResponse>> = {
          'GET users': () => send(api, 'GET', '/admin/users', { token }),
          'GET user': () => send(api, 'GET', `/admin/users/${owner.id}`, { token }),
          'GET events': () => send(api, 'GET', '/admin/events', { token }),
          'GET places': () => send(api, 'GET', '/admin/places', { token }),
          'GET log': () => send(api, 'GET', '/admin/log', { token }),
          'PATCH user status': () => send(api, 'PATCH', `/admin/users/${owner.id}`, { token, json: { moderationStatus: 'APPROVED' } }),
          'PATCH user role': () => send(api, 'PATCH', `/admin/users/${owner.id}`, { token, json: { role: 'admin' } }),
          'POST user avatar': () => send(api, 'POST', `/admin/users/${owner.id}/upload-avatar`, { token, form: photoForm('file') }),
          'DELETE user avatar': () => send(api, 'DELETE', `/admin/users/${owner.id}/avatar`, { token, json: { name: 'me.webp' } }),
          'PATCH post status': () => send(api, 'PATCH', `/admin/posts/${post._id}`, { token, json: { moderationStatus: 'REJECTED', reason: 'x' } }),
          'PATCH post form': () =>
            send(api, 'PATCH', `/admin/posts/${post._id}`, { token, json: { ...baseEvent({ title: 'Edited by a moderator' }), eventType: undefined, accessType: undefined } }),
          'POST post photo': () => send(api, 'POST', `/admin/posts/${post._id}/${owner.id}`, { token, form: photoForm() }),
          'DELETE post photo': () => send(api, 'DELETE', `/admin/posts/${post._id}/${owner.id}`, { token, json: { name: images[0] } }),
        }
        const res = await call[op]()
        if (code) expectRefusal(res, status, code)
        else expect(res.status, res.text).toBe(status)
      })
    }
  }
})

// --- what the decisions do ------------------------------------------------------------------------------

describe('tables: filters, text query, paging and order', () => {
  it('events by status and title words, 7 a page by default, newest change first or oldest first', async () => {
    const owner = await makeUser(api)
    const word = `Zebra${Date.now()}`
    const created = []
    for (let i = 0; i < 9; i++) created.push(await createEvent(api, owner.token, { title: `${word} gig ${i}` }))
    const place = await createEvent(api, admin.token, placeFields({ title: `${word} café` }))
    // Two of them rejected, one deleted.
    for (const e of created.slice(0, 2))
      expect((await send(api, 'PATCH', `/admin/posts/${e._id}`, { token: admin.token, json: { moderationStatus: 'REJECTED' } })).status).toBe(200)
    expect((await send(api, 'PATCH', `/admin/posts/${created[2]?._id}`, { token: admin.token, json: { postStatus: 'DELETED' } })).status).toBe(200)

    const first = await send(api, 'GET', `/admin/events?query=${word}`, { token: admin.token })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ page: 1, pageSize: 7, total: 9, hasMore: true })
    expect(first.body.events).toHaveLength(7)
    // Last changed first: the deleted one, then the two rejected ones.
    expect(first.body.events[0]._id).toBe(created[2]?._id)
    const second = await send(api, 'GET', `/admin/events?query=${word}&page=2`, { token: admin.token })
    expect(second.body).toMatchObject({ page: 2, total: 9, hasMore: false })
    expect(second.body.events).toHaveLength(2)

    const rejected = await send(api, 'GET', `/admin/events?query=${word}&moderationStatus=REJECTED`, { token: admin.token })
    expect(rejected.body.events.map((e: { _id: string }) => e._id).sort()).toEqual([created[0]?._id, created[1]?._id].sort())
    const deleted = await send(api, 'GET', `/admin/events?query=${word}&postStatus=DELETED`, { token: admin.token })
    expect(deleted.body.events.map((e: { _id: string }) => e._id)).toEqual([created[2]?._id])
    const pendingOldest = await send(api, 'GET', `/admin/events?query=${word}&moderationStatus=PENDING&postStatus=ACTIVE&sort=oldest&pageSize=50`, {
      token: admin.token,
    })
    expect(pendingOldest.body.events.map((e: { _id: string }) => e._id)).toEqual(created.slice(3).map((e) => e._id))
    // An empty filter value (a GET form's "any") is no filter.
    const any = await send(api, 'GET', `/admin/events?query=${word}&moderationStatus=&postStatus=&pageSize=50`, { token: admin.token })
    expect(any.body.total).toBe(9)

    const places = await send(api, 'GET', `/admin/places?query=${word}`, { token: admin.token })
    expect(places.body.events.map((e: { _id: string }) => e._id)).toEqual([place._id])
  })

  it('rows carry every photo, also a REJECTED set', async () => {
    const owner = await makeUser(api)
    const event = await createEvent(api, owner.token, { title: `Three photos ${Date.now()}` }, 3)
    await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationImageStatus: 'REJECTED' } })
    const res = await send(api, 'GET', `/admin/events?query=${encodeURIComponent(String(event.title))}`, { token: admin.token })
    expect(res.body.events[0].images).toHaveLength(3)
    expect(res.body.events[0].images[0]._id).not.toBe('placeholder')
  })

  it('users by role, statuses and words of the name or email', async () => {
    const [a, b] = await Promise.all([makeUser(api), makeUser(api, { role: 'bot' })])
    const byEmail = await send(api, 'GET', `/admin/users?query=${a.username}@example`, { token: admin.token })
    expect(byEmail.body.users.map((u: { _id: string }) => u._id)).toEqual([a.id])
    expect(byEmail.body.users[0].email).toBe(`${a.username}@example.com`)
    const bots = await send(api, 'GET', '/admin/users?role=bot&pageSize=50', { token: admin.token })
    expect(bots.body.users.map((u: { _id: string }) => u._id)).toContain(b.id)
    expect(bots.body.users.every((u: { role: string }) => u.role === 'bot')).toBe(true)
    await send(api, 'PATCH', `/admin/users/${a.id}`, { token: admin.token, json: { moderationImageStatus: 'REJECTED' } })
    const rejected = await send(api, 'GET', '/admin/users?moderationImageStatus=REJECTED&pageSize=50', { token: admin.token })
    expect(rejected.body.users.map((u: { _id: string }) => u._id)).toContain(a.id)
    expect(rejected.body.users.every((u: { moderationImageStatus: string }) => u.moderationImageStatus === 'REJECTED')).toBe(true)
  })

  it('refuses bad query values with 400 and their field', async () => {
    for (const query of ['pageSize=51', 'page=0', 'role=king', 'moderationStatus=MAYBE', 'sort=sideways', `query=${'x'.repeat(101)}`]) {
      const res = await send(api, 'GET', `/admin/users?${query}`, { token: admin.token })
      expect(res.status, query).toBe(400)
    }
  })
})

describe('decisions: the log, the owner is told, others see the result', () => {
  it("rejecting an event's info: logged with the reason, the owner is notified and sees it, others get 404 until the owner edits it", async () => {
    const [owner, stranger] = await Promise.all([makeUser(api), makeUser(api)])
    const event = await createEvent(api, owner.token, { title: `Rejected gig ${Date.now()}` })
    const reason = 'The description is an advert for another site.'
    const res = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationStatus: 'REJECTED', reason } })
    expect(res.status).toBe(200)
    expect(res.body.moderationStatus).toBe('REJECTED')

    const log = await send(api, 'GET', `/admin/log?targetId=${event._id}`, { token: superAdmin.token })
    expect(log.body.entries).toHaveLength(1)
    expect(log.body.entries[0]).toMatchObject({
      targetType: 'POST',
      targetId: event._id,
      targetLabel: event.title,
      field: 'moderationStatus',
      from: 'PENDING',
      to: 'REJECTED',
      reason,
      actor: { _id: admin.id },
    })

    const notes = await send(api, 'GET', '/notifications', { token: owner.token })
    const note = notes.body.notifications.find((n: { notificationType: string }) => n.notificationType === 'moderation')
    expect(note).toMatchObject({
      entityId: event._id,
      userFrom: null,
      post: { _id: event._id, title: event.title },
      moderation: { targetType: 'POST', field: 'moderationStatus', to: 'REJECTED', reason },
    })

    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).status).toBe(404)
    expect((await send(api, 'GET', `/event/${event._id}`)).status).toBe(404)
    const asOwner = await send(api, 'GET', `/event/${event._id}`, { token: owner.token })
    expect(asOwner.status).toBe(200)
    expect(asOwner.body.moderationReasons).toEqual({ info: reason, image: null, removed: null })
    const asAdmin = await send(api, 'GET', `/event/${event._id}`, { token: admin.token })
    expect(asAdmin.body.moderationReasons.info).toBe(reason)
    const listed = await send(api, 'GET', `/event/all?pageSize=50`, { token: stranger.token })
    expect(listed.body.events.map((e: { _id: string }) => e._id)).not.toContain(event._id)
    const ics = await send(api, 'GET', `/event/${owner.id}/events`, { token: stranger.token })
    expect(ics.body.events.map((e: { _id: string }) => e._id)).not.toContain(event._id)

    // Post-moderation: the owner's edit sends it back to PENDING, and it is visible again.
    const form = { ...baseEvent({ title: `${event.title} (fixed)` }) }
    const edit = await send(api, 'PUT', `/event/${event._id}`, { token: owner.token, form: eventForm(form) })
    expect(edit.status, edit.text).toBe(200)
    expect(edit.body.moderationStatus).toBe('PENDING')
    expect(edit.body.moderationReasons).toBeNull()
    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).status).toBe(200)

    const approve = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationStatus: 'APPROVED' } })
    expect(approve.body.moderationStatus).toBe('APPROVED')
    const after = await send(api, 'GET', `/admin/log?targetId=${event._id}`, { token: admin.token })
    expect(after.body.entries.map((e: { from: string; to: string }) => `${e.from}→${e.to}`)).toEqual(['PENDING→APPROVED', 'PENDING→REJECTED'])
  })

  it('a REJECTED photo set is a placeholder for everyone but the owner and moderators', async () => {
    const [owner, stranger] = await Promise.all([makeUser(api), makeUser(api)])
    const event = await createEvent(api, owner.token)
    await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationImageStatus: 'REJECTED', reason: 'Blurry' } })
    const asStranger = await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })
    expect(asStranger.status).toBe(200)
    expect(asStranger.body.images.map((i: { _id: string }) => i._id)).toEqual(['placeholder'])
    const asOwner = await send(api, 'GET', `/event/${event._id}`, { token: owner.token })
    expect(asOwner.body.images[0]._id).not.toBe('placeholder')
    expect(asOwner.body.moderationReasons.image).toBe('Blurry')
    const notes = await send(api, 'GET', '/notifications', { token: owner.token })
    expect(notes.body.notifications[0].moderation).toMatchObject({ field: 'moderationImageStatus', to: 'REJECTED', reason: 'Blurry' })
    // A new photo from the owner sends the set back to review.
    const upload = await send(api, 'POST', `/event/${event._id}/upload`, { token: owner.token, form: photoForm() })
    expect(upload.status).toBe(200)
    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).body.moderationImageStatus).toBe('PENDING')
  })

  it('delete and restore: DELETED is gone for others and the owner is told; ACTIVE brings it back', async () => {
    const [owner, stranger] = await Promise.all([makeUser(api), makeUser(api)])
    const event = await createEvent(api, owner.token)
    const del = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { postStatus: 'DELETED', reason: 'Spam' } })
    expect(del.body.postStatus).toBe('DELETED')
    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).status).toBe(404)
    const asOwner = await send(api, 'GET', `/event/${event._id}`, { token: owner.token })
    expect(asOwner.body.moderationReasons.removed).toBe('Spam')
    const notes = await send(api, 'GET', '/notifications', { token: owner.token })
    expect(notes.body.notifications[0]).toMatchObject({ notificationType: 'moderation', post: { _id: event._id }, moderation: { field: 'postStatus', to: 'DELETED' } })
    const restore = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { postStatus: 'ACTIVE' } })
    expect(restore.body.postStatus).toBe('ACTIVE')
    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).status).toBe(200)
    // Approving and restoring tell the owner nothing.
    expect((await send(api, 'GET', '/notifications', { token: owner.token })).body.notifications).toHaveLength(1)
  })

  it("a user's REJECTED photo and information: hidden from others, shown with the reason to the user", async () => {
    const [person, stranger] = await Promise.all([makeUser(api), makeUser(api)])
    await setAvatarColumns(person.id)
    await api.app.ctx.db.updateTable('users').set({ user_bio: 'Buy followers at example.com' }).where('id', '=', person.id).execute()
    const event = await createEvent(api, person.token)
    await send(api, 'PATCH', `/admin/users/${person.id}`, {
      token: admin.token,
      json: { moderationImageStatus: 'REJECTED', moderationStatus: 'REJECTED', reason: 'Advertising' },
    })
    const asStranger = await send(api, 'GET', `/profile/${person.id}`, { token: stranger.token })
    expect(asStranger.body.avatarFile).toBeNull()
    expect(asStranger.body.userBio).toBeNull()
    const organizer = await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })
    expect(organizer.body.postedBy.avatarFile).toBeNull()
    const own = await send(api, 'GET', '/profile/my', { token: person.token })
    expect(own.body.avatarFile).not.toBeNull()
    expect(own.body.userBio).toBe('Buy followers at example.com')
    expect(own.body.moderationReasons).toEqual({ info: 'Advertising', image: 'Advertising', removed: null })
    const notes = await send(api, 'GET', '/notifications', { token: person.token })
    const fields = notes.body.notifications.map((n: { moderation: { field: string } }) => n.moderation.field).sort()
    expect(fields).toEqual(['moderationImageStatus', 'moderationStatus'])
    // Editing the profile sends the information back to review.
    const patch = await send(api, 'PATCH', '/profile/my', { token: person.token, json: { userBio: 'Photographer' } })
    expect(patch.body.moderationStatus).toBe('PENDING')
    expect((await send(api, 'GET', `/profile/${person.id}`, { token: stranger.token })).body.userBio).toBe('Photographer')
  })
})

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

describe('a REJECTED profile in the people search', () => {
  it('shows no profession to others; the user and moderators still see it', async () => {
    const [person, stranger] = await Promise.all([makeUser(api), makeUser(api)])
    await api.app.ctx.db.updateTable('users').set({ profession: 'Follower seller' }).where('id', '=', person.id).execute()
    await send(api, 'PATCH', `/admin/users/${person.id}`, { token: admin.token, json: { moderationStatus: 'REJECTED' } })
    const search = (token: string) => send(api, 'GET', `/profile/?query=${person.username}`, { token })
    expect((await search(stranger.token)).body.profiles[0].profession).toBeNull()
    expect((await search(person.token)).body.profiles[0].profession).toBe('Follower seller')
    expect((await search(admin.token)).body.profiles[0].profession).toBe('Follower seller')
  })
})
