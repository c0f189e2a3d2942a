// A fediverse server in "authorized fetch" mode (Mastodon's AUTHORIZED_FETCH / secure mode), written from the specs
// with node:http and node:crypto only — no Fedify, so it shares none of Nearby's code or assumptions:
// - its ActivityPub documents (the actor `bob`, his notes) are served only to a GET carrying a valid HTTP
//   signature (draft-cavage-http-signatures-12, rsa-sha256, covering (request-target), host and date); an unsigned
//   or badly signed GET gets 401. To check one it fetches the signer's key document itself, unsigned, as a server
//   must be able to (the signer's key is what proves who asks: no signature is asked for it);
// - WebFinger answers anyone (Mastodon does);
// - its inboxes take only deliveries whose signature (and Digest) verify, and keep them as plain JSON;
// - it signs its own deliveries, and can change its key (`rotateKey`) under the same key id, as a server does
//   when an account's key is replaced.
import { createHash, createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A GET of one of the peer's ActivityPub documents, and what the peer answered. */
export interface PeerFetch {
  path: string
  /** The signer's key id, or null for an unsigned request. */
  keyId: string | null
  status: number
  /** Why a request was refused. */
  refused?: string
}

export interface PeerDelivery {
  path: string
  json: Record<string, unknown>
  keyId: string
}

export interface StrictPeer {
  origin: string
  /** `bob@127.0.0.1:port`, what a person types to follow him. */
  handle: string
  actorId: string
  /** Every GET of a document (WebFinger aside), in order. */
  fetches: PeerFetch[]
  /** Deliveries whose signature verified. */
  inbox: PeerDelivery[]
  /** Deliveries refused (unsigned, bad signature, bad digest). */
  refusedDeliveries: { path: string; reason: string }[]
  /** Waits until a verified delivery matches (default 10 s). */
  waitFor(predicate: (d: PeerDelivery) => boolean, timeoutMs?: number): Promise<PeerDelivery>
  /** Bob's key is replaced: his actor document names the new one, under the same key id. */
  rotateKey(): void
  /** Posts an activity as Bob, signed with his current key (or the one before the last rotation). */
  deliver(inbox: string, activity: Record<string, unknown>, key?: 'current' | 'previous'): Promise<Response>
  close(): Promise<void>
}

interface ParsedSignature {
  keyId: string
  algorithm?: string
  headers: string[]
  signature: string
}

/** The Signature header's parameters (draft-cavage §4.1); null when it is not one. */
function parseSignature(header: string | undefined): ParsedSignature | null {
  if (!header) return null
  const params = new Map<string, string>()
  for (const m of header.matchAll(/([a-zA-Z]+)="([^"]*)"/g)) params.set(m[1]!, m[2]!)
  const keyId = params.get('keyId')
  const signature = params.get('signature')
  if (!keyId || !signature) return null
  return {
    keyId,
    algorithm: params.get('algorithm'),
    // §2.1.6: without `headers`, only Date is signed.
    headers: (params.get('headers') ?? 'date').toLowerCase().split(/\s+/).filter(Boolean),
    signature,
  }
}

/** The signing string (§2.3): each named header as `name: value`, (request-target) as `method path`. */
function signingString(names: string[], method: string, path: string, headers: http.IncomingHttpHeaders) {
  return names
    .map((name) => {
      if (name === '(request-target)') return `(request-target): ${method.toLowerCase()} ${path}`
      const value = headers[name]
      if (value === undefined) throw new Error(`the signed header ${name} is missing`)
      return `${name}: ${(Array.isArray(value) ? value.join(', ') : value).trim()}`
    })
    .join('\n')
}

const AS_CONTEXT = ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1']

export async function startStrictPeer(options: { authorizedFetch?: boolean } = {}): Promise<StrictPeer> {
  const authorizedFetch = options.authorizedFetch ?? true
  const fetches: PeerFetch[] = []
  const inbox: PeerDelivery[] = []
  const refusedDeliveries: { path: string; reason: string }[] = []
  let keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  let previousKeys: typeof keys | null = null

  let origin = ''
  let host = ''
  const actorId = () => `${origin}/users/bob`
  const keyId = () => `${actorId()}#main-key`

  const actorDocument = () => ({
    '@context': AS_CONTEXT,
    id: actorId(),
    type: 'Person',
    preferredUsername: 'bob',
    name: 'Bob of the strict server',
    inbox: `${actorId()}/inbox`,
    outbox: `${actorId()}/outbox`,
    followers: `${actorId()}/followers`,
    endpoints: { sharedInbox: `${origin}/inbox` },
    url: `${origin}/@bob`,
    publicKey: {
      id: keyId(),
      owner: actorId(),
      publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
  })

  /** The public key a key id names, fetched from its owner's server without a signature. */
  async function publicKeyOf(id: string): Promise<string> {
    const url = new URL(id)
    url.hash = ''
    const res = await fetch(url, { headers: { accept: 'application/activity+json' }, redirect: 'error' })
    if (!res.ok) throw new Error(`the key ${id} could not be fetched: HTTP ${res.status}`)
    const doc = (await res.json()) as Record<string, unknown>
    const candidates = ([] as unknown[]).concat(doc.publicKey ?? [], doc.id === id ? doc : [])
    const key = candidates.find(
      (k): k is { id: string; owner?: string; publicKeyPem: string } =>
        !!k && typeof k === 'object' && (k as { id?: unknown }).id === id,
    )
    if (!key?.publicKeyPem) throw new Error(`${url.href} names no key ${id}`)
    // The key belongs to an actor of the server that signed (its owner is on the key's origin).
    if (key.owner && new URL(key.owner).origin !== url.origin) throw new Error(`${id} is owned elsewhere`)
    return key.publicKeyPem
  }

  /** Why a request's signature does not hold, or null with the key id when it does. */
  async function checkSignature(
    req: http.IncomingMessage,
    path: string,
    body: Buffer | null,
  ): Promise<{ keyId: string } | { refused: string; keyId: string | null }> {
    const parsed = parseSignature(req.headers.signature as string | undefined)
    if (!parsed) return { refused: 'unsigned', keyId: null }
    if (parsed.algorithm && !['rsa-sha256', 'hs2019'].includes(parsed.algorithm))
      return { refused: `algorithm ${parsed.algorithm}`, keyId: parsed.keyId }
    for (const required of ['(request-target)', 'host', 'date', ...(body ? ['digest'] : [])])
      if (!parsed.headers.includes(required))
        return { refused: `${required} not signed`, keyId: parsed.keyId }
    const date = Date.parse(String(req.headers.date))
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 3_600_000)
      return { refused: 'date out of window', keyId: parsed.keyId }
    if (body) {
      const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`
      const sent = String(req.headers.digest ?? '')
        .split(',')
        .map((d) => d.trim())
      if (!sent.some((d) => d.replace(/^sha-256=/i, 'SHA-256=') === digest))
        return { refused: 'digest mismatch', keyId: parsed.keyId }
    }
    let pem: string
    try {
      pem = await publicKeyOf(parsed.keyId)
    } catch (error) {
      return { refused: (error as Error).message, keyId: parsed.keyId }
    }
    let text: string
    try {
      text = signingString(parsed.headers, req.method ?? 'GET', path, req.headers)
    } catch (error) {
      return { refused: (error as Error).message, keyId: parsed.keyId }
    }
    const valid = createVerify('RSA-SHA256').update(text).verify(pem, parsed.signature, 'base64')
    return valid ? { keyId: parsed.keyId } : { refused: 'signature does not verify', keyId: parsed.keyId }
  }

  const json = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    type = 'application/activity+json',
  ) => {
    res.writeHead(status, { 'content-type': type })
    res.end(JSON.stringify(body))
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', origin)
    // The path as the request line sent it: (request-target) signs the path with its query.
    const target = `${url.pathname}${url.search}`

    if (req.method === 'GET' && url.pathname === '/.well-known/webfinger') {
      if (url.searchParams.get('resource') !== `acct:bob@${host}`) return json(res, 404, {})
      return json(
        res,
        200,
        {
          subject: `acct:bob@${host}`,
          links: [{ rel: 'self', type: 'application/activity+json', href: actorId() }],
        },
        'application/jrd+json',
      )
    }

    if (req.method === 'GET') {
      // `/bob`: an old address of Bob's, which now redirects (asked with a signature too, as everything here).
      const moved = url.pathname === '/bob'
      const document = moved
        ? {}
        : url.pathname === '/users/bob'
          ? actorDocument()
          : url.pathname === '/users/bob/outbox'
            ? { '@context': AS_CONTEXT, id: `${actorId()}/outbox`, type: 'OrderedCollection', totalItems: 0 }
            : null
      if (!document) return json(res, 404, {})
      const status = moved ? 302 : 200
      if (authorizedFetch) {
        const check = await checkSignature(req, target, null)
        if ('refused' in check) {
          fetches.push({ path: target, keyId: check.keyId, status: 401, refused: check.refused })
          return json(res, 401, { error: `Request not signed: ${check.refused}` })
        }
        fetches.push({ path: target, keyId: check.keyId, status })
      } else {
        fetches.push({
          path: target,
          keyId: parseSignature(req.headers.signature as string)?.keyId ?? null,
          status,
        })
      }
      if (moved) {
        res.writeHead(302, { location: '/users/bob' }).end()
        return
      }
      return json(res, 200, document)
    }

    if (req.method === 'POST' && (url.pathname === '/inbox' || url.pathname === '/users/bob/inbox')) {
      const check = await checkSignature(req, target, body)
      if ('refused' in check) {
        refusedDeliveries.push({ path: url.pathname, reason: check.refused })
        return json(res, 401, { error: check.refused })
      }
      let parsed: Record<string, unknown>
      try {
        parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>
      } catch {
        return json(res, 400, { error: 'not JSON' })
      }
      inbox.push({ path: url.pathname, json: parsed, keyId: check.keyId })
      res.writeHead(202).end()
      return
    }
    json(res, 404, {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  origin = `http://${host}`

  function sign(method: string, url: URL, headers: Record<string, string>, privateKey: KeyObject) {
    const names = ['(request-target)', 'host', 'date', ...('digest' in headers ? ['digest'] : [])]
    const all: http.IncomingHttpHeaders = { host: url.host, ...headers }
    const text = signingString(names, method, `${url.pathname}${url.search}`, all)
    const signature = createSign('RSA-SHA256').update(text).sign(privateKey, 'base64')
    return `keyId="${keyId()}",algorithm="rsa-sha256",headers="${names.join(' ')}",signature="${signature}"`
  }

  return {
    origin,
    handle: `bob@${host}`,
    actorId: actorId(),
    fetches,
    inbox,
    refusedDeliveries,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = inbox.find(predicate)
        if (found) return found
        if (Date.now() > deadline)
          throw new Error(
            `no such delivery arrived; got: ${inbox.map((d) => String(d.json.type)).join(', ') || 'nothing'}` +
              (refusedDeliveries.length
                ? `; refused: ${refusedDeliveries.map((r) => r.reason).join(', ')}`
                : ''),
          )
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    rotateKey() {
      previousKeys = keys
      keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
    },
    async deliver(to, activity, key = 'current') {
      const url = new URL(to)
      const text = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity })
      const headers: Record<string, string> = {
        date: new Date().toUTCString(),
        digest: `SHA-256=${createHash('sha256').update(text).digest('base64')}`,
        'content-type': 'application/activity+json',
      }
      const pair = key === 'previous' ? previousKeys : keys
      if (!pair) throw new Error('no previous key: rotateKey() first')
      return fetch(url, {
        method: 'POST',
        headers: { ...headers, signature: sign('POST', url, headers, pair.privateKey) },
        body: text,
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
