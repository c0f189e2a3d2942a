// Outbound webhooks (issue 42) through the real API on SQLite or PostgreSQL, received on loopback by a receiver
// that verifies each message with the published Standard Webhooks library: registering (the secret once), what
// each change sends (and what never leaves), retries on the spec's schedule with the same webhook-id, the delivery
// log, a webhook turned off after a day of failures (its owner mailed), the test message, and who may see what.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { webhooksOf } from '../../api/modules/webhooks'
import { startCalendarServer } from '../support/calendar-server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { eventually, startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, send, type TestUser } from './events-fixtures'

const clock = { now: new Date() }
let api: TestApi
let receiver: WebhookReceiver
let organizer: TestUser
let admin: TestUser

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  api = await startTestApi({ ALLOW_PRIVATE_ADDRESSES: 'true' }, undefined, { clock: () => clock.now })
  organizer = await makeUser(api)
  admin = await makeUser(api, { role: 'admin' })
})
afterAll(async () => {
  await api?.close()
  await receiver?.close()
})
beforeEach(() => {
  clock.now = new Date()
  receiver.failNext = 0
})

/** A webhook of `user` for these events, pointed at the receiver (which learns its secret). */
async function register(user: TestUser, events: string[], extra: Record<string, unknown> = {}) {
  const res = await send(api, 'POST', '/webhooks', { token: user.token, json: { url: receiver.url, events, ...extra } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  receiver.secret = res.body.secret
  return res.body as { id: string; secret: string }
}

async function remove(user: TestUser, id: string) {
  expect((await send(api, 'DELETE', `/webhooks/${id}`, { token: user.token })).status).toBe(200)
}

const messagesOf = (type: string) => receiver.messages.filter((m) => m.type === type)

describe('registering', () => {
  it('answers the secret once (whsec_), never again; refuses bad input with the form’s texts', async () => {
    const created = await register(organizer, ['event.created'])
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/)
    const again = await send(api, 'GET', `/webhooks/${created.id}`, { token: organizer.token })
    expect(again.body).toMatchObject({ id: created.id, url: receiver.url, events: ['event.created'], scope: 'OWN', enabled: true })
    expect(again.body.secret).toBeUndefined()
    expect((await send(api, 'GET', '/webhooks', { token: organizer.token })).body.items.map((w: { id: string }) => w.id)).toContain(created.id)
    const empty = await send(api, 'POST', '/webhooks', { token: organizer.token, json: { url: receiver.url, events: [] } })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.events).toEqual(['Choose at least one kind of event to send.'])
    const badUrl = await send(api, 'POST', '/webhooks', { token: organizer.token, lang: 'ru', json: { url: 'nope', events: ['event.created'] } })
    expect(badUrl.body.errors.url).toHaveLength(1)
    // Nearby never sends to a private address or plain http (this instance allows them for the test's receiver).
    const strict = await startTestApi()
    try {
      const someone = await makeUser(strict)
      const local = await send(strict, 'POST', '/webhooks', { token: someone.token, json: { url: 'https://127.0.0.1/hook', events: ['event.created'] } })
      expect(local.status).toBe(400)
      expect(local.body.errors.url).toEqual(['Only public https addresses can be used here.'])
      const plain = await send(strict, 'POST', '/webhooks', { token: someone.token, json: { url: 'http://example.org/hook', events: ['event.created'] } })
      expect(plain.body.errors.url).toEqual(['Only public https addresses can be used here.'])
    } finally {
      await strict.close()
    }
    const site = await send(api, 'POST', '/webhooks', { token: organizer.token, json: { url: receiver.url, events: ['event.created'], scope: 'SITE' } })
    expect(site.status).toBe(403)
    expect(site.body.message).toBe('Only admins may receive the events of the whole site.')
    // Another person's webhook does not exist for them.
    const stranger = await makeUser(api)
    for (const [method, suffix] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['GET', '/deliveries'], ['POST', '/test']] as const)
      expect((await send(api, method, `/webhooks/${created.id}${suffix}`, { token: stranger.token, json: method === 'PATCH' ? { events: ['event.updated'] } : undefined })).status).toBe(404)
    await remove(organizer, created.id)
  })
})

describe('what is sent', () => {
  it('an organizer’s public event: created, updated, a participant in and out, cancelled — signed, each once', async () => {
    const hook = await register(organizer, ['event.created', 'event.updated', 'event.cancelled', 'participant.joined', 'participant.left'])
    const event = await createEvent(api, organizer.token, { title: 'Hooked jazz' })
    await eventually(async () => expect(messagesOf('event.created').map((m) => m.body.data._id)).toContain(event._id))
    const created = messagesOf('event.created').find((m) => m.body.data._id === event._id)!
    expect(created.id).toMatch(/^msg_/)
    expect(created.body.data).toMatchObject({ title: 'Hooked jazz', accessType: 'COMMON', postedBy: { _id: organizer.id } })

    const guest = await makeUser(api)
    expect((await send(api, 'PUT', `/event/${event._id}/participate`, { token: guest.token, json: { participate: true } })).status).toBe(200)
    await eventually(async () => expect(messagesOf('participant.joined')).toHaveLength(1))
    expect(messagesOf('participant.joined')[0]!.body.data).toMatchObject({ event: { _id: event._id }, participant: { _id: guest.id } })
    expect(messagesOf('participant.joined')[0]!.body.data.participant).not.toHaveProperty('email')
    expect((await send(api, 'PUT', `/event/${event._id}/participate`, { token: guest.token, json: { participate: false } })).status).toBe(200)
    await eventually(async () => expect(messagesOf('participant.left')).toHaveLength(1))

    expect((await send(api, 'POST', `/event/${event._id}/cancel`, { token: organizer.token, json: { message: 'Rain' } })).status).toBe(200)
    await eventually(async () => expect(messagesOf('event.cancelled').map((m) => m.body.data._id)).toContain(event._id))
    expect(receiver.refused).toBe(0)
    await remove(organizer, hook.id)
  })

  it('a private event never leaves; an admin’s SITE webhook hears every public event', async () => {
    const before = receiver.messages.length
    const siteHook = await register(admin, ['event.created'], { scope: 'SITE' })
    const other = await makeUser(api)
    const secret = await createEvent(api, other.token, { title: 'Secret party', accessType: 'PRIVATE' })
    const open = await createEvent(api, other.token, { title: 'Open party' })
    await eventually(async () => expect(receiver.messages.slice(before).map((m) => m.body.data._id)).toContain(open._id))
    await webhooksOf(api.app.ctx).delivery.runOnce()
    expect(receiver.messages.map((m) => m.body.data._id)).not.toContain(secret._id)
    await remove(admin, siteHook.id)
  })
})

