// Federation, publishing side (issue 26 part 1, decision 039): a real Nearby API with FEDERATION=on whose
// origin is its own address, and a Mastodon-like peer (tests/support/fediverse-peer.ts, Fedify on loopback)
// that follows a city and a place and checks the signatures of what arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify'
import {
  baseEvent,
  createEvent,
  eventForm,
  future,
  jpeg,
  makeUser,
  placeFields,
  send,
  type TestUser,
} from './events-fixtures'
import { purgeDeletedAccounts } from '../../api/modules/account/purge'
import { activatedUser, eventually, freePort, startFederatedApi, startTestApi, type TestApi } from './helpers'
import { startFediversePeer, type DeliveredActivity, type FediversePeer } from '../support/fediverse-peer'

const BELGRADE = '792680'
let api: TestApi
let peer: FediversePeer
let organizer: TestUser
let origin: string
/** The app's clock runs this far ahead (the account purge's 30 days). */
let clockShift = 0

const AP = { accept: 'application/activity+json' }

async function getJson(path: string, headers: Record<string, string> = AP) {
  const res = await fetch(origin + path, { headers, redirect: 'manual' })
  const text = await res.text()
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  }
}


/** The Event object inside a delivered activity. */
const objectOf = (a: DeliveredActivity) => a.json.object as Record<string, unknown>

beforeAll(async () => {
  api = await startFederatedApi('localhost', { clock: () => new Date(Date.now() + clockShift) })
  origin = api.config.webUrl
  peer = await startFediversePeer()
  organizer = await makeUser(api)
}, 60_000)

afterAll(async () => {
  await api?.close()
  await peer?.close()
})

describe('actors, WebFinger and NodeInfo', () => {
  it('finds a person, a city and a place by handle, and answers 404 for an unknown one', async () => {
    const host = new URL(origin).host
    const person = await getJson(
      `/.well-known/webfinger?resource=acct:${organizer.username.toLowerCase()}@${host}`,
      {},
    )
    expect(person.status).toBe(200)
    const self = (person.body!.links as { rel: string; type?: string; href: string }[]).find(
      (l) => l.rel === 'self',
    )
    expect(self?.href).toBe(`${origin}/ap/actors/user-${organizer.id}`)
    const city = await getJson(`/.well-known/webfinger?resource=acct:belgrade@${host}`, {})
    expect(city.status).toBe(200)
    expect(JSON.stringify(city.body)).toContain(`/ap/actors/city-${BELGRADE}`)
    const unknown = await getJson(`/.well-known/webfinger?resource=acct:nobody-here-at-all@${host}`, {})
    expect(unknown.status).toBe(404)
  })

  it('serves actor documents with a public key, inbox, paged outbox, followers and a shared inbox', async () => {
    const person = await getJson(`/ap/actors/user-${organizer.id}`)
    expect(person.status).toBe(200)
    expect(person.headers.get('content-type')).toMatch(/activity\+json|ld\+json/)
    expect(person.body).toMatchObject({
      type: 'Person',
      preferredUsername: organizer.username.toLowerCase(),
      inbox: `${origin}/ap/actors/user-${organizer.id}/inbox`,
      outbox: `${origin}/ap/actors/user-${organizer.id}/outbox`,
      followers: `${origin}/ap/actors/user-${organizer.id}/followers`,
      endpoints: { sharedInbox: `${origin}/ap/inbox` },
      url: `${origin}/profile/${organizer.id}`,
    })
    expect((person.body!.publicKey as { publicKeyPem: string }).publicKeyPem).toContain('BEGIN PUBLIC KEY')
    const city = await getJson(`/ap/actors/city-${BELGRADE}`)
    expect(city.body).toMatchObject({ type: 'Group', preferredUsername: 'belgrade' })
    expect(String(city.body!.name)).toContain('Belgrade')
    expect((await getJson('/ap/actors/city-99999999999')).status).toBe(404)
    expect((await getJson('/ap/actors/user-not-a-uuid')).status).toBe(404)
    // Another spelling of an actor is no actor, and makes no keys.
    for (const other of [`user-${organizer.id.toUpperCase()}`, `city-0${BELGRADE}`]) {
      expect((await getJson(`/ap/actors/${other}`)).status, other).toBe(404)
      const keys = await api.app.ctx.db.selectFrom('federation_keys').select('actor').where('actor', '=', other).execute()
      expect(keys, other).toEqual([])
    }
  })

  it('sends a browser to the page and an ActivityPub client to the document (content negotiation)', async () => {
    const browser = await fetch(`${origin}/ap/actors/user-${organizer.id}`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    })
    expect(browser.status).toBe(302)
    expect(browser.headers.get('location')).toBe(`${origin}/profile/${organizer.id}`)
  })

  it('publishes NodeInfo 2.1', async () => {
    const links = await getJson('/.well-known/nodeinfo', {})
    const href = (links.body!.links as { rel: string; href: string }[]).find((l) =>
      l.rel.includes('2.1'),
    )?.href
    expect(href).toBe(`${origin}/nodeinfo/2.1`)
    const info = await getJson('/nodeinfo/2.1', {})
    expect(info.body).toMatchObject({ software: { name: 'nearby' }, protocols: ['activitypub'] })
  })
})

