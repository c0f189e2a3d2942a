// A fediverse server on loopback that behaves like Mastodon where Nearby meets it (issue 26): a small Fedify
// federation of its own with one person, `alice`, whose inbox verifies HTTP signatures as Mastodon does and keeps
// every activity delivered to it — the raw JSON as sent, and whether Fedify accepted it. It follows and
// unfollows Nearby's actors with signed Follow and Undo, as Mastodon does when a person presses Follow.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFederation, exportJwk, generateCryptoKeyPair, importJwk, MemoryKvStore } from '@fedify/fedify'
import { Accept, Activity, Announce, Delete, Endpoints, Follow, Like, Person, PUBLIC_COLLECTION, Undo } from '@fedify/vocab'

export interface DeliveredActivity {
  /** The JSON body exactly as it was posted. */
  json: Record<string, unknown>
  type: string
  /** Fedify verified its HTTP signature and ran the listener (an unsigned or forged body never gets here). */
  verified: boolean
  /** The signer's key id (the Signature header's keyId). */
  keyId: string | null
  path: string
}

export interface FediversePeer {
  origin: string
  actorId: URL
  inbox: DeliveredActivity[]
  /** Activities whose listener ran (signature checked). */
  verified(): DeliveredActivity[]
  /** Waits until `predicate` holds for one verified activity (default 10 s). */
  waitFor(predicate: (a: DeliveredActivity) => boolean, timeoutMs?: number): Promise<DeliveredActivity>
  follow(actorUri: string): Promise<URL>
  unfollow(actorUri: string, followId: URL): Promise<void>
  like(actorUri: string, objectUri: string): Promise<void>
  announce(actorUri: string, objectUri: string): Promise<void>
  /** Alice leaves her server: Delete of herself, to one of our actors' inbox. */
  deleteSelf(actorUri: string): Promise<void>
  close(): Promise<void>
}

export async function startFediversePeer(): Promise<FediversePeer> {
  const inbox: DeliveredActivity[] = []
  const keys = await Promise.all([
    generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
    generateCryptoKeyPair('Ed25519'),
  ])
  // Keys kept as JWK too: the same pairs across the federation's life.
  const jwks = await Promise.all(
    keys.map(async (k) => ({
      privateKey: await exportJwk(k.privateKey),
      publicKey: await exportJwk(k.publicKey),
    })),
  )
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true })
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== 'alice') return null
      const pairs = await ctx.getActorKeyPairs(identifier)
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: 'alice',
        name: 'Alice of the peer',
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((p) => p.multikey),
      })
    })
    .setKeyPairsDispatcher(async () =>
      Promise.all(
        jwks.map(async (k) => ({
          privateKey: await importJwk(k.privateKey, 'private'),
          publicKey: await importJwk(k.publicKey, 'public'),
        })),
      ),
    )
  const lastRaw = new Map<string, DeliveredActivity>()
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (_ctx, activity) => {
    const delivered = activity.id ? lastRaw.get(activity.id.href) : undefined
    if (delivered) delivered.verified = true
  })

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', origin)
    if (req.method === 'POST' && /inbox$/.test(url.pathname)) {
      let json: Record<string, unknown> = {}
      try {
        json = JSON.parse(body.toString('utf8')) as Record<string, unknown>
      } catch {
        // kept as {}: a body that is not JSON is still a delivery
      }
      const signature = String(req.headers.signature ?? '')
      const delivered: DeliveredActivity = {
        json,
        type: String(json.type ?? ''),
        verified: false,
        keyId: /keyId="([^"]+)"/.exec(signature)?.[1] ?? null,
        path: url.pathname,
      }
      inbox.push(delivered)
      if (typeof json.id === 'string') lastRaw.set(json.id, delivered)
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value)
    const request = new Request(url, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? body : undefined,
    })
    const response = await federation.fetch(request, { contextData: undefined })
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()))
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const context = () => federation.createContext(new URL(origin), undefined)
  const actorId = context().getActorUri('alice')
  let sequence = 0

  async function deliver(to: string, activity: Activity) {
    const ctx = context()
    const target = await ctx.lookupObject(to)
    if (!target || !('inboxId' in target) || !target.inboxId)
      throw new Error(`${to} is no actor with an inbox`)
    await ctx.sendActivity(
      { identifier: 'alice' },
      { id: target.id, inboxId: target.inboxId as URL },
      activity,
      { immediate: true },
    )
  }

  return {
    origin,
    actorId,
    inbox,
    verified: () => inbox.filter((a) => a.verified),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = inbox.find((a) => a.verified && predicate(a))
        if (found) return found
        if (Date.now() > deadline)
          throw new Error(
            `no such activity arrived; got: ${inbox.map((a) => `${a.type}${a.verified ? '' : ' (unverified)'}`).join(', ') || 'nothing'}`,
          )
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    async follow(actorUri) {
      const id = new URL(`${origin}/follows/${++sequence}`)
      await deliver(actorUri, new Follow({ id, actor: actorId, object: new URL(actorUri) }))
      return id
    },
    async unfollow(actorUri, followId) {
      await deliver(
        actorUri,
        new Undo({
          id: new URL(`${origin}/undos/${++sequence}`),
          actor: actorId,
          object: new Follow({ id: followId, actor: actorId, object: new URL(actorUri) }),
        }),
      )
    },
    async like(actorUri, objectUri) {
      await deliver(
        actorUri,
        new Like({
          id: new URL(`${origin}/likes/${++sequence}`),
          actor: actorId,
          object: new URL(objectUri),
        }),
      )
    },
    async announce(actorUri, objectUri) {
      await deliver(
        actorUri,
        new Announce({
          id: new URL(`${origin}/announces/${++sequence}`),
          actor: actorId,
          object: new URL(objectUri),
          to: PUBLIC_COLLECTION,
        }),
      )
    },
    async deleteSelf(actorUri) {
      await deliver(
        actorUri,
        new Delete({
          id: new URL(`${origin}/deletes/${++sequence}`),
          actor: actorId,
          object: actorId,
          to: PUBLIC_COLLECTION,
        }),
      )
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export { Accept }
