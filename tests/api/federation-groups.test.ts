// A group on the fediverse (issue 45): a real Nearby API with FEDERATION=on and a Mastodon-like peer
// (tests/support/fediverse-peer.ts) that follows a group. The group is a `Group` actor named by its handle; the
// events posted as it go out from it (not from the person who posted them, whatever their own switch says), never
// a members-only one; a suspension takes them back and a restore sends them again; a deletion takes them back and
// says the actor is gone (410 after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, makeUser, send, type TestUser } from './events-fixtures'
import { jsonGetter, objectOf } from './federation-kit'
import { startFederatedApi, type TestApi } from './helpers'
import { startFediversePeer, type DeliveredActivity, type FediversePeer } from '../support/fediverse-peer'
import { findCity } from '../../api/modules/cities/data'

let api: TestApi
let peer: FediversePeer
let origin: string
let owner: TestUser
let moderator: TestUser
let groupId = ''
let actor = ''
const handle = 'river_walkers'
const getJson = jsonGetter(() => origin)

beforeAll(async () => {
  api = await startFederatedApi('localhost')
  origin = api.config.webUrl
  peer = await startFediversePeer()
  ;[owner, moderator] = await Promise.all([makeUser(api), makeUser(api, { role: 'admin' })])
  const made = await send(api, 'POST', '/groups', { token: owner.token, json: { handle, name: 'River walkers', description: 'Walks by the Sava.' } })
  expect(made.status, made.text).toBe(201)
  groupId = made.body.id as string
  actor = `${origin}/ap/actors/group-${groupId}`
}, 60_000)

afterAll(async () => {
  await api?.close()
  await peer?.close()
})

const eventId = (a: DeliveredActivity) => (objectOf(a) as { id?: string } | undefined)?.id ?? (typeof a.json.object === 'string' ? a.json.object : undefined)
const fromGroup = (type: string, postId: string) => (a: DeliveredActivity) =>
  a.type === type && a.json.actor === actor && eventId(a) === `${origin}/ap/events/${postId}`