describe('a Mastodon-like peer follows a city and a place', () => {
  let placeId: string

  beforeAll(async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const place = await send(api, 'POST', '/event', {
      token: admin.token,
      form: eventForm(placeFields({ coordinates: [20.4601, 44.8101] }), [await jpeg()]),
    })
    expect(place.status).toBe(201)
    placeId = place.body._id as string
    await peer.follow(`${origin}/ap/actors/city-${BELGRADE}`)
    await peer.follow(`${origin}/ap/actors/place-${placeId}`)
  })

  it('gets a signed Accept for each follow, and the followers are counted', async () => {
    const accepts = async () => peer.verified().filter((a) => a.type === 'Accept')
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === `${origin}/ap/actors/place-${placeId}`)
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === `${origin}/ap/actors/city-${BELGRADE}`)
    expect((await accepts()).every((a) => a.keyId?.startsWith(`${origin}/ap/actors/`))).toBe(true)
    await eventually(async () =>
      expect((await getJson(`/ap/actors/city-${BELGRADE}/followers`)).body).toMatchObject({ totalItems: 1 }),
    )
  })

  it('receives a signed Create(Event) from both with the fields Mastodon renders', async () => {
    const created = await createEvent(api, organizer.token, {
      title: 'Federated jazz',
      description: 'Live jazz by the river',
      coordinates: [20.4602, 44.8102],
      price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
    })
    await api.app.federationSent!()
    const fromCity = await peer.waitFor(
      (a) =>
        a.type === 'Create' &&
        a.json.actor === `${origin}/ap/actors/city-${BELGRADE}` &&
        objectOf(a).id === `${origin}/ap/events/${created._id}`,
    )
    await peer.waitFor(
      (a) =>
        a.type === 'Create' &&
        a.json.actor === `${origin}/ap/actors/place-${placeId}` &&
        objectOf(a).id === `${origin}/ap/events/${created._id}`,
    )
    const event = objectOf(fromCity)
    expect(event).toMatchObject({
      type: 'Event',
      name: 'Federated jazz',
      url: `${origin}/event/${created._id}`,
    })
    expect(String(event.content)).toContain('Live jazz by the river')
    // Mastodon shows the summary as text: no markup in it.
    expect(String(event.summary)).toMatch(/^Live jazz by the river\n\nWhen: .*\n\nWhere: Knez Mihailova 1, Belgrade\n\nPrice: from 500 RSD$/s)
    expect(String(event.content)).toContain('Knez Mihailova 1, Belgrade')
    expect(String(event.content)).toContain('from 500 RSD')
    expect(String(event.content)).toMatch(/When: .*20\d\d/)
    expect(event.startTime).toBeTruthy()
    expect(event.location).toMatchObject({ type: 'Place', name: 'Knez Mihailova 1, Belgrade' })
    const attachment = ([] as Record<string, unknown>[]).concat(
      event.attachment as Record<string, unknown>,
    )[0]!
    expect(attachment).toMatchObject({ type: 'Document' })
    expect(String(attachment.url)).toMatch(new RegExp(`^${origin}/uploads/`))
    expect(String(attachment.name)).toContain('Federated jazz')
    expect(JSON.stringify(event.tag)).toContain('#concerts')
    // The object can be fetched by its id, as Mastodon does to check it.
    expect((await getJson(`/ap/events/${created._id}`)).body).toMatchObject({
      type: 'Event',
      name: 'Federated jazz',
    })
  })
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
    const rejected = await send(api, 'PATCH', `/admin/posts/${event._id}`, { token: admin.token, json: { moderationImageStatus: 'REJECTED', reason: 'blurry' } })
    expect(rejected.status, rejected.text).toBe(200)
    await peer.waitFor((a) => a.type === 'Update' && isAbout(a) && !objectOf(a).attachment)
    const added = await send(api, 'POST', `/event/${event._id}/upload`, { token: person.accessToken, form: eventForm({}, [await jpeg({ color: '#22aa44' })]) })
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
    expect(followed.length).toBeGreaterThanOrEqual(3)
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
    await peer.waitFor((a) => a.type === 'Delete' && a.json.object === personActor() && a.json.actor === personActor())
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

