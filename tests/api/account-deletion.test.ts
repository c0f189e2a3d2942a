// Account deletion (docs/decisions/020-account-deletion.md), on SQLite and PostgreSQL: a request deactivates
// the account at once; signing in within the delay allows only cancelling; cancelling restores everything; the
// purge at day 30 (an injected clock) removes every row and file, and a second purge changes nothing.
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeDeletedAccounts } from '../../api/modules/account/purge'
import { activatedUser, startTestApi, type TestApi } from './helpers'
import { createEvent, jpeg, makeUser, send } from './events-fixtures'

const DAY = 86_400_000
let clock = new Date('2026-11-24T08:00:00.000Z')
let api: TestApi

beforeAll(async () => {
  api = await startTestApi({}, undefined, { clock: () => clock })
})
afterAll(async () => {
  await api?.close()
})

async function login(email: string, password: string) {
  return api.post('/auth/login', { email, password })
}

describe('POST /profile/my/deletion', () => {
  it('deactivates at once: sessions end, the profile and posts are gone for others, pending invitations are withdrawn, a mail confirms', async () => {
    const person = await activatedUser(api)
    const [stranger, follower] = await Promise.all([makeUser(api), makeUser(api)])
    const event = await createEvent(api, person.accessToken)
    await send(api, 'PUT', `/profile/${person.user.id}/follow`, {
      token: follower.token,
      json: { follow: true },
    })
    const followerEvent = await createEvent(api, follower.token)
    await send(api, 'PUT', `/profile/${follower.id}/follow`, {
      token: person.accessToken,
      json: { follow: true },
    })
    const invite = await send(api, 'POST', '/invitations', {
      token: follower.token,
      json: { postId: followerEvent._id, recipientIds: [person.user.id] },
    })
    expect(invite.status, invite.text).toBe(201)

    expect(
      (
        await send(api, 'POST', '/profile/my/deletion', {
          token: person.accessToken,
          json: { password: 'wrong-one' },
        })
      ).body.errors,
    ).toHaveProperty('password')
    const res = await send(api, 'POST', '/profile/my/deletion', {
      token: person.accessToken,
      json: { password: person.input.password },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({
      requestedAt: clock.toISOString(),
      purgeAt: new Date(clock.getTime() + 30 * DAY).toISOString(),
    })
    const mail = await api.smtp.waitForMail(person.input.email, { subject: /will be deleted/ })
    expect(mail.text).toContain('Cancel deletion')

    expect((await send(api, 'GET', '/profile/my', { token: person.accessToken })).status).toBe(401)
    expect((await send(api, 'GET', `/profile/${person.user.id}`, { token: stranger.token })).status).toBe(404)
    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).status).toBe(404)
    const followers = await send(api, 'GET', `/profile/${follower.id}/followers`, { token: stranger.token })
    expect(followers.body.users.map((u: { _id: string }) => u._id)).not.toContain(person.user.id)
    expect(
      (await send(api, 'GET', `/profile/${follower.id}`, { token: stranger.token })).body.followers,
    ).toBe(0)
    const search = await send(api, 'GET', `/profile/?query=${person.input.username}`, {
      token: stranger.token,
    })
    expect(search.body.profiles).toHaveLength(0)
    const statuses = await send(api, 'GET', `/invitations/${followerEvent._id}/statuses`, {
      token: follower.token,
    })
    expect(statuses.body.statuses).toHaveLength(0)
  })

  it('signing in within the delay allows only cancelling; cancelling brings everything back', async () => {
    const person = await activatedUser(api)
    const stranger = await makeUser(api)
    const event = await createEvent(api, person.accessToken)
    await send(api, 'POST', '/profile/my/deletion', {
      token: person.accessToken,
      json: { password: person.input.password },
    })

    const again = await login(person.input.email, person.input.password)
    expect(again.status).toBe(200)
    expect(again.body.user.deletionRequestedAt).toBe(clock.toISOString())
    const token = again.body.accessToken as string
    expect((await send(api, 'GET', '/auth/my', { token })).status).toBe(200)
    const refused = await send(api, 'GET', '/profile/my', { token })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('deletionPending')
    expect((await send(api, 'PUT', `/event/${event._id}/like`, { token, json: { like: true } })).status).toBe(
      403,
    )
    // Public pages answer as to a visitor.
    expect((await send(api, 'GET', '/event/all', { token })).status).toBe(200)
    expect((await send(api, 'GET', '/profile/my/deletion', { token })).body.requestedAt).toBe(
      clock.toISOString(),
    )

    const cancel = await send(api, 'DELETE', '/profile/my/deletion', { token })
    expect(cancel.body).toEqual({ cancelled: true })
    expect((await send(api, 'GET', '/profile/my', { token })).status).toBe(200)
    expect((await send(api, 'GET', `/profile/${person.user.id}`, { token: stranger.token })).status).toBe(200)
    expect((await send(api, 'GET', `/event/${event._id}`, { token: stranger.token })).status).toBe(200)
    expect((await send(api, 'DELETE', '/profile/my/deletion', { token })).status).toBe(404)
  })

  it("hides the account's likes, seats' names, follows and sender name everywhere while pending; cancelling shows them again", async () => {
    const person = await activatedUser(api)
    const [organizer, friend, visitor] = await Promise.all([makeUser(api), makeUser(api), makeUser(api)])
    const event = await createEvent(api, organizer.token, { maxParticipants: 2 })
    const token = person.accessToken
    await send(api, 'PUT', `/event/${event._id}/like`, { token, json: { like: true } })
    await send(api, 'PUT', `/event/${event._id}/participate`, { token, json: { participate: true } })
    await send(api, 'PUT', `/profile/${friend.id}/follow`, { token, json: { follow: true } })
    await send(api, 'PUT', `/profile/${person.user.id}/follow`, { token: friend.token, json: { follow: true } })

    /** Everything that names the person or counts them, as an anonymous visitor, a signed-in one and the people they touched see it. */
    const surfaces = async () => {
      const [anonymous, signedIn, participants, friendProfile, followers, following, search, organizerNotes, friendNotes] = await Promise.all([
        send(api, 'GET', `/event/${event._id}`),
        send(api, 'GET', `/event/${event._id}`, { token: visitor.token }),
        send(api, 'GET', `/event/${event._id}/participants`),
        send(api, 'GET', `/profile/${friend.id}`),
        send(api, 'GET', `/profile/${friend.id}/followers`),
        send(api, 'GET', `/profile/${friend.id}/following`),
        send(api, 'GET', `/profile/?query=${encodeURIComponent(person.input.username)}`, { token: visitor.token }),
        send(api, 'GET', '/notifications', { token: organizer.token }),
        send(api, 'GET', '/notifications', { token: friend.token }),
      ])
      const named = (list: { _id?: string; userFrom?: { _id: string } | null }[]) =>
        list.some((x) => x._id === person.user.id || x.userFrom?._id === person.user.id)
      return {
        likes: [anonymous.body.likes.includes(person.user.id), signedIn.body.likes.includes(person.user.id)],
        likesCount: anonymous.body.likesCount,
        inParticipants: [anonymous.body.participants.includes(person.user.id), named(participants.body.participants)],
        seatsTaken: anonymous.body.participantsCount,
        canJoin: signedIn.body.canJoin,
        counts: [friendProfile.body.followers, friendProfile.body.following],
        inFollowLists: [named(followers.body.users), named(following.body.users)],
        inSearch: named(search.body.profiles),
        asSender: [named(organizerNotes.body.notifications), named(friendNotes.body.notifications)],
      }
    }
    const before = await surfaces()
    expect(before).toMatchObject({
      likes: [true, true],
      likesCount: 1,
      inParticipants: [true, true],
      seatsTaken: 1,
      inSearch: true,
      asSender: [true, true],
      inFollowLists: [true, true],
    })

    await send(api, 'POST', '/profile/my/deletion', { token, json: { password: person.input.password } })
    const pending = await surfaces()
    expect(pending).toEqual({
      likes: [false, false],
      likesCount: 0,
      inParticipants: [false, false],
      // The seat is held for the account until the purge or its return: the event is as full as it was.
      seatsTaken: 1,
      canJoin: before.canJoin,
      counts: [before.counts[0] - 1, before.counts[1] - 1],
      inFollowLists: [false, false],
      inSearch: false,
      asSender: [false, false],
    })

    const again = await login(person.input.email, person.input.password)
    await send(api, 'DELETE', '/profile/my/deletion', { token: again.body.accessToken })
    expect(await surfaces()).toEqual(before)
  })

  it('an account without a password confirms with a mailed code', async () => {
    const person = await activatedUser(api)
    await api.app.ctx.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', person.user.id)
      .execute()
    const missing = await send(api, 'POST', '/profile/my/deletion', { token: person.accessToken, json: {} })
    expect(missing.body.errors).toHaveProperty('verificationCode')
    const before = api.smtp.mailsTo(person.input.email).length
    expect((await send(api, 'POST', '/profile/my/deletion/code', { token: person.accessToken })).status).toBe(
      200,
    )
    const mail = await api.smtp.waitForMail(person.input.email, { after: before })
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
    expect(
      (
        await send(api, 'POST', '/profile/my/deletion', {
          token: person.accessToken,
          json: { verificationCode: '000000' },
        })
      ).status,
    ).toBe(400)
    const res = await send(api, 'POST', '/profile/my/deletion', {
      token: person.accessToken,
      json: { verificationCode: code },
    })
    expect(res.status, res.text).toBe(200)
  })
})

