// Issue 39 item 1: in production, no outbound request reaches this machine's own addresses — not loopback and
// not the non-loopback ones a hand-kept list of private ranges missed (a documentation range such as
// 192.0.2.2, a ULA such as fd00::2). A TCP listener on each of the machine's addresses counts connections while
// every path that fetches an address someone else chose is tried: following a handle, remote follow, the key of
// a signed inbox delivery, the fediverse photo proxy, and push endpoints.
import { randomUUID } from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPrivateHost, isPublicAddress } from '../../api/lib/addresses'
import { createEvent, makeUser, send } from './events-fixtures'
import { freePort, startTestApi, type TestApi } from './helpers'

/** This machine's addresses: every non-loopback one it has (v4, and v6 other than link-local), and loopback. */
function machineAddresses(): string[] {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && !a.internal && !a.address.startsWith('fe80'))
    .map((a) => a.address)
  return [...found, '127.0.0.1']
}

interface Listener {
  address: string
  port: number
  /** Where `address:port` is written in a URL's host. */
  host: string
  connections: number
  server: net.Server
}

async function listenOn(address: string): Promise<Listener> {
  const listener = { address, port: 0, host: '', connections: 0 } as Listener
  listener.server = net.createServer((socket) => {
    listener.connections++
    socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    listener.server.once('error', reject)
    listener.server.listen(0, address, resolve)
  })
  listener.port = (listener.server.address() as net.AddressInfo).port
  listener.host = `${address.includes(':') ? `[${address}]` : address}:${listener.port}`
  return listener
}

