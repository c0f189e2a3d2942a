// Federation, publishing side (issue 26 part 1, decision 039): a real Nearby API with FEDERATION=on whose
// origin is its own address, and a Mastodon-like peer (tests/support/fediverse-peer.ts, Fedify on loopback)
// that follows a city and a place and checks the signatures of what arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify'
import { createEvent, eventForm, jpeg, makeUser, placeFields, send, type TestUser } from './events-fixtures'
import { BELGRADE, jsonGetter, objectOf } from './federation-kit'
import { eventually, freePort, startFederatedApi, type TestApi } from './helpers'
import { startFediversePeer, type FediversePeer } from '../support/fediverse-peer'

let api: TestApi
let peer: FediversePeer
let organizer: TestUser
let origin: string
const getJson = jsonGetter(() => origin)

beforeAll(async () => {
  api = await startFederatedApi('localhost')
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
      const keys = await api.app.ctx.db
        .selectFrom('federation_keys')
        .select('actor')
        .where('actor', '=', other)
        .execute()
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
    expect(String(event.summary)).toMatch(
      /^Live jazz by the river\n\nWhen: .*\n\nWhere: Knez Mihailova 1, Belgrade\n\nPrice: from 500 RSD$/s,
    )
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
