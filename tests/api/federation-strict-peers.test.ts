// Federation with stricter servers (issue 39 item 7): a real Nearby API on loopback and a server written from the
// specs without Fedify (tests/support/strict-fediverse-peer.ts) in "authorized fetch" mode — it serves its
// documents only to signed GETs, checking each signature against the key the signer publishes — and which reads
// what arrives as plain JSON. Nearby signs its GETs with its instance actor's key, takes a changed key at once,
// writes the Public collection as the full IRI, and makes paragraphs of a description typed in a form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCryptoKeyPair, signRequest, verifyJsonLd, verifyObject } from '@fedify/fedify'
import { Create } from '@fedify/vocab'
import { getDocumentLoader } from '@fedify/vocab-runtime'
import { createEvent, makeUser, send, type TestUser } from './events-fixtures'
import { startFederatedApi, type TestApi } from './helpers'
import { startStrictPeer, type StrictPeer } from '../support/strict-fediverse-peer'

const BELGRADE = '792680'
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public'
let api: TestApi
let origin: string
let strict: StrictPeer
let person: TestUser

const AP = { accept: 'application/activity+json' }
const personActor = () => `${origin}/ap/actors/user-${person.id}`
const instanceKeyId = () => `${origin}/ap/actors/instance#main-key`
/** One value or a list, as JSON-LD writes either: always a list. */
const all = (value: unknown): unknown[] => (value === undefined ? [] : ([] as unknown[]).concat(value))

beforeAll(async () => {
  ;[api, strict] = await Promise.all([startFederatedApi('localhost'), startStrictPeer()])
  origin = api.config.webUrl
  person = await makeUser(api)
}, 60_000)

afterAll(async () => {
  await api?.close()
  await strict?.close()
})

