// Web push: subscriptions are stored for the caller only (POST/DELETE /push/web), the VAPID public key is
// served, and every new notification reaches the recipient's push service encrypted (aes128gcm) and
// VAPID-signed — a push service on loopback (tests/support/push-receiver.ts) verifies and decrypts it to
// {title, body, url}. 404/410 from the push service delete the subscription; other failures are logged.
import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushRequest } from '../../api/modules/push/web-push'
import { startTestApi, type TestApi } from './helpers'
import { createEvent, makeUser, makeUsers, send, type TestUser } from './events-fixtures'
import { waitFor } from './notify-fixtures'
import { type PushReceiver, startPushReceiver } from '../support/push-receiver'

const vapid = webpush.generateVAPIDKeys()
const SUBJECT = 'mailto:push-test@nearby.test'

let api: TestApi
let off: TestApi
let injected: TestApi
let receiver: PushReceiver
const logLines: Record<string, unknown>[] = []
const transported: PushRequest[] = []

beforeAll(async () => {
  receiver = await startPushReceiver({ expectedVapidPublicKey: vapid.publicKey })
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>)
  })
  const keys = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: SUBJECT }
  ;[api, off, injected] = await Promise.all([
    startTestApi({ ...keys, PUSH_TTL_SECONDS: '3600', ALLOW_PRIVATE_ADDRESSES: 'true', LOG_LEVEL: 'info' }, undefined, { logStream }),
    startTestApi({}),
    startTestApi(keys, undefined, {
      pushTransport: async (request) => {
        transported.push(request)
        return { statusCode: 201, body: '' }
      },
    }),
  ])
})
afterAll(async () => {
  await Promise.all([api?.close(), off?.close(), injected?.close()])
  await receiver?.close()
})

const subscribe = (target: TestApi, token: string | undefined, body: unknown, lang?: string) =>
  send(target, 'POST', '/push/web', { token, json: body, lang })
const stored = (target: TestApi, endpoint?: string) => {
  let q = target.app.ctx.db.selectFrom('push_subscriptions').selectAll()
  if (endpoint) q = q.where('endpoint', '=', endpoint)
  return q.execute()
}

describe('GET /push/vapidPublicKey', () => {
  it('serves the configured key, or null when web push is off', async () => {
    expect((await send(api, 'GET', '/push/vapidPublicKey')).body).toEqual({ publicKey: vapid.publicKey, enabled: true })
    expect((await send(off, 'GET', '/push/vapidPublicKey')).body).toEqual({ publicKey: null, enabled: false })
  })
})

