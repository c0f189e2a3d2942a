// What a server written from the specs without Fedify (tests/support/strict-fediverse-peer.ts), reading plain
// JSON, receives from a real Nearby API on loopback (issue 39 item 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUser, type TestUser } from './events-fixtures'
import { startFederatedApi, type TestApi } from './helpers'
import { startStrictPeer, type StrictPeer } from '../support/strict-fediverse-peer'

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