describe('a server in authorized-fetch mode', () => {
  it('can read the instance actor and its key without a signature (no signature loop)', async () => {
    const res = await fetch(`${origin}/ap/actors/instance`, { headers: AP })
    expect(res.status).toBe(200)
    const actor = (await res.json()) as Record<string, unknown>
    const host = new URL(origin).hostname
    expect(actor).toMatchObject({
      id: `${origin}/ap/actors/instance`,
      type: 'Application',
      preferredUsername: host,
      inbox: `${origin}/ap/actors/instance/inbox`,
      endpoints: { sharedInbox: `${origin}/ap/inbox` },
    })
    expect(actor.publicKey).toMatchObject({ id: instanceKeyId(), owner: `${origin}/ap/actors/instance` })
    expect(String((actor.publicKey as { publicKeyPem: string }).publicKeyPem)).toContain('BEGIN PUBLIC KEY')
    // WebFinger names it too (acct:host@host, as Mastodon names its own), for servers that check an actor's handle.
    const finger = await fetch(
      `${origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${host}@${new URL(origin).host}`)}`,
    )
    expect(finger.status).toBe(200)
    const links = ((await finger.json()) as { links: { rel: string; href: string }[] }).links
    expect(links.find((l) => l.rel === 'self')?.href).toBe(`${origin}/ap/actors/instance`)
    // Nobody follows the instance actor: a Follow of it stores nothing.
    const follow = await strict.deliver(`${origin}/ap/inbox`, {
      id: `${strict.actorId}#follows/instance`,
      type: 'Follow',
      actor: strict.actorId,
      object: `${origin}/ap/actors/instance`,
    })
    expect(follow.status).toBeLessThan(300)
    await api.app.federationSent!()
    const rows = await api.app.ctx.db
      .selectFrom('federation_followers')
      .select('actor')
      .where('actor', '=', 'instance')
      .execute()
    expect(rows).toEqual([])
  })

  it('follows an account there by handle: every GET is signed with the instance actor’s key and answered', async () => {
    // The peer is strict: an unsigned GET of Bob is refused, and so is one signed in our name with another key.
    expect((await fetch(strict.actorId, { headers: AP })).status).toBe(401)
    const impostor = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
    const forged = await signRequest(
      new Request(strict.actorId, { headers: AP }),
      impostor.privateKey,
      new URL(instanceKeyId()),
    )
    expect((await fetch(forged)).status).toBe(401)
    expect(strict.fetches.at(-1)).toMatchObject({
      keyId: instanceKeyId(),
      refused: 'signature does not verify',
    })
    strict.fetches.length = 0
    const res = await send(api, 'POST', '/federation/following', {
      token: person.token,
      json: { handle: strict.handle },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ isFollowing: true })
    expect(strict.fetches.length).toBeGreaterThan(0)
    expect(strict.fetches).toEqual(
      strict.fetches.map((f) => ({ path: f.path, keyId: instanceKeyId(), status: 200 })),
    )
    // The Follow itself is delivered, signed by the person, and Bob's server takes it.
    const delivered = await strict.waitFor((d) => d.json.type === 'Follow' && d.json.actor === personActor())
    expect(delivered.keyId).toBe(`${personActor()}#main-key`)
    expect(delivered.json.object).toBe(strict.actorId)
  })

  it('signs each hop of a redirect for the address it goes to', async () => {
    strict.fetches.length = 0
    const context = api.app.ctx.federation!.federation.createContext(new URL(origin))
    const { document } = await context.documentLoader(`${strict.origin}/bob`)
    expect(document).toMatchObject({ id: strict.actorId, type: 'Person' })
    expect(strict.fetches).toEqual([
      { path: '/bob', keyId: instanceKeyId(), status: 302 },
      { path: '/users/bob', keyId: instanceKeyId(), status: 200 },
    ])
  })

  it('takes a delivery from there: the signer’s key is fetched with a signed GET, and the follower is answered', async () => {
    strict.fetches.length = 0
    const res = await strict.deliver(`${origin}/ap/inbox`, {
      id: `${strict.actorId}#follows/1`,
      type: 'Follow',
      actor: strict.actorId,
      object: personActor(),
    })
    expect(res.status, await res.clone().text()).toBe(202)
    const accept = await strict.waitFor((d) => d.json.type === 'Accept' && d.json.actor === personActor())
    expect(accept.keyId).toBe(`${personActor()}#main-key`)
    const followers = await api.app.ctx.db
      .selectFrom('federation_followers')
      .select(['follower', 'shared_inbox'])
      .where('actor', '=', `user-${person.id}`)
      .execute()
    expect(followers).toEqual([{ follower: strict.actorId, shared_inbox: `${strict.origin}/inbox` }])
    expect(strict.fetches.length).toBeGreaterThan(0)
    expect(
      strict.fetches.every((f) => f.status === 200 && f.keyId === instanceKeyId()),
      JSON.stringify(strict.fetches),
    ).toBe(true)
  })
})

describe('a remote actor that changes its key', () => {
  it('is taken at its new key at once, and refused at the old one', async () => {
    // A server without authorized fetch: only the key change is at stake here.
    const open = await startStrictPeer({ authorizedFetch: false })
    try {
      const inbox = `${origin}/ap/inbox`
      const first = await open.deliver(inbox, {
        id: `${open.actorId}#follows/1`,
        type: 'Follow',
        actor: open.actorId,
        object: `${origin}/ap/actors/city-${BELGRADE}`,
      })
      expect(first.status).toBe(202)
      await open.waitFor((d) => d.json.type === 'Accept')
      open.rotateKey()
      // Nearby still holds the old key (and, before this was fixed, the old actor document for 5 minutes).
      const second = await open.deliver(inbox, {
        id: `${open.actorId}#follows/2`,
        type: 'Follow',
        actor: open.actorId,
        object: personActor(),
      })
      expect(second.status, await second.clone().text()).toBe(202)
      await open.waitFor((d) => d.json.type === 'Accept' && d.json.actor === personActor())
      // The replaced key signs nothing any more.
      const stale = await open.deliver(
        inbox,
        { id: `${open.actorId}#follows/3`, type: 'Follow', actor: open.actorId, object: personActor() },
        'previous',
      )
      expect(stale.status).toBe(401)
    } finally {
      await open.close()
    }
  })
})

