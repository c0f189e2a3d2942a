// Federation, publishing side (issue 26 part 1, decision 039): a real Nearby API with FEDERATION=on whose
// origin is its own address, and a Mastodon-like peer (tests/support/fediverse-peer.ts, Fedify on loopback)
// that follows a city and a place and checks the signatures of what arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUser, placeFields, send, eventForm, jpeg, type TestUser } from './events-fixtures'
import { freePort, startTestApi, type TestApi } from './helpers'
import { startFediversePeer, type DeliveredActivity, type FediversePeer } from '../support/fediverse-peer'

const BELGRADE = '792680'
let api: TestApi
let peer: FediversePeer
let organizer: TestUser
let origin: string

const AP = { accept: 'application/activity+json' }

async function getJson(path: string, headers: Record<string, string> = AP) {
  const res = await fetch(origin + path, { headers, redirect: 'manual' })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

/** The Event object inside a delivered activity. */
const objectOf = (a: DeliveredActivity) => a.json.object as Record<string, unknown>

beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  api = await startTestApi(
    { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', WEB_URL: origin, API_PUBLIC_URL: origin, FEDERATION_QUEUE_POLL_MS: '50' },
    undefined,
    {},
    port,
  )
  api.app.ctx.federation!.startQueue()
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
    const person = await getJson(`/.well-known/webfinger?resource=acct:${organizer.username.toLowerCase()}@${host}`, {})
    expect(person.status).toBe(200)
    const self = (person.body!.links as { rel: string; type?: string; href: string }[]).find((l) => l.rel === 'self')
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
  })

  it('sends a browser to the page and an ActivityPub client to the document (content negotiation)', async () => {
    const browser = await fetch(`${origin}/ap/actors/user-${organizer.id}`, { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(browser.status).toBe(302)
    expect(browser.headers.get('location')).toBe(`${origin}/profile/${organizer.id}`)
  })

  it('publishes NodeInfo 2.1', async () => {
    const links = await getJson('/.well-known/nodeinfo', {})
    const href = (links.body!.links as { rel: string; href: string }[]).find((l) => l.rel.includes('2.1'))?.href
    expect(href).toBe(`${origin}/nodeinfo/2.1`)
    const info = await getJson('/nodeinfo/2.1', {})
    expect(info.body).toMatchObject({ software: { name: 'nearby' }, protocols: ['activitypub'] })
  })
})

describe('a Mastodon-like peer follows a city and a place', () => {
  let placeId: string

  beforeAll(async () => {
    const admin = await makeUser(api, { role: 'admin' })
    const place = await send(api, 'POST', '/event', { token: admin.token, form: eventForm(placeFields({ coordinates: [20.4601, 44.8101] }), [await jpeg()]) })
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
    const followers = await getJson(`/ap/actors/city-${BELGRADE}/followers`)
    expect(followers.body).toMatchObject({ totalItems: 1 })
  })

  it('receives a signed Create(Event) from both with the fields Mastodon renders', async () => {
    const created = await createEvent(api, organizer.token, {
      title: 'Federated jazz',
      description: 'Live jazz by the river',
      coordinates: [20.4602, 44.8102],
      price: { donation: false, amount: 500, currency: 'RSD', range: 'FROM' },
    })
    await api.app.federationSent!()
    const fromCity = await peer.waitFor((a) => a.type === 'Create' && a.json.actor === `${origin}/ap/actors/city-${BELGRADE}` && objectOf(a).id === `${origin}/ap/events/${created._id}`)
    await peer.waitFor((a) => a.type === 'Create' && a.json.actor === `${origin}/ap/actors/place-${placeId}` && objectOf(a).id === `${origin}/ap/events/${created._id}`)
    const event = objectOf(fromCity)
    expect(event).toMatchObject({ type: 'Event', name: 'Federated jazz', url: `${origin}/event/${created._id}` })
    expect(String(event.content)).toContain('Live jazz by the river')
    expect(String(event.content)).toContain('Knez Mihailova 1, Belgrade')
    expect(String(event.content)).toContain('from 500 RSD')
    expect(String(event.content)).toMatch(/When: .*20\d\d/)
    expect(event.startTime).toBeTruthy()
    expect(event.location).toMatchObject({ type: 'Place', name: 'Knez Mihailova 1, Belgrade' })
    const attachment = ([] as Record<string, unknown>[]).concat(event.attachment as Record<string, unknown>)[0]!
    expect(attachment).toMatchObject({ type: 'Document' })
    expect(String(attachment.url)).toMatch(new RegExp(`^${origin}/uploads/`))
    expect(String(attachment.name)).toContain('Federated jazz')
    expect(JSON.stringify(event.tag)).toContain('#concerts')
    // The object can be fetched by its id, as Mastodon does to check it.
    expect((await getJson(`/ap/events/${created._id}`)).body).toMatchObject({ type: 'Event', name: 'Federated jazz' })
  })
})
