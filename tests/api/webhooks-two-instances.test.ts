// Webhook messages are sent once across instances (decision 050): two API instances on one database (a SQLite
// file, or a PostgreSQL database with TEST_DATABASE=postgres) both run their delivery worker, as main.ts starts
// it, while a calendar import on one of them queues 200 messages; the other is also made to take from the queue
// at once. Each message reaches the receiver once (its attempts, not only its deduplicated messages), and both
// instances did part of the sending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooksOf } from '../../api/modules/webhooks'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'
import { generateCalendar } from '../support/generated-calendar'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { makeUser, send } from './events-fixtures'
import { eventually, twoInstances, usePostgres } from './helpers'

const EVENTS = 200

let instances: Awaited<ReturnType<typeof twoInstances>>
let feeds: CalendarServer
let receiver: WebhookReceiver

beforeAll(async () => {
  feeds = await startCalendarServer()
  receiver = await startWebhookReceiver()
  instances = await twoInstances({ ALLOW_PRIVATE_ADDRESSES: 'true' })
})
afterAll(async () => {
  await instances?.close()
  await receiver?.close()
  await feeds?.close()
})

describe(`two instances deliver webhooks (${usePostgres ? 'PostgreSQL' : 'one SQLite file'})`, () => {
  it('each message is sent once, by one of them, and both take part', async () => {
    const { a, b } = instances
    const owner = await makeUser(a)
    const hook = await send(a, 'POST', '/webhooks', { token: owner.token, json: { url: receiver.url, events: ['event.created'] } })
    expect(hook.status).toBe(201)
    receiver.secret = hook.body.secret as string
    receiver.delayMs = 30
    const workers = [a, b].map((api) => webhooksOf(api.app.ctx).delivery)
    for (const worker of workers) worker.start()

    feeds.feeds.set('/festival.ics', { body: generateCalendar({ from: new Date(), singles: EVENTS, seed: 11, name: 'Festival' }) })
    const source = await send(a, 'POST', '/sources', { token: owner.token, json: { url: `${feeds.url}/festival.ics` } })
    expect(source.body).toMatchObject({ lastOutcome: 'OK', counts: { new: EVENTS } })
    // A woke at its commit and is sending; B takes from the same queue now, and each keeps polling.
    const sentByB = await workers[1]!.runOnce()

    await eventually(async () => expect(receiver.messages).toHaveLength(EVENTS), 30_000)
    await eventually(async () => {
      const queue = await a.app.ctx.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute()
      expect(queue).toHaveLength(EVENTS)
      expect(queue.every((d) => d.status === 'DELIVERED' && Number(d.attempts) === 1)).toBe(true)
    })
    expect(receiver.attempts).toHaveLength(EVENTS)
    expect(new Set(receiver.attempts.map((attempt) => attempt.id)).size).toBe(EVENTS)
    expect(receiver.attempts.every((attempt) => attempt.status === 204)).toBe(true)
    expect(sentByB).toBeGreaterThan(0)
    expect(sentByB).toBeLessThan(EVENTS)
  }, 60_000)
})