describe('the inbox refuses what it must', () => {
  const inbox = () => `${origin}/ap/inbox`
  const follow = (actor: string) =>
    JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor}#f1`,
      type: 'Follow',
      actor,
      object: `${origin}/ap/actors/city-${BELGRADE}`,
    })

  it('answers 401 to an unsigned delivery and to one signed with another key', async () => {
    const unsigned = await fetch(inbox(), {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: follow(peer.actorId.href),
    })
    expect(unsigned.status).toBe(401)
    const impostor = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
    const forged = await signRequest(
      new Request(inbox(), {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: follow(peer.actorId.href),
      }),
      impostor.privateKey,
      new URL(`${peer.actorId.href}#main-key`),
    )
    expect((await fetch(forged)).status).toBe(401)
  })

  it('answers 4xx, never 500, to malformed JSON-LD and to a body over the limit', async () => {
    for (const body of ['{not json', '[]', '{"type":"Follow"}', '{"@context":5,"type":[]}']) {
      const res = await fetch(inbox(), {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body,
      })
      expect(res.status, body).toBeGreaterThanOrEqual(400)
      expect(res.status, body).toBeLessThan(500)
    }
    const huge = await fetch(inbox(), {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: `{"x":"${'a'.repeat(300 * 1024)}"}`,
    })
    expect(huge.status).toBe(413)
  })

  it('answers 4xx to WebFinger queries it cannot answer', async () => {
    for (const query of [
      '',
      '?resource=',
      '?resource=acct:',
      '?resource=http://evil.example/x',
      `?resource=acct:belgrade@evil.example`,
      `?resource=${'a'.repeat(5000)}`,
    ]) {
      const res = await fetch(`${origin}/.well-known/webfinger${query}`)
      expect(res.status, query).toBeGreaterThanOrEqual(400)
      expect(res.status, query).toBeLessThan(500)
    }
  })
})

