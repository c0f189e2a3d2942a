// What a server written from the specs without Fedify (tests/support/strict-fediverse-peer.ts), reading plain
// JSON, receives from a real Nearby API on loopback (issue 39 item 7): the Public collection as the full IRI, and
// a description typed in a form as paragraphs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Create, getDocumentLoader, verifyJsonLd, verifyObject } from '@fedify/fedify'
import { createEvent, makeUser, type TestUser } from './events-fixtures'
import { startFederatedApi, type TestApi } from './helpers'
import { startStrictPeer, type StrictPeer } from '../support/strict-fediverse-peer'

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public'
const AP = { accept: 'application/activity+json' }
/** One value or a list, as JSON-LD writes either: always a list. */
const all = (value: unknown): unknown[] => (value === undefined ? [] : ([] as unknown[]).concat(value))

let api: TestApi
let origin: string
let strict: StrictPeer

beforeAll(async () => {
  ;[api, strict] = await Promise.all([startFederatedApi('localhost'), startStrictPeer()])
  origin = api.config.webUrl
}, 60_000)

afterAll(async () => {
  await api?.close()
  await strict?.close()
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