describe('what a server reading plain JSON receives', () => {
  let author: TestUser
  const authorActor = () => `${origin}/ap/actors/user-${author.id}`

  beforeAll(async () => {
    // Bob follows the author (stored as a Follow stores it: this part is not about fetching).
    author = await makeUser(api)
    await api.app.ctx.db
      .insertInto('federation_followers')
      .values({
        actor: `user-${author.id}`,
        follower: strict.actorId,
        inbox: `${strict.actorId}/inbox`,
        shared_inbox: `${strict.origin}/inbox`,
        domain: '127.0.0.1',
        follow_id: `${strict.actorId}#follows/author`,
        created_at: new Date().toISOString(),
      })
      .execute()
  })

  it('finds the full Public IRI in to, in what is sent (signatures and proofs intact) and what is served', async () => {
    const event = await createEvent(api, author.token, { title: 'Public, spelled out' })
    const objectId = `${origin}/ap/events/${event._id}`
    await api.app.federationSent!()
    const create = await strict.waitFor(
      (d) => d.json.type === 'Create' && (d.json.object as { id?: string }).id === objectId,
    )
    expect(all(create.json.to)).toContain(PUBLIC)
    expect(all((create.json.object as Record<string, unknown>).to)).toContain(PUBLIC)
    expect(all(create.json.cc)).toContain(`${authorActor()}/followers`)
    // The Object Integrity Proof and the Linked Data signature were made over what was sent.
    const loader = getDocumentLoader({ allowPrivateAddress: true })
    const { signature, ...withoutSignature } = create.json
    expect(signature).toBeTruthy()
    expect(create.json.proof).toBeTruthy()
    expect(
      await verifyObject(Create, withoutSignature, { documentLoader: loader, contextLoader: loader }),
    ).not.toBeNull()
    expect(await verifyJsonLd(create.json, { documentLoader: loader, contextLoader: loader })).toBe(true)

    // The same when fetched: the event, and the outbox's Create.
    const served = (await (await fetch(objectId, { headers: AP })).json()) as Record<string, unknown>
    expect(all(served.to)).toContain(PUBLIC)
    const page = (await (await fetch(`${authorActor()}/outbox?cursor=0`, { headers: AP })).json()) as {
      orderedItems: Record<string, unknown>[] | Record<string, unknown>
    }
    const item = all(page.orderedItems)[0] as Record<string, unknown>
    expect(all(item.to)).toContain(PUBLIC)
    expect(all((item.object as Record<string, unknown>).to)).toContain(PUBLIC)
  })

  it('makes paragraphs of a description typed in a form (CRLF line ends)', async () => {
    // FormData sends a field's line ends as CRLF, as a browser does.
    const event = await createEvent(api, author.token, {
      title: 'Two paragraphs',
      description: 'First paragraph.\n\nSecond paragraph,\nits second line.',
    })
    const stored = await api.app.ctx.db
      .selectFrom('posts')
      .select('description')
      .where('id', '=', event._id)
      .executeTakeFirstOrThrow()
    expect(stored.description).toContain('\r\n')
    await api.app.federationSent!()
    const create = await strict.waitFor(
      (d) =>
        d.json.type === 'Create' &&
        (d.json.object as { id?: string }).id === `${origin}/ap/events/${event._id}`,
    )
    const object = create.json.object as { content: string; summary: string }
    expect(object.content).toMatch(
      /^<p>First paragraph\.<\/p><p>Second paragraph,<br>its second line\.<\/p><p>/,
    )
    expect(object.content).not.toContain('\r')
    expect(object.summary).toMatch(/^First paragraph\.\n\nSecond paragraph,\nits second line\.\n\n/)
    expect(object.summary).not.toContain('\r')
  })
})