describe('POST /push/web and DELETE /push/web', () => {
  it('stores the subscription for the caller only', async () => {
    const [me, other] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const { subscription } = receiver.subscribe()
    expect((await subscribe(api, undefined, { subscription })).status).toBe(401)
    const inactive = await makeUser(api, { activated: false })
    expect((await subscribe(api, inactive.token, { subscription })).status).toBe(403)

    // Someone else's user id is refused, and nothing is stored.
    const foreign = await subscribe(api, me.token, { subscription, userId: other.id })
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBe('A push subscription can only be saved for your own account.')
    expect(await stored(api, subscription.endpoint)).toHaveLength(0)

    const res = await subscribe(api, me.token, { subscription, userId: me.id })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ endpoint: subscription.endpoint, userId: me.id })
    const rows = await stored(api, subscription.endpoint)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ user_id: me.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })

    // Without userId: the caller. The same endpoint again is one row (upsert), now the other user's.
    expect((await subscribe(api, other.token, { subscription })).body).toMatchObject({ userId: other.id, _id: res.body._id })
    expect(await stored(api, subscription.endpoint)).toMatchObject([{ user_id: other.id }])

    // DELETE: only one's own subscription.
    const delMine = await send(api, 'DELETE', '/push/web', { token: me.token, json: { endpoint: subscription.endpoint } })
    expect(delMine.status).toBe(404)
    expect((await send(api, 'DELETE', '/push/web', { json: { endpoint: subscription.endpoint } })).status).toBe(401)
    const delOther = await send(api, 'DELETE', '/push/web', { token: other.token, json: { endpoint: subscription.endpoint } })
    expect(delOther.status).toBe(200)
    expect(await stored(api, subscription.endpoint)).toHaveLength(0)
  })

  it('validates the subscription: 400 {message, errors}', async () => {
    const me = await makeUser(api)
    const { subscription } = receiver.subscribe()
    const empty = await subscribe(api, me.token, {})
    expect(empty.status).toBe(400)
    expect(empty.body.errors.subscription).toEqual(['This field is required!'])
    const cases: [unknown, string][] = [
      [{ ...subscription, endpoint: 'not a url' }, 'subscription.endpoint'],
      [{ ...subscription, endpoint: 'ftp://push.example.com/x' }, 'subscription.endpoint'],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'c2hvcnQ' } }, 'subscription.keys.p256dh'],
      [{ ...subscription, keys: { ...subscription.keys, auth: '!!!' } }, 'subscription.keys.auth'],
      [{ ...subscription, keys: undefined }, 'subscription.keys'],
      [{ ...subscription, endpoint: `https://push.example.com/${'a'.repeat(2100)}` }, 'subscription.endpoint'],
    ]
    for (const [sub, field] of cases) {
      const res = await subscribe(api, me.token, { subscription: sub })
      expect(res.status, field).toBe(400)
      expect(Object.keys(res.body.errors), field).toContain(field)
    }
    const ru = await subscribe(api, me.token, { subscription: { ...subscription, keys: { ...subscription.keys, auth: '!!!' } } }, 'ru')
    expect(ru.body.errors['subscription.keys.auth']).toEqual(['Подписка на push-уведомления недействительна.'])
    // Without ALLOW_PRIVATE_ADDRESSES only https:// on a public host is accepted.
    const offUser = await makeUser(off)
    for (const endpoint of [subscription.endpoint, 'https://127.0.0.1/push/x', 'https://localhost/push/x', 'https://10.1.2.3/x']) {
      const res = await subscribe(off, offUser.token, { subscription: { ...subscription, endpoint } })
      expect(res.status, endpoint).toBe(400)
      expect(res.body.errors['subscription.endpoint']).toEqual(['The push subscription is not valid.'])
    }
    expect((await subscribe(off, offUser.token, { subscription: { ...subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' } })).status).toBe(201)
    expect(await stored(api)).not.toContainEqual(expect.objectContaining({ endpoint: 'not a url' }))
  })
})

describe('delivery', () => {
  it('a new notification arrives encrypted and VAPID-signed and decrypts to {title, body, url}', async () => {
    const [owner, liker] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const { id, subscription } = receiver.subscribe()
    expect((await subscribe(api, owner.token, { subscription })).status).toBe(201)
    const ev = await createEvent(api, owner.token, { title: 'Push party' })
    expect((await send(api, 'PUT', `/event/${ev._id}/like`, { token: liker.token })).status).toBe(200)
    const [msg] = await receiver.waitForMessages(id)
    expect(receiver.rejected).toEqual([])
    const [row] = await api.app.ctx.db.selectFrom('notifications').select('id').where('recipient_id', '=', owner.id).execute()
    expect(msg?.payload).toEqual({
      title: 'Nearby',
      body: expect.stringMatching(/^Eve Tester\d+ liked “Push party”$/),
      url: `http://web.test/event/${ev._id}`,
      notificationType: 'postLike',
      notificationId: row?.id,
    })
    expect(msg?.claims).toMatchObject({ aud: receiver.origin, sub: SUBJECT })
    expect(msg?.claims.exp).toBeGreaterThan(Date.now() / 1000)
    expect(msg?.vapidPublicKey).toBe(vapid.publicKey)
    expect(msg?.ttl).toBe(3600)
    // Only the recipient's subscriptions are used.
    const likerSub = receiver.subscribe()
    await subscribe(api, liker.token, { subscription: likerSub.subscription })
    await send(api, 'PUT', `/event/${ev._id}/view`, { token: liker.token })
    await new Promise((r) => setTimeout(r, 150))
    expect(receiver.received.filter((m) => m.subscriptionId === likerSub.id)).toEqual([])
  })

  it("speaks the recipient's language and links a follow to the follower's profile", async () => {
    const [follower, followee] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    await api.app.ctx.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', followee.id).execute()
    const { id, subscription } = receiver.subscribe()
    await subscribe(api, followee.token, { subscription })
    await api.app.ctx.domainEvents.emit({ type: 'follow', userFrom: follower.id, followeeId: followee.id })
    const [msg] = await receiver.waitForMessages(id)
    expect(msg?.payload).toMatchObject({
      title: 'Nearby',
      body: expect.stringMatching(/^Eve Tester\d+ подписался\(-ась\) на вас$/),
      url: `http://web.test/profile/${follower.id}`,
      notificationType: 'follow',
    })
  })

  it('a 410 (or 404) endpoint is removed; other devices still get the message; other failures are logged and kept', async () => {
    const [me, from] = (await makeUsers(api, 2)) as [TestUser, TestUser]
    const good = receiver.subscribe()
    const gone = receiver.subscribe({ answer: 410 })
    const missing = receiver.subscribe({ answer: 404 })
    const broken = receiver.subscribe({ answer: 500 })
    for (const s of [good, gone, missing, broken]) expect((await subscribe(api, me.token, { subscription: s.subscription })).status).toBe(201)
    await api.app.ctx.domainEvents.emit({ type: 'follow', userFrom: from.id, followeeId: me.id })
    await receiver.waitForMessages(good.id)
    await receiver.waitForMessages(gone.id)
    await receiver.waitForMessages(broken.id)
    await waitFor(async () => (await stored(api, gone.subscription.endpoint)).length === 0 && (await stored(api, missing.subscription.endpoint)).length === 0, 'gone subscriptions removed')
    expect(await stored(api, good.subscription.endpoint)).toHaveLength(1)
    expect(await stored(api, broken.subscription.endpoint)).toHaveLength(1)
    await waitFor(() => logLines.find((l) => l.msg === 'push service refused a message' && l.status === 500), 'the failure in the log')
    // Nothing secret in that log line.
    expect(JSON.stringify(logLines)).not.toContain(broken.subscription.keys.auth)
  })

  it('the sending is injectable: a transport gets the encrypted, signed request (https endpoint, no network)', async () => {
    const [me, from] = (await makeUsers(injected, 2)) as [TestUser, TestUser]
    const endpoint = `https://push.example.com/send/${randomUUID()}`
    const { subscription } = receiver.subscribe()
    expect((await subscribe(injected, me.token, { subscription: { ...subscription, endpoint } })).status).toBe(201)
    await injected.app.ctx.domainEvents.emit({ type: 'follow', userFrom: from.id, followeeId: me.id })
    const req = await waitFor(() => transported.find((r) => r.endpoint === endpoint), 'the transported request')
    expect(req.headers['content-encoding']).toBe('aes128gcm')
    expect(req.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
    expect(req.headers.ttl).toBe('86400')
    expect(req.body?.length).toBeGreaterThan(86)
    // Encrypted: the text is not in the body.
    expect(req.body?.toString('utf8')).not.toContain('following')
  })

  it('with web push off nothing is sent and notifications still work', async () => {
    const [me, from] = (await makeUsers(off, 2)) as [TestUser, TestUser]
    await off.app.ctx.domainEvents.emit({ type: 'follow', userFrom: from.id, followeeId: me.id })
    expect((await send(off, 'GET', '/notifications/latest', { token: me.token })).body.count).toBe(1)
  })
})
