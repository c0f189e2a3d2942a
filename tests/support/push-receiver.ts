// A web push service on loopback (RFC 8030) that checks what a real one checks and decrypts like a browser:
// - the VAPID header (RFC 8292) `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT verified
//   against k, with aud = this service's origin, an exp in the future and at most 24 h away, and a
//   mailto:/https: sub (and, when given, k must be the application server key the test expects);
// - the body: Content-Encoding aes128gcm (RFC 8291), decrypted with the subscription's private key and
//   auth secret (http_ece), parsed as JSON when it is JSON.
// Each subscription it hands out answers 201, or a chosen status (410 for a gone endpoint, 500…).
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'
import { importJWK, jwtVerify, type JWTPayload } from 'jose'

export interface BrowserSubscription {
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  subscriptionId: string
  endpoint: string
  ttl: number
  urgency: string | undefined
  claims: JWTPayload
  vapidPublicKey: string
  text: string
  payload: unknown
  answered: number
}

export interface RejectedPush {
  subscriptionId: string
  status: number
  reason: string
}

export interface PushReceiver {
  origin: string
  /** A new browser-like subscription on this service; `answer` is the status it replies with (default 201). */
  subscribe(options?: { answer?: number }): { id: string; subscription: BrowserSubscription }
  received: ReceivedPush[]
  rejected: RejectedPush[]
  waitForMessages(subscriptionId: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>
  close(): Promise<void>
}

interface Client {
  ecdh: crypto.ECDH
  auth: Buffer
  answer: number
}

const MAX_BODY = 4096 + 256

export async function startPushReceiver(options: { expectedVapidPublicKey?: string } = {}): Promise<PushReceiver> {
  const clients = new Map<string, Client>()
  const received: ReceivedPush[] = []
  const rejected: RejectedPush[] = []
  let origin = ''

  async function verifyVapid(header: string | undefined): Promise<{ claims: JWTPayload; k: string }> {
    const m = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/i.exec(header ?? '')
    if (!m) throw new Error('no vapid authorization')
    const [, token = '', k = ''] = m
    const raw = Buffer.from(k, 'base64url')
    if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key')
    if (options.expectedVapidPublicKey && k !== options.expectedVapidPublicKey) throw new Error('unexpected application server key')
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      'ES256',
    )
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin, requiredClaims: ['exp', 'sub'] })
    const now = Math.floor(Date.now() / 1000)
    if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 3600) throw new Error('exp more than 24 h away')
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub is not mailto:/https:')
    return { claims: payload, k }
  }

  const server = http.createServer((req, res) => {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? ''
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size <= MAX_BODY) chunks.push(c)
    })
    req.on('end', () => {
      const reject = (status: number, reason: string) => {
        rejected.push({ subscriptionId: id, status, reason })
        res.writeHead(status).end(reason)
      }
      const client = clients.get(id)
      if (req.method !== 'POST' || !client) return reject(404, 'no such subscription')
      if (size > MAX_BODY) return reject(413, 'payload too large')
      if (req.headers['content-encoding'] !== 'aes128gcm') return reject(400, `content-encoding ${req.headers['content-encoding']}`)
      const ttl = Number(req.headers.ttl)
      if (!Number.isInteger(ttl) || ttl < 0) return reject(400, 'TTL header missing')
      verifyVapid(req.headers.authorization).then(
        ({ claims, k }) => {
          let text: string
          try {
            text = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: client.ecdh, authSecret: client.auth }).toString('utf8')
          } catch (err) {
            return reject(400, `cannot decrypt: ${(err as Error).message}`)
          }
          let payload: unknown = text
          try {
            payload = JSON.parse(text)
          } catch {
            // not JSON: keep the text
          }
          received.push({
            subscriptionId: id,
            endpoint: `${origin}/push/${id}`,
            ttl,
            urgency: req.headers.urgency as string | undefined,
            claims,
            vapidPublicKey: k,
            text,
            payload,
            answered: client.answer,
          })
          res.writeHead(client.answer, client.answer === 201 ? { location: `${origin}/message/${crypto.randomUUID()}` } : {}).end()
        },
        (err: Error) => reject(401, `vapid: ${err.message}`),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    received,
    rejected,
    subscribe(opts = {}) {
      const id = crypto.randomBytes(12).toString('base64url')
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = crypto.randomBytes(16)
      clients.set(id, { ecdh, auth, answer: opts.answer ?? 201 })
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      }
    },
    async waitForMessages(subscriptionId, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mine = received.filter((m) => m.subscriptionId === subscriptionId)
        if (mine.length >= count) return mine
        if (Date.now() > deadline)
          throw new Error(`push: ${mine.length}/${count} messages for ${subscriptionId}; rejected: ${JSON.stringify(rejected)}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
