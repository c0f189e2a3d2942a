// Following the fediverse (issue 26 part 2, decision 040): two real Nearby APIs on loopback, A at 127.0.0.1 and
// B at localhost (two host names, two ports, two databases), federate for real. A person on B follows an
// organizer on A by handle; A's events arrive on B and follow every change; an unfollow and a domain block stop
// them; admins decide on servers through the API, and the decisions are logged.
import { randomUUID } from 'node:crypto'
import { Event, Place, PUBLIC_COLLECTION } from '@fedify/vocab'
import { Temporal } from '@js-temporal/polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseEvent, createEvent, future, makeUser, send, type TestUser } from './events-fixtures'
import { eventually, freePort, startFederatedApi, type TestApi } from './helpers'

let a: TestApi
let b: TestApi
let organizer: TestUser
let reader: TestUser
let admin: TestUser

/** B's copy of one of A's events, by title, as B's API shows it to `viewer`. */
async function remoteCopy(title: string, viewer: TestUser | null = reader) {
  const row = await b.app.ctx.db
    .selectFrom('posts')
    .select(['id', 'post_status'])
    .where('title', '=', title)
    .where('remote_object', 'is not', null)
    .executeTakeFirst()
  if (!row) throw new Error(`${title} has not arrived on B`)
  const res = await send(b, 'GET', `/event/${row.id}`, viewer ? { token: viewer.token } : {})
  return { row, res, event: res.body as Record<string, unknown> & { remote?: { url: string; domain: string; html: string } } }
}

/** Both queues are empty: everything A sent has been delivered to B, and B has handled what arrived. */
async function settled() {
  await a.app.federationSent!()
  for (const api of [a, b])
    await eventually(async () => {
      const left = await api.app.ctx.db.selectFrom('federation_queue').select('id').execute()
      expect(left).toEqual([])
    })
}

/** A still counts B's reader among the organizer's followers (as if B's Undo had been lost). */
async function aStillDeliversToReader() {
  const actor = `user-${organizer.id}`
  const follower = `${b.config.webUrl}/ap/actors/user-${reader.id}`
  await a.app.ctx.db
    .insertInto('federation_followers')
    .values({
      actor,
      follower,
      inbox: `${follower}/inbox`,
      shared_inbox: `${b.config.webUrl}/ap/inbox`,
      domain: 'localhost',
      follow_id: `${follower}#lost`,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['actor', 'follower']).doNothing())
    .execute()
}

const handleOnA = () => `@${organizer.username.toLowerCase()}@127.0.0.1:${new URL(a.url).port}`
/** B's list of Belgrade's events for `viewer`. */
const belgradeList = async (viewer: TestUser | null) =>
  (
    (await send(b, 'GET', '/event/all?city=Belgrade&eventType=EVENT', viewer ? { token: viewer.token } : {})).body as {
      events: { title: string }[]
    }
  ).events.map((e) => e.title)

beforeAll(async () => {
  ;[a, b] = await Promise.all([startFederatedApi('127.0.0.1'), startFederatedApi('localhost')])
  organizer = await makeUser(a)
  reader = await makeUser(b)
  admin = await makeUser(b, { role: 'admin' })
}, 60_000)

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
})