describe('imported events', () => {
  it('a calendar’s new events are event.created, in one batch', async () => {
    const hook = await register(organizer, ['event.created'])
    const feeds = await startCalendarServer()
    try {
      const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
      const event = (n: number) => ['BEGIN:VEVENT', `UID:hooked-${n}`, 'DTSTAMP:20260101T000000Z', `DTSTART:${at(n + 2)}`, `SUMMARY:Imported ${n}`, 'GEO:44.8;20.4', 'END:VEVENT']
      feeds.feeds.set('/club.ics', { body: ['BEGIN:VCALENDAR', 'VERSION:2.0', ...event(1), ...event(2), 'END:VCALENDAR'].join('\r\n') })
      const source = await send(api, 'POST', '/sources', { token: organizer.token, json: { url: `${feeds.url}/club.ics` } })
      expect(source.body.counts.new).toBe(2)
      await eventually(async () =>
        expect(messagesOf('event.created').map((m) => m.body.data.title)).toEqual(expect.arrayContaining(['Imported 1', 'Imported 2'])),
      )
    } finally {
      await feeds.close()
      await remove(organizer, hook.id)
    }
  })
})

describe('retries and the log', () => {
  it('retries a failing receiver on the schedule with the same webhook-id, and logs status and answer time', async () => {
    const hook = await register(organizer, ['event.created'])
    receiver.failNext = 2
    expect((await send(api, 'POST', `/webhooks/${hook.id}/test`, { token: organizer.token })).status).toBe(202)
    const delivery = webhooksOf(api.app.ctx).delivery
    await eventually(async () => expect(receiver.failNext).toBe(1))
    const log = async () => (await send(api, 'GET', `/webhooks/${hook.id}/deliveries`, { token: organizer.token })).body.items
    expect((await log())[0]).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', attempts: 1, responseStatus: 500 })
    // Not due yet: nothing is sent.
    await delivery.runOnce()
    expect(receiver.failNext).toBe(1)
    clock.now = new Date(clock.now.getTime() + 6_000)
    await delivery.runOnce()
    expect(receiver.failNext).toBe(0)
    clock.now = new Date(clock.now.getTime() + 5 * 60_000 + 1_000)
    await delivery.runOnce()
    const [entry] = await log()
    expect(entry).toMatchObject({ eventType: 'webhook.test', status: 'DELIVERED', attempts: 3, responseStatus: 204, lastError: null })
    expect(entry.responseMs).toBeGreaterThanOrEqual(0)
    const ids = receiver.attempts.slice(-3).map((a) => a.id)
    expect(new Set(ids).size).toBe(1)
    expect(ids[0]).toBe(entry.id)
    expect(messagesOf('webhook.test').at(-1)?.body.data).toMatchObject({ webhookId: hook.id })
    await remove(organizer, hook.id)
  })

  it('turns a webhook off after a day of failures, tells its owner by mail, and sends again once it is on', async () => {
    const owner = await makeUser(api)
    const hook = await register(owner, ['event.created'])
    receiver.failNext = Infinity
    await send(api, 'POST', `/webhooks/${hook.id}/test`, { token: owner.token })
    const delivery = webhooksOf(api.app.ctx).delivery
    await eventually(async () => expect(receiver.attempts.at(-1)?.status).toBe(500))
    for (const seconds of [5, 300, 1800, 7200, 18000, 36000, 36000]) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000 + 1000)
      await delivery.runOnce()
    }
    const [entry] = (await send(api, 'GET', `/webhooks/${hook.id}/deliveries`, { token: owner.token })).body.items
    expect(entry).toMatchObject({ status: 'FAILED', attempts: 8, nextAttemptAt: null })
    const off = await send(api, 'GET', `/webhooks/${hook.id}`, { token: owner.token })
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'Turned off: its address failed every delivery for a day. Fix it, then turn it on again.' })
    await api.app.ctx.flushMail()
    expect(api.smtp.messages.some((m) => m.subject === 'Nearby: a webhook was turned off')).toBe(true)
    // Off: a new event sends nothing.
    const attempts = receiver.attempts.length
    await createEvent(api, owner.token, { title: 'While off' })
    await delivery.runOnce()
    expect(receiver.attempts.length).toBe(attempts)
    receiver.failNext = 0
    expect((await send(api, 'PATCH', `/webhooks/${hook.id}`, { token: owner.token, json: { enabled: true } })).body.enabled).toBe(true)
    await send(api, 'POST', `/webhooks/${hook.id}/test`, { token: owner.token })
    await eventually(async () => expect(receiver.attempts.at(-1)?.status).toBe(204))
    await remove(owner, hook.id)
  })
})
