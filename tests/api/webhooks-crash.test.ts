// Webhook messages survive a crash of the instance sending them (decision 050): the real API runs as a process
// of its own (api/main.ts) on a SQLite file, or with TEST_DATABASE=postgres on a PostgreSQL database, with its
// delivery worker on. A calendar import queues one event.created message for each of its 200 events; the receiver
// (which verifies with the published `standardwebhooks` library and keeps each webhook-id once) answers slowly, so
// the process gets SIGKILL while messages are on the wire, with some delivered and some still queued. The API then
// starts again on the same data: once the dead instance's lease lapses, every message reaches the receiver — none
// lost — and only those that were on the wire at the kill come twice, with the same webhook-id, so a receiver that
// deduplicates keeps each exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiProcess, sleep, startApiProcess } from '../../scripts/proofs/lib'
import { startCalendarServer, type CalendarServer } from '../support/calendar-server'
import type { DatabaseOutside } from '../support/database-outside'
import { generateCalendar } from '../support/generated-calendar'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { usePostgres } from './helpers'
import { prepareProcessData, type ProcessData } from './process-data'

const EVENTS = 200
/** The shortest lease the API allows: the restarted instance waits this long for the dead one's messages. */
const LEASE_SECONDS = 20
/** Messages one instance sends at once (delivery.ts). */
const BATCH = 10

let feeds: CalendarServer
let receiver: WebhookReceiver
let data: ProcessData
let outside: DatabaseOutside
let api: ApiProcess | null = null

beforeAll(async () => {
  feeds = await startCalendarServer()
  receiver = await startWebhookReceiver()
  data = await prepareProcessData('webhooks-crash', { WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS) })
  outside = data.outside()
})
afterAll(async () => {
  await api?.kill9()
  await outside?.close()
  await feeds?.close()
  await receiver?.close()
  await data?.remove()
})

async function call(method: string, pathname: string, json?: unknown) {
  const res = await fetch(api!.url + pathname, {
    method,
    headers: { authorization: `Bearer ${data.token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms: number) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${api?.output() ?? ''}`)
    await sleep(5)
  }
}

const queue = () => outside.rows<{ id: string; status: string; attempts: number }>('select id, status, attempts from webhook_deliveries')

describe(`webhook deliveries killed mid-way (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('loses no message, and sends again only those on the wire at the kill, with the same webhook-id', async () => {
    api = await startApiProcess(data.env)
    const hook = await call('POST', '/webhooks', { url: receiver.url, events: ['event.created'] })
    expect(hook.status).toBe(201)
    receiver.secret = hook.body.secret as string
    // Each answer takes a while: the worker always has a batch on the wire.
    receiver.delayMs = 40

    feeds.feeds.set('/season.ics', { body: generateCalendar({ from: new Date(), singles: EVENTS, seed: 7, name: 'Season' }) })
    const source = await call('POST', '/sources', { url: `${feeds.url}/season.ics` })
    expect(source.body).toMatchObject({ lastOutcome: 'OK', counts: { new: EVENTS } })

    await until(() => receiver.messages.length >= EVENTS / 4 && receiver.inFlight > 0, 'a quarter delivered and more on the wire', 30_000)
    await api.kill9()
    api = null
    const atKill = await queue()
    const deliveredAtKill = new Set(atKill.filter((d) => d.status === 'DELIVERED').map((d) => d.id))
    expect(atKill).toHaveLength(EVENTS)
    expect(deliveredAtKill.size, 'some delivered before the kill').toBeGreaterThan(0)
    expect(deliveredAtKill.size, 'some still to send at the kill').toBeLessThan(EVENTS)

    receiver.delayMs = 0
    const restarted = Date.now()
    api = await startApiProcess(data.env)
    await until(async () => (await queue()).every((d) => d.status === 'DELIVERED'), 'every message delivered', (LEASE_SECONDS + 30) * 1000)
    // The messages the dead instance held waited for its lease; the others went at once.
    expect(Date.now() - restarted).toBeGreaterThanOrEqual((LEASE_SECONDS - 5) * 1000)

    // None lost: the deduplicating receiver has each queued message once, each a different imported event.
    const ids = (await queue()).map((d) => d.id)
    expect(receiver.messages.map((m) => m.id).sort()).toEqual([...ids].sort())
    expect(new Set(receiver.messages.map((m) => m.body.data._id)).size).toBe(EVENTS)
    expect(receiver.messages.every((m) => m.type === 'event.created')).toBe(true)
    expect(receiver.refused).toBe(0)

    // None twice that had been delivered: what came again was on the wire at the kill (at most one batch), and
    // the queue counts its second attempt.
    const seen = new Map<string, number>()
    for (const attempt of receiver.attempts) seen.set(attempt.id, (seen.get(attempt.id) ?? 0) + 1)
    const again = [...seen].filter(([, n]) => n > 1).map(([id]) => id)
    // The receiver got those on the wire (and kept them): they came again, which its deduplication absorbed.
    expect(again.length).toBeGreaterThanOrEqual(1)
    expect(again.length).toBeLessThanOrEqual(BATCH)
    expect(again.filter((id) => deliveredAtKill.has(id))).toEqual([])
    expect([...seen.values()].every((n) => n <= 2)).toBe(true)
    await api.stop()
    api = null
  }, 90_000)
})
