// Federation, what leaves the server and when (issue 26 part 1, decision 039): a real Nearby API with FEDERATION=on
// and a Mastodon-like peer (tests/support/fediverse-peer.ts) that follows Belgrade and a person, and checks what
// arrives: Create, Update, Delete as events change, the outbox, reactions, Undo and an account's deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  baseEvent,
  createEvent,
  eventForm,
  future,
  jpeg,
  makeUser,
  send,
  type TestUser,
} from './events-fixtures'
import { purgeDeletedAccounts } from '../../api/modules/account/purge'
import { BELGRADE, jsonGetter, objectOf } from './federation-kit'
import { activatedUser, eventually, startFederatedApi, type TestApi } from './helpers'
import { startFediversePeer, type DeliveredActivity, type FediversePeer } from '../support/fediverse-peer'

let api: TestApi
let peer: FediversePeer
let organizer: TestUser
let origin: string
/** The app's clock runs this far ahead (the account purge's 30 days). */
let clockShift = 0
const getJson = jsonGetter(() => origin)

beforeAll(async () => {
  api = await startFederatedApi('localhost', { clock: () => new Date(Date.now() + clockShift) })
  origin = api.config.webUrl
  peer = await startFediversePeer()
  organizer = await makeUser(api)
  // The city's followers get every public event around it (the sign that others' deliveries would have come).
  const city = `${origin}/ap/actors/city-${BELGRADE}`
  await peer.follow(city)
  await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === city)
}, 60_000)

afterAll(async () => {
  await api?.close()
  await peer?.close()
})

