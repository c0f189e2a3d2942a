// What the moderation console's decisions do (ARCHITECTURE "Moderation decisions"): each is logged with its
// reason and told to the owner, who still sees the content and why; others get 404 or a placeholder (a REJECTED
// event, photo set, avatar or profile, a deleted event) until the owner's edit sends it back to review or a
// moderator restores it. SQLite and, with TEST_DATABASE=postgres, PostgreSQL.
import { describe, expect, it } from 'vitest'
import type { TestApi } from './helpers'
import { baseEvent, createEvent, eventForm, makeUser, send, type TestUser } from './events-fixtures'
import { type ConsoleApi, useConsoleApi } from './admin-fixtures'

let api: TestApi, admin: TestUser, superAdmin: TestUser
let photoForm: ConsoleApi['photoForm'], setAvatarColumns: ConsoleApi['setAvatarColumns']
useConsoleApi((consoleApi) => ({ api, admin, superAdmin, photoForm, setAvatarColumns } = consoleApi))

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