describe('an instance that may not reach private addresses (production rules)', () => {
  let strict: TestApi
  let strictOrigin: string
  let recorder: http.Server
  let recorderPort: number
  const hits: string[] = []

  beforeAll(async () => {
    recorder = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`)
      res.writeHead(200, { 'content-type': 'application/activity+json' })
      res.end('{}')
    })
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
    recorderPort = (recorder.address() as AddressInfo).port
    const port = await freePort()
    strictOrigin = `http://localhost:${port}`
    strict = await startTestApi({ FEDERATION: 'on', WEB_URL: strictOrigin }, undefined, {}, port)
  })
  afterAll(async () => {
    await strict?.close()
    await new Promise<void>((resolve) => recorder?.close(() => resolve()))
  })

  it('answers 401 to deliveries whose key or actor is on a private address, and never asks that address', async () => {
    const privateUrls = [
      `http://127.0.0.1:${recorderPort}/actor`,
      `http://[::ffff:127.0.0.1]:${recorderPort}/actor`,
      `http://2130706433:${recorderPort}/actor`,
      `http://localhost:${recorderPort}/actor`,
      `https://127.0.0.1:${recorderPort}/actor`,
    ]
    // One key for all (an RSA key takes a second or two to make).
    const key = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
    for (const actor of privateUrls) {
      const body = JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${actor}#f`,
        type: 'Follow',
        actor,
        object: `${strictOrigin}/ap/actors/city-${BELGRADE}`,
      })
      const signed = await signRequest(
        new Request(`${strictOrigin}/ap/inbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/activity+json' },
          body,
        }),
        key.privateKey,
        new URL(`${actor}#main-key`),
      )
      const res = await fetch(signed)
      expect(res.status, actor).toBe(401)
    }
    expect(hits).toEqual([])
  })

  it('refuses to fetch a private address through its remote fetch, redirects included', async () => {
    const remote = strict.app.ctx.federation!.remoteFetch
    for (const url of [
      `http://127.0.0.1:${recorderPort}/x`,
      `https://127.0.0.1:${recorderPort}/x`,
      `https://[::1]:${recorderPort}/x`,
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
    ])
      await expect(remote(url), url).rejects.toThrow()
    expect(hits).toEqual([])
  })

  it('follows no handle on a private address, and no photo of one (422 and 404, nothing asked)', async () => {
    const person = await makeUser(strict)
    for (const handle of [`@me@127.0.0.1:${recorderPort}`, `@me@localhost:${recorderPort}`, '@me@169.254.169.254']) {
      const res = await send(strict, 'POST', '/federation/following', { token: person.token, json: { handle } })
      expect(res.status, handle).toBe(422)
      expect(res.body.errors.handle, handle).toEqual(['That server did not answer. Check the handle and try again.'])
    }
    const photo = await strict.app.ctx.federation!.mediaFetch(`https://127.0.0.1:${recorderPort}/p.jpg`).catch(() => null)
    expect(photo).toBeNull()
    expect(hits).toEqual([])
  })
})