describe('the purge', () => {
  it('removes every row and file of the account 30 days after the request, and only then; a second run changes nothing', async () => {
    // An instance of its own: the accounts of the tests above would be purged along.
    const outer = api
    api = await startTestApi({}, undefined, { clock: () => clock })
    try {
      await purgeCase()
    } finally {
      await api.close()
      api = outer
    }
  })
})

/** One account through its whole purge (the test above runs it on an instance of its own). */
async function purgeCase() {
  const person = await activatedUser(api)
  const [other, moderator] = await Promise.all([makeUser(api), makeUser(api, { role: 'admin' })])
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'me.jpg')
  expect((await send(api, 'POST', '/profile/upload', { token: person.accessToken, form })).status).toBe(200)
  const own = await createEvent(api, person.accessToken, {}, 2)
  const others = await createEvent(api, other.token)
  await send(api, 'PUT', `/event/${others._id}/like`, { token: person.accessToken, json: { like: true } })
  await send(api, 'PUT', `/event/${others._id}/participate`, {
    token: person.accessToken,
    json: { participate: true },
  })
  await send(api, 'PUT', `/profile/${other.id}/follow`, {
    token: person.accessToken,
    json: { follow: true },
  })
  await send(api, 'PUT', `/profile/${person.user.id}/follow`, {
    token: other.token,
    json: { follow: true },
  })
  await send(api, 'POST', '/reports', {
    token: person.accessToken,
    json: { targetType: 'USER', targetId: other.id, reason: 'spam' },
  })
  await send(api, 'PATCH', `/admin/users/${person.user.id}`, {
    token: moderator.token,
    json: { moderationImageStatus: 'REJECTED' },
  })
  const db = api.app.ctx.db
  const userRow = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', person.user.id)
    .executeTakeFirstOrThrow()
  const photoRows = await db
    .selectFrom('post_images')
    .select(['path', 'thumb_path'])
    .where('post_id', '=', own._id)
    .execute()
  const files = [userRow.avatar_path, ...photoRows.flatMap((p) => [p.path, p.thumb_path])]
    .filter((p): p is string => !!p)
    .map((p) => path.join(api.config.uploadsDir, p))
  expect(files.length).toBeGreaterThanOrEqual(3)
  for (const file of files) await expect(fs.stat(file)).resolves.toBeTruthy()

  await send(api, 'POST', '/profile/my/deletion', {
    token: person.accessToken,
    json: { password: person.input.password },
  })
  const requestedAt = clock

  clock = new Date(requestedAt.getTime() + 29 * DAY)
  expect(await purgeDeletedAccounts(api.app.ctx)).toMatchObject({ purged: 0 })
  expect(
    await db.selectFrom('users').select('id').where('id', '=', person.user.id).executeTakeFirst(),
  ).toBeTruthy()

  clock = new Date(requestedAt.getTime() + 30 * DAY + 1000)
  expect(await purgeDeletedAccounts(api.app.ctx)).toMatchObject({ purged: 1 })
  const id = person.user.id
  const count = async (query: Promise<unknown[]>) => (await query).length
  expect(await count(db.selectFrom('users').select('id').where('id', '=', id).execute())).toBe(0)
  expect(await count(db.selectFrom('posts').select('id').where('posted_by', '=', id).execute())).toBe(0)
  expect(
    await count(db.selectFrom('post_images').select('id').where('post_id', '=', own._id).execute()),
  ).toBe(0)
  expect(await count(db.selectFrom('post_likes').select('user_id').where('user_id', '=', id).execute())).toBe(
    0,
  )
  expect(
    await count(db.selectFrom('post_participants').select('user_id').where('user_id', '=', id).execute()),
  ).toBe(0)
  expect(
    await count(
      db
        .selectFrom('follows')
        .select('follower_id')
        .where((eb) => eb.or([eb('follower_id', '=', id), eb('followee_id', '=', id)]))
        .execute(),
    ),
  ).toBe(0)
  expect(
    await count(
      db
        .selectFrom('notifications')
        .select('id')
        .where((eb) => eb.or([eb('recipient_id', '=', id), eb('user_from', '=', id)]))
        .execute(),
    ),
  ).toBe(0)
  expect(await count(db.selectFrom('reports').select('id').where('reporter_id', '=', id).execute())).toBe(0)
  expect(await count(db.selectFrom('refresh_tokens').select('id').where('user_id', '=', id).execute())).toBe(
    0,
  )
  expect(await count(db.selectFrom('email_codes').select('id').where('user_id', '=', id).execute())).toBe(0)
  for (const file of files) await expect(fs.stat(file)).rejects.toThrow()
  // The moderation log keeps the decision, about an account that is gone.
  const log = await send(api, 'GET', `/admin/log?targetId=${id}`, { token: moderator.token })
  expect(log.body.entries).toHaveLength(1)
  expect(log.body.entries[0].targetLabel).toBeNull()
  // The other user's event lost a like and a participant, nothing else.
  expect((await send(api, 'GET', `/event/${others._id}`, { token: other.token })).body).toMatchObject({
    likesCount: 0,
    participantsCount: 0,
  })

  expect(await purgeDeletedAccounts(api.app.ctx)).toEqual({ purged: 0, files: 0 })
}