describe('a group on the fediverse', () => {
  let publicEvent = ''

  it('is a Group actor named by its handle, found by WebFinger, shown on its page', async () => {
    const host = new URL(origin).host
    const finger = await getJson(`/.well-known/webfinger?resource=acct:${handle}@${host}`, {})
    expect(finger.status).toBe(200)
    expect(JSON.stringify(finger.body)).toContain(`/ap/actors/group-${groupId}`)
    const document = await getJson(`/ap/actors/group-${groupId}`)
    expect(document.body).toMatchObject({
      type: 'Group',
      preferredUsername: handle,
      name: 'River walkers',
      summary: 'Walks by the Sava.',
      url: `${origin}/groups/${handle}`,
    })
    await peer.follow(actor)
    await peer.waitFor((a) => a.type === 'Accept' && a.json.actor === actor)
    const page = await api.get(`/groups/${handle}`)
    expect(page.body.fediverse).toMatchObject({ handle: `@${handle}@${api.app.ctx.config.federation.host}`, actorUrl: actor, followers: 1 })
  })

  it('a group that takes a city’s name takes its handle: the city adds its country', async () => {
    const city = findCity('Subotica')!
    expect(city).toBeTruthy()
    const host = new URL(origin).host
    expect(JSON.stringify((await getJson(`/.well-known/webfinger?resource=acct:subotica@${host}`, {})).body)).toContain(`/ap/actors/city-${city.id}`)
    expect((await send(api, 'POST', '/groups', { token: owner.token, json: { handle: 'subotica', name: 'Subotica club' } })).status).toBe(201)
    expect(JSON.stringify((await getJson(`/.well-known/webfinger?resource=acct:subotica@${host}`, {})).body)).toContain('/ap/actors/group-')
    expect((await getJson(`/ap/actors/city-${city.id}`)).body).toMatchObject({ preferredUsername: `subotica.${city.countryCode.toLowerCase()}` })
  })

  it('sends the events posted as it, from itself, whatever the poster’s own switch; never a members-only one', async () => {
    // The poster keeps their own events home; what they post as the group is the group's to send.
    await api.app.ctx.db.updateTable('users').set({ federate_events: 0 }).where('id', '=', owner.id).execute()
    const membersOnly = await createEvent(api, owner.token, { title: 'Walkers only', group: handle, accessType: 'SUBSCRIBERS' })
    const own = await createEvent(api, owner.token, { title: 'My own walk' })
    const event = await createEvent(api, owner.token, { title: 'Sava riverside walk', group: handle })
    publicEvent = event._id
    await api.app.federationSent!()
    const create = await peer.waitFor(fromGroup('Create', publicEvent))
    expect(objectOf(create)).toMatchObject({ type: 'Event', name: 'Sava riverside walk', attributedTo: actor })
    const sent = await api.app.ctx.db.selectFrom('federation_published').select(['post_id', 'actor']).where('post_id', 'in', [membersOnly._id, own._id, publicEvent]).execute()
    expect(sent).toEqual([{ post_id: publicEvent, actor: `group-${groupId}` }])
    expect(JSON.stringify(peer.inbox)).not.toMatch(/Walkers only|My own walk/)
    // The group's outbox is its programme; the poster's holds none of it.
    expect(JSON.stringify((await getJson(`/ap/actors/group-${groupId}/outbox?cursor=0`)).body)).toContain('Sava riverside walk')
    const ownOutbox = JSON.stringify((await getJson(`/ap/actors/user-${owner.id}/outbox?cursor=0`)).body)
    expect(ownOutbox).not.toContain('Sava riverside walk')
    // Fetched on its own, the event names the group as its author.
    expect((await getJson(`/ap/events/${publicEvent}`)).body).toMatchObject({ attributedTo: actor })
  })

  it('a suspension takes its events back and hides the actor; a restore sends them again', async () => {
    const suspended = await send(api, 'PATCH', `/admin/groups/${handle}`, { token: moderator.token, json: { decision: 'SUSPEND', reason: 'Spam walks' } })
    expect(suspended.status, suspended.text).toBe(200)
    await api.app.federationSent!()
    await peer.waitFor(fromGroup('Delete', publicEvent))
    expect((await getJson(`/ap/actors/group-${groupId}`)).status).toBe(404)
    expect((await send(api, 'GET', `/groups/${handle}`, { token: moderator.token })).body.fediverse).toBeUndefined()

    const creates = () => peer.inbox.filter(fromGroup('Create', publicEvent)).length
    const before = creates()
    const restored = await send(api, 'PATCH', `/admin/groups/${handle}`, { token: moderator.token, json: { decision: 'RESTORE', reason: 'Appeal accepted' } })
    expect(restored.status, restored.text).toBe(200)
    await api.app.federationSent!()
    await peer.waitFor((a) => fromGroup('Create', publicEvent)(a) && creates() > before)
    expect((await getJson(`/ap/actors/group-${groupId}`)).body).toMatchObject({ type: 'Group' })
  })

  it('a deletion takes its events back, tells its followers the actor is gone, and answers 410 after', async () => {
    const removed = await send(api, 'DELETE', `/groups/${handle}`, { token: owner.token })
    expect(removed.status, removed.text).toBeLessThan(300)
    await api.app.federationSent!()
    await peer.waitFor(fromGroup('Delete', publicEvent))
    const gone = await peer.waitFor((a) => a.type === 'Delete' && a.json.actor === actor && a.json.object === actor)
    expect(gone.verified).toBe(true)
    const document = await getJson(`/ap/actors/group-${groupId}`)
    expect(document.status).toBe(410)
    const followers = await api.app.ctx.db.selectFrom('federation_followers').select('follower').where('actor', '=', `group-${groupId}`).execute()
    expect(followers).toEqual([])
    // The event stays, as its poster's own, and the poster keeps their events home: nothing more of it leaves.
    expect(await api.app.ctx.db.selectFrom('federation_published').select('actor').where('post_id', '=', publicEvent).execute()).toEqual([])
    // A follow of the gone group is not accepted.
    const accepts = () => peer.inbox.filter((a) => a.type === 'Accept' && a.json.actor === actor).length
    const before = accepts()
    await peer.follow(actor).catch(() => undefined)
    await new Promise((r) => setTimeout(r, 300))
    expect(accepts()).toBe(before)
  })
})