describe('a person on B follows an organizer on A', () => {
  let profileId: string

  it('follows by handle: B finds the actor through WebFinger, A accepts, and A counts a follower', async () => {
    const res = await send(b, 'POST', '/federation/following', { token: reader.token, json: { handle: handleOnA() } })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ isFollowing: true, followers: 1 })
    profileId = (res.body as { profileId: string }).profileId
    const profile = await send(b, 'GET', `/profile/${profileId}`, { token: reader.token })
    expect(profile.body).toMatchObject({
      isFollowing: true,
      remote: { handle: `@${organizer.username.toLowerCase()}@127.0.0.1:${new URL(a.url).port}`, domain: '127.0.0.1' },
    })
    await eventually(async () => {
      const following = await b.app.ctx.db.selectFrom('federation_following').selectAll().execute()
      expect(following).toMatchObject([{ user_id: reader.id, status: 'ACCEPTED' }])
    })
    const onA = await send(a, 'GET', `/profile/${organizer.id}`)
    expect((onA.body as { fediverse: { followers: number } }).fediverse.followers).toBe(1)
  })

  it("carries A's new event to B with its photo URL, place, times and origin; read-only there", async () => {
    const start = future(6)
    const created = await createEvent(a, organizer.token, {
      title: 'Federated gig',
      description: 'Strings <b>and</b> brass',
      startDate: start,
      endDate: future(6, 22),
    })
    const { event } = await eventually(() => remoteCopy('Federated gig'))
    expect(event).toMatchObject({
      title: 'Federated gig',
      startDate: start,
      endDate: future(6, 22),
      address: 'Knez Mihailova 1, Belgrade',
      coordinates: [20.46, 44.81],
      categories: ['concerts'],
      canJoin: false,
      isOwner: false,
      remote: { url: `${a.config.webUrl}/event/${created._id}`, domain: '127.0.0.1' },
    })
    // B keeps the photo's address on A and shows the photo through its own API (readers talk to B only).
    const photoOnA = ((await send(a, 'GET', `/event/${created._id}`)).body as { images: { url: string }[] }).images[0]!.url
    const stored = await b.app.ctx.db.selectFrom('post_images').select(['id', 'path']).where('post_id', '=', event._id as string).execute()
    expect(stored.map((i) => i.path)).toEqual([photoOnA])
    const shown = (event.images as { url: string }[]).map((i) => i.url)
    expect(shown).toEqual([`${b.url.replace('127.0.0.1', 'localhost')}/federation/media/${stored[0]!.id}`])
    const [proxied, original] = await Promise.all([fetch(shown[0]!), fetch(photoOnA)])
    expect(proxied.status).toBe(200)
    expect(proxied.headers.get('content-type')).toBe(original.headers.get('content-type'))
    expect(proxied.headers.get('content-type')).toMatch(/^image\//)
    expect(Buffer.from(await proxied.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true)
    // What the origin answers that is no photo (here, JSON) is never served from B's origin.
    await b.app.ctx.db.updateTable('post_images').set({ path: `${a.url}/health` }).where('id', '=', stored[0]!.id).execute()
    expect((await fetch(shown[0]!)).status).toBe(404)
    await b.app.ctx.db.updateTable('post_images').set({ path: photoOnA }).where('id', '=', stored[0]!.id).execute()
    expect((await fetch(`${b.url}/federation/media/not-a-uuid`)).status).toBe(400)
    // The text as A wrote it, escaped there and kept as safe HTML here; the plain text for the app.
    expect(event.remote!.html).toContain('Strings &lt;b&gt;and&lt;/b&gt; brass')
    expect(String(event.description)).toContain('Strings <b>and</b> brass')
    // Its seats are on A.
    const join = await send(b, 'PUT', `/event/${event._id as string}/participate`, { token: reader.token })
    expect(join.status).toBe(400)
    expect(join.body).toMatchObject({ message: expect.stringContaining('another server') })
    // The follower's list, calendar feed and the actor's profile hold it; a stranger's city list does not
    // (nobody allowed A's server yet).
    expect(await belgradeList(reader)).toContain('Federated gig')
    expect(await belgradeList(null)).not.toContain('Federated gig')
    const events = await send(b, 'GET', `/event/${profileId}/events`)
    expect((events.body as { events: { title: string }[] }).events.map((e) => e.title)).toContain('Federated gig')
    const feedUrl = ((await send(b, 'GET', '/calendar/me', { token: reader.token })).body as { url: string }).url
    const feed = await fetch(feedUrl)
    expect(await feed.text()).toContain('SUMMARY:Federated gig')
  })

  it('applies a move, a cancellation and a deletion on A to the copy on B', async () => {
    const created = await createEvent(a, organizer.token, { title: 'Moving gig' })
    await eventually(() => remoteCopy('Moving gig'))
    const moved = await send(a, 'POST', `/event/${created._id}/reschedule`, {
      token: organizer.token,
      json: { startDate: future(14), endDate: future(14, 23) },
    })
    expect(moved.status, moved.text).toBe(200)
    await eventually(async () => {
      const { event } = await remoteCopy('Moving gig')
      expect(event.startDate).toBe(future(14))
      expect(event.rescheduledAt).not.toBeNull()
    })
    const cancelled = await send(a, 'POST', `/event/${created._id}/cancel`, { token: organizer.token, json: { message: 'Rain' } })
    expect(cancelled.status, cancelled.text).toBe(200)
    await eventually(async () => {
      const { event } = await remoteCopy('Moving gig')
      expect(event.cancelledAt).not.toBeNull()
      expect(event.title).toBe('Moving gig')
    })
    expect((await send(a, 'DELETE', `/event/${created._id}`, { token: organizer.token })).status).toBe(200)
    await eventually(async () => {
      const { row, res } = await remoteCopy('Moving gig')
      expect(row.post_status).toBe('DELETED')
      expect(res.status).toBe(404)
    })
  })

  it('keeps only public events, in the order of their versions, and never one whose Delete came first', async () => {
    const following = b.app.ctx.federation!.remoteEvents
    const actor = new URL(`${a.config.webUrl}/ap/actors/user-${organizer.id}`)
    const objectOnA = (n: string) => new URL(`${a.config.webUrl}/ap/events/${n}`)
    const at = (minutes: number) => Temporal.Instant.fromEpochMilliseconds(Date.parse('2026-11-20T10:00:00Z') + minutes * 60_000)
    const event = (id: URL, name: string, version: number, to: URL = PUBLIC_COLLECTION) =>
      new Event({
        id,
        name,
        content: `<p>${name}</p>`,
        startTime: Temporal.Instant.from(future(9)),
        location: new Place({ name: 'Savamala, Belgrade', latitude: 44.81, longitude: 20.45 }),
        attribution: actor,
        to,
        updated: at(version),
      })
    const copyOf = (id: URL) =>
      b.app.ctx.db.selectFrom('posts').selectAll().where('remote_object', '=', id.href).executeTakeFirst()

    // Followers-only: not kept, even in an activity addressed to everyone.
    const friends = objectOnA(randomUUID())
    await following.receiveEvent(actor, event(friends, 'Friends only', 1, new URL(`${actor.href}/followers`)), {
      toIds: [PUBLIC_COLLECTION],
      ccIds: [],
    })
    expect(await copyOf(friends)).toBeUndefined()

    // Versions: an older one arriving late changes nothing; a newer one applies, and new words go back to review.
    const gig = objectOnA(randomUUID())
    await following.receiveEvent(actor, event(gig, 'Version two', 2))
    await b.app.ctx.db.updateTable('posts').set({ moderation_status: 'APPROVED' }).where('remote_object', '=', gig.href).execute()
    await following.receiveEvent(actor, event(gig, 'Version one', 1))
    expect(await copyOf(gig)).toMatchObject({ title: 'Version two', moderation_status: 'APPROVED' })
    await following.receiveEvent(actor, event(gig, 'Version three', 3))
    expect(await copyOf(gig)).toMatchObject({ title: 'Version three', moderation_status: 'PENDING' })

    // A Delete that overtook its Create: the Create that follows is not kept.
    const gone = objectOnA(randomUUID())
    await following.removeObject(actor, gone)
    await following.receiveEvent(actor, event(gone, 'Deleted before it came', 1))
    expect(await copyOf(gone)).toBeUndefined()

    // Another server's object, or one attributed to someone else, is never planted under this actor.
    const elsewhere = new URL(`http://localhost:${new URL(b.url).port}/ap/events/${randomUUID()}`)
    await following.receiveEvent(actor, event(elsewhere, 'Not from A', 1))
    expect(await copyOf(elsewhere)).toBeUndefined()
  })

  it("shows A's events in B's city list for everyone once an admin allows A's server, and logs the decision", async () => {
    expect(await belgradeList(null)).not.toContain('Federated gig')
    const allow = await send(b, 'PUT', '/admin/federation/domains/127.0.0.1', {
      token: admin.token,
      json: { status: 'ALLOWED', reason: 'A friendly city calendar' },
    })
    expect(allow.status, allow.text).toBe(200)
    expect(allow.body).toMatchObject({ domain: '127.0.0.1', status: 'ALLOWED', followedActors: 1, remoteEvents: 2 })
    expect(await belgradeList(null)).toContain('Federated gig')
    const log = await send(b, 'GET', '/admin/log?targetType=DOMAIN', { token: admin.token })
    expect((log.body as { entries: unknown[] }).entries[0]).toMatchObject({
      targetType: 'DOMAIN',
      targetId: '127.0.0.1',
      field: 'federation',
      from: null,
      to: 'ALLOWED',
      reason: 'A friendly city calendar',
    })
    const list = await send(b, 'GET', '/admin/federation/instances', { token: admin.token })
    expect((list.body as { instances: unknown[] }).instances).toContainEqual(
      expect.objectContaining({ domain: '127.0.0.1', status: 'ALLOWED', lastReceivedAt: expect.any(String) }),
    )
    // Silenced: only followers see them again.
    await send(b, 'PUT', '/admin/federation/domains/127.0.0.1', { token: admin.token, json: { status: 'SILENCED', reason: 'Spam wave' } })
    expect(await belgradeList(null)).not.toContain('Federated gig')
    expect(await belgradeList(reader)).toContain('Federated gig')
  })

  it('takes reports on a remote event and a remote actor, and a moderator rejects the event as one of ours', async () => {
    const original = await createEvent(a, organizer.token, { title: 'Reported gig' })
    const { event } = await eventually(() => remoteCopy('Reported gig'))
    const other = await makeUser(b)
    const onEvent = await send(b, 'POST', '/reports', {
      token: other.token,
      json: { targetType: 'POST', targetId: event._id, reason: 'spam' },
    })
    expect(onEvent.status, onEvent.text).toBe(201)
    const onActor = await send(b, 'POST', '/reports', {
      token: other.token,
      json: { targetType: 'USER', targetId: profileId, reason: 'harassment', details: 'Posts the same gig every hour' },
    })
    expect(onActor.status, onActor.text).toBe(201)
    const queue = await send(b, 'GET', '/admin/reports?status=OPEN', { token: admin.token })
    const targets = (queue.body as { reports: { targetId: string }[] }).reports.map((r) => r.targetId)
    expect(targets).toEqual(expect.arrayContaining([event._id, profileId]))
    const decided = await send(b, 'PATCH', `/admin/reports/${(onEvent.body as { _id: string })._id}`, {
      token: admin.token,
      json: { status: 'RESOLVED', action: 'rejectInfo', resolutionNote: 'Spam' },
    })
    expect(decided.status, decided.text).toBe(200)
    expect((await remoteCopy('Reported gig', other)).res.status).toBe(404)
    expect(await belgradeList(reader)).not.toContain('Reported gig')
    // An Update from the origin is applied, but does not bring a rejected event back.
    const edited = await send(a, 'PUT', `/event/${original._id}`, {
      token: organizer.token,
      json: baseEvent({ title: 'Reported gig', description: 'Now with a new line-up' }),
    })
    expect(edited.status, edited.text).toBe(200)
    await eventually(async () => {
      const { event: copy } = await remoteCopy('Reported gig', admin)
      expect(copy.description).toMatch(/^Now with a new line-up\n/)
      expect(copy.moderationStatus).toBe('REJECTED')
    })
    expect((await remoteCopy('Reported gig', other)).res.status).toBe(404)
  })

  it('lets moderators decide on a remote event and account but not edit them, and keeps remote accounts out of people search', async () => {
    const superAdmin = await makeUser(b, { role: 'superAdmin' })
    const { event } = await remoteCopy('Federated gig')
    const edit = await send(b, 'PATCH', `/admin/posts/${event._id as string}`, { token: superAdmin.token, json: { title: 'Renamed here' } })
    expect(edit.status).toBe(400)
    expect(edit.body).toMatchObject({ message: 'This event is published on another server: take part there.' })
    const role = await send(b, 'PATCH', `/admin/users/${profileId}`, { token: superAdmin.token, json: { role: 'admin' } })
    expect(role.status).toBe(400)
    const approve = await send(b, 'PATCH', `/admin/users/${profileId}`, { token: superAdmin.token, json: { moderationStatus: 'APPROVED' } })
    expect(approve.status, approve.text).toBe(200)
    const search = await send(b, 'GET', `/profile/?query=${encodeURIComponent(organizer.username)}`)
    expect((search.body as { profiles: unknown[] }).profiles).toEqual([])
  })

  it('refuses the console calls to people who are not admins, and bad domains and reasons with 400', async () => {
    const user = await send(b, 'PUT', '/admin/federation/domains/example.social', {
      token: reader.token,
      json: { status: 'BLOCKED', reason: 'x' },
    })
    expect(user.status).toBe(403)
    expect((await send(b, 'GET', '/admin/federation/instances', { token: reader.token })).status).toBe(403)
    for (const [domain, body] of [
      ['exa_mple..social', { status: 'BLOCKED', reason: 'Spam' }],
      ['example.social', { status: 'GONE', reason: 'Spam' }],
      ['example.social', { status: 'BLOCKED', reason: '' }],
    ] as const) {
      const res = await send(b, 'PUT', `/admin/federation/domains/${domain}`, { token: admin.token, json: body })
      expect(res.status, `${domain} ${JSON.stringify(body)}`).toBe(400)
      expect(res.body).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    }
  })

  it('stops deliveries after an unfollow: A hears Undo and drops the follower', async () => {
    const off = await send(b, 'PUT', `/profile/${profileId}/follow`, { token: reader.token, json: { follow: false } })
    expect(off.status, off.text).toBe(200)
    await eventually(async () => {
      const onA = await send(a, 'GET', `/profile/${organizer.id}`)
      expect((onA.body as { fediverse: { followers: number } }).fediverse.followers).toBe(0)
    })
    // Even if A had missed the Undo, B keeps nothing from an account nobody here follows.
    await aStillDeliversToReader()
    const before = await b.app.ctx.db.selectFrom('federation_instances').select('last_received_at').where('domain', '=', '127.0.0.1').executeTakeFirstOrThrow()
    await createEvent(a, organizer.token, { title: 'After the unfollow' })
    await settled()
    const after = await b.app.ctx.db.selectFrom('federation_instances').select('last_received_at').where('domain', '=', '127.0.0.1').executeTakeFirstOrThrow()
    expect(after.last_received_at > before.last_received_at, 'B heard from A').toBe(true)
    await expect(remoteCopy('After the unfollow')).rejects.toThrow(/has not arrived/)
    await a.app.ctx.db.deleteFrom('federation_followers').where('follow_id', 'like', '%#lost').execute()
  })

  it("blocks A's server: its events leave B, follows end, and nothing more arrives", async () => {
    const again = await send(b, 'POST', '/federation/following', { token: reader.token, json: { handle: handleOnA() } })
    expect(again.status, again.text).toBe(200)
    // A's events go to the followers it has when they are sent: wait until it has handled the Follow.
    await eventually(async () => {
      const onA = await send(a, 'GET', `/profile/${organizer.id}`)
      expect((onA.body as { fediverse: { followers: number } }).fediverse.followers).toBe(1)
    })
    await createEvent(a, organizer.token, { title: 'Before the block' })
    await eventually(() => remoteCopy('Before the block'))
    const block = await send(b, 'PUT', '/admin/federation/domains/127.0.0.1', {
      token: admin.token,
      json: { status: 'BLOCKED', reason: 'Harassment' },
    })
    expect(block.status, block.text).toBe(200)
    expect(block.body).toMatchObject({ status: 'BLOCKED', remoteEvents: 0, followedActors: 0 })
    expect((await remoteCopy('Before the block')).res.status).toBe(404)
    expect((await send(b, 'GET', `/profile/${profileId}`, { token: reader.token })).body).toMatchObject({ isFollowing: false })
    // A still thinks B follows (B sent no Undo). Even with the follow back on B's side, B's inbox refuses A now.
    await aStillDeliversToReader()
    await b.app.ctx.db
      .insertInto('federation_following')
      .values({
        user_id: reader.id,
        actor: `${a.config.webUrl}/ap/actors/user-${organizer.id}`,
        remote_user_id: profileId,
        follow_id: 'https://localhost/follow#restored',
        status: 'ACCEPTED',
        created_at: new Date().toISOString(),
      })
      .execute()
    await createEvent(a, organizer.token, { title: 'After the block' })
    await settled()
    await expect(remoteCopy('After the block')).rejects.toThrow(/has not arrived/)
    await b.app.ctx.db.deleteFrom('federation_following').where('follow_id', '=', 'https://localhost/follow#restored').execute()
    // And following anyone there is refused.
    const refused = await send(b, 'POST', '/federation/following', { token: reader.token, json: { handle: handleOnA() } })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ errors: { handle: [expect.stringContaining('blocked')] } })
  })
})

describe('following by handle: refusals', () => {
  it('explains a malformed handle, an unknown account and a server that does not answer, in the caller\'s language', async () => {
    const malformed = await send(b, 'POST', '/federation/following', { token: reader.token, json: { handle: 'not a handle' } })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ errors: { handle: ['Enter the account to follow, like @events@gancio.example.'] } })
    const russian = await send(b, 'POST', '/federation/following', {
      token: reader.token,
      lang: 'ru',
      json: { handle: `@nobody-here@localhost:${new URL(a.url).port}` },
    })
    expect(russian.status).toBe(404)
    expect(russian.body).toMatchObject({ errors: { handle: ['На его сервере нет аккаунта с таким именем.'] } })
    const port = await freePort()
    const silent = await send(b, 'POST', '/federation/following', { token: reader.token, json: { handle: `@x@localhost:${port}` } })
    expect(silent.status).toBe(422)
    expect((await send(b, 'POST', '/federation/following', { json: { handle: handleOnA() } })).status).toBe(401)
  })
})