describe('what people see of the fediverse', () => {
  it("shows a person's, a place's and a city's handle and fediverse followers", async () => {
    const host = new URL(origin).host
    const profile = await send(api, 'GET', `/profile/${organizer.id}`, { token: organizer.token })
    expect(profile.body.fediverse).toMatchObject({
      handle: `@${organizer.username.toLowerCase()}@${host}`,
      actorUrl: `${origin}/ap/actors/user-${organizer.id}`,
    })
    expect(profile.body.federateEvents).toBe(true)
    const list = await send(api, 'GET', '/event/all?city=Belgrade')
    expect(list.body.geo.fediverse).toEqual({
      handle: `@belgrade@${host}`,
      actorUrl: `${origin}/ap/actors/city-${BELGRADE}`,
      followers: 1,
    })
    const places = await send(api, 'GET', '/event/all?city=Belgrade&eventType=PLACE')
    const place = await send(api, 'GET', `/event/${places.body.events[0]._id}`)
    expect(place.body.fediverse).toMatchObject({
      handle: `@place-${places.body.events[0]._id}@${host}`,
      followers: 1,
    })
  })

  it('turns the federation of a person’s events off (Delete of what went out) and on again', async () => {
    const person = await makeUser(api)
    const actor = `${origin}/ap/actors/user-${person.id}`
    await peer.follow(actor)
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === actor)
    const event = await createEvent(api, person.token, { title: 'Switch test' })
    const objectId = `${origin}/ap/events/${event._id}`
    await peer.waitFor((a) => a.type === 'Create' && a.json.actor === actor && objectOf(a).id === objectId)

    const off = await send(api, 'PUT', '/profile/my/federation', {
      token: person.token,
      json: { federateEvents: false },
    })
    expect(off.body).toEqual({ federateEvents: false })
    await peer.waitFor(
      (a) =>
        a.type === 'Delete' && a.json.actor === actor && (a.json.object as { id?: string }).id === objectId,
    )
    expect((await send(api, 'GET', '/profile/my', { token: person.token })).body.federateEvents).toBe(false)
    expect((await getJson(`/ap/events/${event._id}`)).status).toBe(404)
    const quiet = await createEvent(api, person.token, { title: 'Stays home' })
    await api.app.federationSent!()

    await send(api, 'PUT', '/profile/my/federation', { token: person.token, json: { federateEvents: true } })
    await peer.waitFor(
      (a) => a.type === 'Create' && a.json.actor === actor && objectOf(a).id === objectId,
      10_000,
    )
    // Turned on again, every upcoming public event goes out, the one made while it was off too.
    await peer.waitFor(
      (a) =>
        a.type === 'Create' &&
        a.json.actor === actor &&
        objectOf(a).id === `${origin}/ap/events/${quiet._id}`,
    )
    const bad = await send(api, 'PUT', '/profile/my/federation', {
      token: person.token,
      json: { federateEvents: 'yes' },
    })
    expect(bad.status).toBe(400)
    expect(
      (await send(api, 'PUT', '/profile/my/federation', { json: { federateEvents: true } })).status,
    ).toBe(401)
  })

  it('finds the follow page of the reader’s own server for "Follow from your server"', async () => {
    const remote = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      if (
        url.pathname === '/.well-known/webfinger' &&
        url.searchParams.get('resource')?.startsWith('acct:me@')
      ) {
        res.writeHead(200, { 'content-type': 'application/jrd+json' })
        res.end(
          JSON.stringify({
            subject: url.searchParams.get('resource'),
            links: [
              {
                rel: 'http://ostatus.org/schema/1.0/subscribe',
                template: `http://${req.headers.host}/authorize_interaction?uri={uri}`,
              },
            ],
          }),
        )
      } else {
        res.writeHead(404)
        res.end()
      }
    })
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))
    const server = `127.0.0.1:${(remote.address() as AddressInfo).port}`
    const handle = `@belgrade@${new URL(origin).host}`
    const actorUrl = encodeURIComponent(`${origin}/ap/actors/city-${BELGRADE}`)
    try {
      const found = await send(
        api,
        'GET',
        `/federation/remote-follow?${new URLSearchParams({ account: `@me@${server}`, handle })}`,
      )
      expect(found.body).toEqual({ url: `http://${server}/authorize_interaction?uri=${actorUrl}` })
      const byServer = await send(
        api,
        'GET',
        `/federation/remote-follow?${new URLSearchParams({ account: server, handle })}`,
      )
      expect(byServer.body).toEqual({ url: `http://${server}/authorize_interaction?uri=${actorUrl}` })
      const invalid = await send(
        api,
        'GET',
        `/federation/remote-follow?${new URLSearchParams({ account: 'not a server', handle })}`,
        { lang: 'ru' },
      )
      expect(invalid.status).toBe(400)
      expect(invalid.body.errors.account).toEqual([
        'Введите свой аккаунт в федиверсе, например @you@mastodon.social, или адрес своего сервера, например mastodon.social.',
      ])
      const notOurs = await send(
        api,
        'GET',
        `/federation/remote-follow?${new URLSearchParams({ account: server, handle: '@belgrade@elsewhere.example' })}`,
      )
      expect(notOurs.status).toBe(400)
      const unreachable = await send(
        api,
        'GET',
        `/federation/remote-follow?${new URLSearchParams({ account: `@me@127.0.0.1:${await freePort()}`, handle })}`,
      )
      expect(unreachable.status).toBe(422)
    } finally {
      await new Promise<void>((resolve) => remote.close(() => resolve()))
    }
  })
})