describe('what leaves the server, and when', () => {
  let person: Awaited<ReturnType<typeof activatedUser>>
  const personActor = () => `${origin}/ap/actors/user-${person.user.id}`

  beforeAll(async () => {
    person = await activatedUser(api)
    await peer.follow(personActor())
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === personActor())
  })

  /** Everything the peer received about one of our events, from any actor. */
  const about = (postId: string) =>
    peer.inbox.filter((a) => {
      const object = a.json.object
      const id = typeof object === 'string' ? object : (object as { id?: string } | undefined)?.id
      return id === `${origin}/ap/events/${postId}`
    })

  it('never sends a private, a followers-only or a rejected event, even when it changes', async () => {
    const privateEvent = await createEvent(api, person.accessToken, {
      title: 'Private party',
      accessType: 'PRIVATE',
    })
    const followersOnly = await createEvent(api, person.accessToken, {
      title: 'Friends only',
      accessType: 'SUBSCRIBERS',
    })
    const rejected = await createEvent(api, person.accessToken, {
      title: 'Rejected one',
      accessType: 'PRIVATE',
    })
    await api.app.ctx.db
      .updateTable('posts')
      .set({ moderation_status: 'REJECTED', access_type: 'COMMON' })
      .where('id', '=', rejected._id)
      .execute()
    // Moving the rejected one (public now, but still rejected) sends nothing either. (An edit would put it back
    // to PENDING: post-moderation, as on the web.)
    const moved = await send(api, 'POST', `/event/${rejected._id}/reschedule`, {
      token: person.accessToken,
      json: { startDate: future(20) },
    })
    expect(moved.status, moved.text).toBe(200)
    // A public event after them: once it has arrived, the others would have too.
    const marker = await createEvent(api, person.accessToken, { title: 'Public marker' })
    await api.app.federationSent!()
    await peer.waitFor(
      (a) =>
        a.type === 'Create' && (a.json.object as { id: string }).id === `${origin}/ap/events/${marker._id}`,
    )
    for (const hidden of [privateEvent, followersOnly, rejected])
      expect(
        about(hidden._id).map((a) => `${a.type} ${JSON.stringify(a.json.object).slice(0, 200)}`),
        hidden.title as string,
      ).toEqual([])
    expect(JSON.stringify(peer.inbox)).not.toMatch(/Private party|Friends only|Rejected/)
    // Nor can they be fetched, or found through their page's address.
    for (const hidden of [privateEvent, followersOnly, rejected]) {
      expect((await getJson(`/ap/events/${hidden._id}`)).status).toBe(404)
      expect((await getJson(`/ap/posts/${hidden._id}`)).status).toBe(404)
    }
    expect((await getJson(`/ap/posts/${marker._id}`)).status).toBe(302)
  })

  it('sends Update for an edit and a move, Update marked cancelled for a cancellation, and Delete for a deletion', async () => {
    const event = await createEvent(api, person.accessToken, { title: 'Lifecycle gig' })
    const objectId = `${origin}/ap/events/${event._id}`
    const isAbout = (a: DeliveredActivity) =>
      a.json.actor === personActor() && (a.json.object as { id?: string })?.id === objectId
    await peer.waitFor((a) => a.type === 'Create' && isAbout(a))

    expect(
      (
        await send(api, 'PUT', `/event/${event._id}`, {
          token: person.accessToken,
          json: baseEvent({ title: 'Lifecycle gig, edited' }),
        })
      ).status,
    ).toBe(200)
    await peer.waitFor(
      (a) => a.type === 'Update' && isAbout(a) && objectOf(a).name === 'Lifecycle gig, edited',
    )

    const moved = await send(api, 'POST', `/event/${event._id}/reschedule`, {
      token: person.accessToken,
      json: { startDate: future(12), endDate: future(12, 22) },
    })
    expect(moved.status, moved.text).toBe(200)
    const afterMove = await peer.waitFor(
      (a) =>
        a.type === 'Update' &&
        isAbout(a) &&
        String(objectOf(a).startTime).startsWith(future(12).slice(0, 10)),
    )
    expect(String(objectOf(afterMove).endTime)).toContain(future(12, 22).slice(0, 13))

    expect(
      (
        await send(api, 'POST', `/event/${event._id}/cancel`, {
          token: person.accessToken,
          json: { message: 'Flooded' },
        })
      ).status,
    ).toBe(200)
    const cancelled = await peer.waitFor(
      (a) => a.type === 'Update' && isAbout(a) && String(objectOf(a).name).startsWith('Cancelled:'),
    )
    expect(JSON.stringify(objectOf(cancelled).tag)).toContain('#cancelled')
    expect(String(objectOf(cancelled).content)).toContain('This event was cancelled.')

    expect((await send(api, 'DELETE', `/event/${event._id}`, { token: person.accessToken })).status).toBe(200)
    const deleted = await peer.waitFor(
      (a) =>
        a.type === 'Delete' &&
        a.json.actor === personActor() &&
        (a.json.object as { id?: string; type?: string })?.id === objectId,
    )
    expect((deleted.json.object as { type: string }).type).toBe('Tombstone')
    expect((await getJson(`/ap/events/${event._id}`)).status).toBe(404)
  })

  it('keeps photos a moderator rejected at home, and sends Update when the organizer changes the photos', async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const event = await createEvent(api, person.accessToken, { title: 'Photo changes' })
    const objectId = `${origin}/ap/events/${event._id}`
    const isAbout = (a: DeliveredActivity) => a.json.actor === personActor() && objectOf(a)?.id === objectId
    await peer.waitFor((a) => a.type === 'Create' && isAbout(a) && !!objectOf(a).attachment)
    const rejected = await send(api, 'PATCH', `/admin/posts/${event._id}`, {
      token: admin.token,
      json: { moderationImageStatus: 'REJECTED', reason: 'blurry' },
    })
    expect(rejected.status, rejected.text).toBe(200)
    await peer.waitFor((a) => a.type === 'Update' && isAbout(a) && !objectOf(a).attachment)
    const added = await send(api, 'POST', `/event/${event._id}/upload`, {
      token: person.accessToken,
      form: eventForm({}, [await jpeg({ color: '#22aa44' })]),
    })
    expect(added.status, added.text).toBeLessThan(300)
    // A new photo is pending again (post-moderation): the event goes out with its photos.
    await peer.waitFor((a) => a.type === 'Update' && isAbout(a) && !!objectOf(a).attachment)
  })

  it('sends Delete when a moderator rejects an event that went out', async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const event = await createEvent(api, person.accessToken, { title: 'Soon rejected' })
    const objectId = `${origin}/ap/events/${event._id}`
    await peer.waitFor((a) => a.type === 'Create' && (a.json.object as { id?: string }).id === objectId)
    const rejected = await send(api, 'PATCH', `/admin/posts/${event._id}`, {
      token: admin.token,
      json: { moderationStatus: 'REJECTED', reason: 'spam' },
    })
    expect(rejected.status, rejected.text).toBe(200)
    await peer.waitFor((a) => a.type === 'Delete' && (a.json.object as { id?: string }).id === objectId)
  })

  it('lists the programme in a paged outbox, newest first', async () => {
    const event = await createEvent(api, person.accessToken, { title: 'In the outbox' })
    const outbox = await getJson(`/ap/actors/user-${person.user.id}/outbox`)
    expect(outbox.body).toMatchObject({ type: 'OrderedCollection' })
    expect(Number(outbox.body!.totalItems)).toBeGreaterThanOrEqual(1)
    const first = await getJson(
      new URL(String(outbox.body!.first)).pathname + new URL(String(outbox.body!.first)).search,
    )
    expect(first.body).toMatchObject({ type: 'OrderedCollectionPage' })
    const items = ([] as { type: string; object: { id: string; name: string } }[]).concat(
      first.body!.orderedItems as never,
    )
    expect(items[0]).toMatchObject({
      type: 'Create',
      object: { id: `${origin}/ap/events/${event._id}`, name: 'In the outbox' },
    })
    // A city's outbox holds the public events around it, and never a private one.
    const cityFirst = await getJson(`/ap/actors/city-${BELGRADE}/outbox?cursor=0`)
    expect(JSON.stringify(cityFirst.body)).toContain('In the outbox')
    expect(JSON.stringify(cityFirst.body)).not.toMatch(/Private party|Friends only/)
  })

  it('a collection is a Group named by its slug: followers get its events as they come, never a private one', async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const made = await send(api, 'POST', '/collections', { token: admin.token, json: { slug: 'riverside-fest', name: 'Riverside fest', words: 'riverside' } })
    expect(made.status, made.text).toBe(201)
    const { id } = await api.app.ctx.db.selectFrom('collections').select('id').where('slug', '=', 'riverside-fest').executeTakeFirstOrThrow()
    const actor = `${origin}/ap/actors/collection-${id}`
    const host = new URL(origin).host
    const finger = await getJson(`/.well-known/webfinger?resource=acct:riverside-fest@${host}`, {})
    expect(finger.status).toBe(200)
    expect(JSON.stringify(finger.body)).toContain(`/ap/actors/collection-${id}`)
    const document = await getJson(`/ap/actors/collection-${id}`)
    expect(document.body).toMatchObject({ type: 'Group', preferredUsername: 'riverside-fest', name: 'Riverside fest', url: `${origin}/collections/riverside-fest` })
    // A collection whose slug is a city's name does not take the city's handle.
    await send(api, 'POST', '/collections', { token: admin.token, json: { slug: 'belgrade', name: 'Belgrade picks' } })
    const clash = await api.app.ctx.db.selectFrom('collections').select('id').where('slug', '=', 'belgrade').executeTakeFirstOrThrow()
    expect((await getJson(`/ap/actors/collection-${clash.id}`)).body).toMatchObject({ type: 'Group', preferredUsername: `collection-${clash.id}` })
    expect(JSON.stringify((await getJson(`/.well-known/webfinger?resource=acct:belgrade@${host}`, {})).body)).toContain(`/ap/actors/city-${BELGRADE}`)

    await peer.follow(actor)
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === actor)
    const page = await api.get('/collections/riverside-fest')
    expect(page.body.fediverse).toMatchObject({ handle: `@riverside-fest@${api.app.ctx.config.federation.host}`, actorUrl: actor, followers: 1 })
    const hidden = await createEvent(api, person.accessToken, { title: 'Riverside backstage', accessType: 'PRIVATE' })
    const event = await createEvent(api, person.accessToken, { title: 'Riverside picnic' })
    const elsewhere = await createEvent(api, person.accessToken, { title: 'Hilltop picnic' })
    await api.app.federationSent!()
    await peer.waitFor((a) => a.type === 'Create' && a.json.actor === actor && (a.json.object as { id: string }).id === `${origin}/ap/events/${event._id}`)
    const fromCollection = peer.inbox.filter((a) => a.json.actor === actor).map((a) => (a.json.object as { id?: string }).id)
    expect(fromCollection).not.toContain(`${origin}/ap/events/${hidden._id}`)
    expect(fromCollection).not.toContain(`${origin}/ap/events/${elsewhere._id}`)
    // What each actor sent is written before sending: the collection sent the picnic and nothing else of these.
    const sent = await api.app.ctx.db.selectFrom('federation_published').select('post_id').where('actor', '=', `collection-${id}`).execute()
    expect(sent.map((row) => row.post_id)).toEqual([event._id])
    // Its outbox is its programme.
    const outbox = await getJson(`/ap/actors/collection-${id}/outbox?cursor=0`)
    expect(JSON.stringify(outbox.body)).toContain('Riverside picnic')
    expect(JSON.stringify(outbox.body)).not.toMatch(/Riverside backstage|Hilltop picnic/)
  })

  it('does not follow a redirect from a follower’s inbox: the signed delivery never reaches where it points', async () => {
    const hits: string[] = []
    const redirecting = http.createServer((req, res) => {
      hits.push(req.url ?? '')
      req.resume()
      // 303: a fetch that follows it turns the POST into a GET of wherever it points (a signed 307 would fail anyway).
      if (req.url === '/inbox') res.writeHead(303, { location: '/elsewhere' }).end()
      else res.writeHead(202).end()
    })
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`
      const author = await makeUser(api)
      await api.app.ctx.db
        .insertInto('federation_followers')
        .values({
          actor: `user-${author.id}`,
          follower: `${base}/actor`,
          inbox: `${base}/inbox`,
          shared_inbox: null,
          domain: '127.0.0.1',
          follow_id: `${base}/follow`,
          created_at: new Date().toISOString(),
        })
        .execute()
      await createEvent(api, author.token, { title: 'Sent to a redirecting inbox' })
      await api.app.federationSent!()
      await eventually(async () => expect(hits).toContain('/inbox'))
      // Time for a followed redirect to arrive, had it been followed.
      await new Promise((r) => setTimeout(r, 500))
      expect(hits).not.toContain('/elsewhere')
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()))
    }
  })

  it('counts an Announce, and forgets a remote actor that deleted itself', async () => {
    const event = await createEvent(api, person.accessToken, { title: 'Boosted far away' })
    await peer.announce(personActor(), `${origin}/ap/events/${event._id}`)
    await eventually(async () =>
      expect((await send(api, 'GET', `/event/${event._id}`)).body).toMatchObject({ fediverseBoosts: 1 }),
    )
    const followed = (
      await api.app.ctx.db
        .selectFrom('federation_followers')
        .select('actor')
        .where('follower', '=', peer.actorId.href)
        .execute()
    ).map((r) => r.actor)
    expect(followed.length).toBeGreaterThanOrEqual(2) // Belgrade and the person: both end
    await peer.deleteSelf(personActor())
    await eventually(async () => {
      const left = await api.app.ctx.db
        .selectFrom('federation_followers')
        .select('actor')
        .where('follower', '=', peer.actorId.href)
        .execute()
      expect(left).toEqual([])
      expect((await send(api, 'GET', `/event/${event._id}`)).body).toMatchObject({ fediverseBoosts: 0 })
    })
    // Alice follows again (she is back): the rest of the tests need her.
    for (const actor of followed) await peer.follow(`${origin}/ap/actors/${actor}`)
    await eventually(async () =>
      expect(
        await api.app.ctx.db
          .selectFrom('federation_followers')
          .select('actor')
          .where('follower', '=', peer.actorId.href)
          .execute(),
      ).toHaveLength(followed.length),
    )
  })

  it('counts a Like from the fediverse apart from local likes', async () => {
    const event = await createEvent(api, person.accessToken, { title: 'Liked far away' })
    await peer.like(personActor(), `${origin}/ap/events/${event._id}`)
    await eventually(async () => {
      const rows = await api.app.ctx.db
        .selectFrom('federation_reactions')
        .selectAll()
        .where('post_id', '=', event._id)
        .execute()
      expect(rows).toMatchObject([{ kind: 'LIKE', actor: peer.actorId.href }])
    })
    const local = await api.app.ctx.db
      .selectFrom('post_likes')
      .selectAll()
      .where('post_id', '=', event._id)
      .execute()
    expect(local).toEqual([])
  })

  it('sends Delete of the events that went out when the account is deleted', async () => {
    const event = await createEvent(api, person.accessToken, { title: 'Before leaving' })
    const objectId = `${origin}/ap/events/${event._id}`
    await peer.waitFor((a) => a.type === 'Create' && (a.json.object as { id?: string }).id === objectId)
    const deletion = await send(api, 'POST', '/profile/my/deletion', {
      token: person.accessToken,
      json: { password: person.input.password },
    })
    expect(deletion.status, deletion.text).toBe(200)
    await peer.waitFor((a) => a.type === 'Delete' && (a.json.object as { id?: string }).id === objectId)
    // The account is no actor any more: its document is gone.
    expect((await getJson(`/ap/actors/user-${person.user.id}`)).status).toBe(404)

    // Purged 30 days later: Delete of the person.
    clockShift = 31 * 86_400_000
    try {
      expect(await purgeDeletedAccounts(api.app.ctx)).toMatchObject({ purged: 1 })
    } finally {
      clockShift = 0
    }
    await peer.waitFor(
      (a) => a.type === 'Delete' && a.json.object === personActor() && a.json.actor === personActor(),
    )
  })

  it('stops sending once the follower has sent Undo(Follow)', async () => {
    const organizerActor = `${origin}/ap/actors/user-${organizer.id}`
    const follow = await peer.follow(organizerActor)
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === organizerActor)
    await peer.unfollow(organizerActor, follow)
    await eventually(async () =>
      expect((await getJson(`/ap/actors/user-${organizer.id}/followers`)).body).toMatchObject({
        totalItems: 0,
      }),
    )
    // The city still follows Belgrade: its Create is the sign that the organizer's would have come by now.
    const event = await createEvent(api, organizer.token, { title: 'After the unfollow' })
    const objectId = `${origin}/ap/events/${event._id}`
    await peer.waitFor(
      (a) =>
        a.type === 'Create' &&
        a.json.actor === `${origin}/ap/actors/city-${BELGRADE}` &&
        objectOf(a).id === objectId,
    )
    await api.app.federationSent!()
    expect(peer.inbox.filter((a) => a.json.actor === organizerActor && a.type === 'Create')).toEqual([])
  })
})