describe('which addresses are public (ipaddr.js decides)', () => {
  it('refuses every special-purpose range, and IPv6 forms of private IPv4', () => {
    for (const address of [
      '192.0.2.2', '198.51.100.7', '203.0.113.9', // documentation (TEST-NET-1, 2, 3)
      '100.64.0.1', '100.127.255.254', // carrier-grade NAT
      '198.18.0.1', '198.19.255.1', // benchmarking
      '192.0.0.8', '240.0.0.1', '255.255.255.255', '0.0.0.0', // IETF protocol, reserved, broadcast, this network
      '224.0.0.1', 'ff02::1', // multicast
      '10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', // private, loopback, link-local
      '::1', '::', 'fe80::1', 'fd00::2', 'fc00::1', // v6 loopback, unspecified, link-local, unique local
      '2001:db8::1', // v6 documentation
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', // IPv4-mapped private
      '64:ff9b::7f00:1', '64:ff9b:1::a00:1', // NAT64 of 127.0.0.1 and 10.0.0.1
      '2002:7f00:1::1', '2002:c000:202::1', // 6to4 of 127.0.0.1 and 192.0.2.2
      '2001::1', // Teredo
      'not an address', '',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('lets ordinary public unicast through, v4 and v6, mapped or bracketed', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700::1111', '[2a00:1450:4001::200e]', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('judges a URL host by its name or its literal address', () => {
    for (const host of ['localhost', 'a.localhost', 'printer.local', 'db.internal', '192.0.2.2', '[fd00::2]', '100.64.1.1'])
      expect(isPrivateHost(host), host).toBe(true)
    for (const host of ['nearby.example', 'mastodon.social', '8.8.8.8', '[2606:4700::1111]'])
      expect(isPrivateHost(host), host).toBe(false)
  })
})

describe('an API in production mode reaches none of this machine’s addresses', () => {
  let api: TestApi
  let origin: string
  const listeners: Listener[] = []
  const totalConnections = () => listeners.reduce((n, l) => n + l.connections, 0)

  beforeAll(async () => {
    for (const address of machineAddresses()) listeners.push(await listenOn(address))
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    const vapid = webpush.generateVAPIDKeys()
    api = await startTestApi(
      {
        NODE_ENV: 'production',
        FEDERATION: 'on',
        WEB_URL: origin,
        API_PUBLIC_URL: origin,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
      undefined,
      {},
      port,
    )
  })
  afterAll(async () => {
    await api?.close()
    for (const l of listeners) await new Promise<void>((resolve) => l.server.close(() => resolve()))
  })

  it('listens on the machine’s own non-loopback addresses as well as loopback', () => {
    expect(listeners.map((l) => l.address)).toContain('127.0.0.1')
    // Logged so a CI run shows which addresses were tried (this machine: 192.0.2.2 and fd00::2).
    console.info('outbound-addresses: listening on', listeners.map((l) => l.host).join(', '))
  })

  it('following a handle there is refused and connects nowhere', async () => {
    const person = await makeUser(api)
    for (const { host } of listeners) {
      const res = await send(api, 'POST', '/federation/following', { token: person.token, json: { handle: `a@${host}` } })
      // 422 "did not answer" (an IPv6 literal is no valid handle at all: 400).
      expect([400, 422], host).toContain(res.status)
      expect(res.body.errors.handle, host).toHaveLength(1)
    }
    expect(totalConnections()).toBe(0)
  })

  it('remote follow through a server there gives no address and connects nowhere', async () => {
    for (const { host } of listeners) {
      const res = await send(
        api,
        'GET',
        `/federation/remote-follow?${new URLSearchParams({ account: `a@${host}`, handle: `@belgrade@${new URL(origin).host}` })}`,
      )
      expect(res.status, host).toBeGreaterThanOrEqual(400)
      expect(res.status, host).toBeLessThan(500)
    }
    expect(totalConnections()).toBe(0)
  })

  it('an inbox delivery signed with a key there is refused (401) without asking for the key', async () => {
    const key = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
    for (const { host } of listeners) {
      for (const scheme of ['https', 'http']) {
        const actor = `${scheme}://${host}/actor`
        const signed = await signRequest(
          new Request(`${origin}/ap/inbox`, {
            method: 'POST',
            headers: { 'content-type': 'application/activity+json' },
            body: JSON.stringify({
              '@context': 'https://www.w3.org/ns/activitystreams',
              id: `${actor}#follow-${randomUUID()}`,
              type: 'Follow',
              actor,
              object: `${origin}/ap/actors/city-792680`,
            }),
          }),
          key.privateKey,
          new URL(`${actor}#main-key`),
        )
        expect((await fetch(signed)).status, actor).toBe(401)
      }
    }
    expect(totalConnections()).toBe(0)
  })

  it('the photo proxy answers 404 for a remote photo stored there and connects nowhere', async () => {
    const owner = await makeUser(api)
    const event = await createEvent(api, owner.token, { title: 'Photo from afar' })
    const db = api.app.ctx.db
    // A remote event as the inbox would have stored it, its photo pointing at this machine.
    await db.updateTable('posts').set({ remote_object: `https://peer.example/events/${event._id}` }).where('id', '=', event._id).execute()
    for (const [position, { host }] of listeners.entries()) {
      const id = randomUUID()
      await db
        .insertInto('post_images')
        .values({ id, post_id: event._id, name: 'p.jpg', path: `https://${host}/p.jpg`, thumb_path: null, position: position + 10, created_at: new Date().toISOString() })
        .execute()
      const res = await send(api, 'GET', `/federation/media/${id}`)
      expect(res.status, host).toBe(404)
    }
    expect(totalConnections()).toBe(0)
  })

  it('a push endpoint there is refused at subscription (400), and one stored earlier is never posted to', async () => {
    const [owner, liker] = [await makeUser(api), await makeUser(api)]
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' }
    for (const { host } of listeners) {
      const res = await send(api, 'POST', '/push/web', {
        token: owner.token,
        json: { subscription: { endpoint: `https://${host}/push/x`, keys } },
      })
      expect(res.status, host).toBe(400)
      await api.app.ctx.db
        .insertInto('push_subscriptions')
        .values({ id: randomUUID(), user_id: owner.id, endpoint: `https://${host}/push/${randomUUID()}`, ...keys, created_at: new Date().toISOString() })
        .execute()
    }
    const event = await createEvent(api, owner.token, { title: 'Push nowhere' })
    expect((await send(api, 'PUT', `/event/${event._id}/like`, { token: liker.token })).status).toBe(200)
    // The push goes out after the like's answer; give it time to try.
    await new Promise((r) => setTimeout(r, 1500))
    expect(totalConnections()).toBe(0)
  })
})
