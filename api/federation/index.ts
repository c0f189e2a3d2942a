// The federation's wiring: Fedify's instance, its loaders, and the rooms made around one dependencies object.
// Decision 039; README.md here says which room holds what.
import { createExponentialBackoffPolicy, createFederation, type Federation, kvCache } from '@fedify/fedify'
import { EVENT_LIMITS, type FediversePresence } from '#contract'
import { createOutboundFetch, deliveryProblem, type OutboundFetch } from '../lib/outbound-fetch'
import { serveActorDocuments } from './actor-documents'
import { actorIdentifier, type ActorRef, type ActorRows, createActorRows } from './actors'
import type { FederationDeps, FederationHost } from './deps'
import { jsonLdLoader, type SigningIdentity } from './documents'
import { createDomains } from './domains'
import { createFollows, type Follows } from './follows'
import { listenToInbox } from './inbox'
import { createKeys } from './keys'
import { serveOutbox } from './outbox'
import { createPublishing } from './publishing'
import { servedWithFullPublicIri } from './public-audience'
import { createRemoteActors } from './remote-actors'
import { createRemoteEvents, type RemoteEvents } from './remote-events'
import { DbKvStore } from './kv-store'
import { DbMessageQueue } from './queue'
import { createWebFinger } from './webfinger'

export { AP_PATHS, INSTANCE_ACTOR } from './deps'

export interface FederationService {
  readonly federation: Federation<void>
  readonly actors: ActorRows
  /** Answers a request to one of the ActivityPub paths (http.ts hands them over). */
  fetch(request: Request, onNotAcceptable: (request: Request) => Promise<Response>): Promise<Response>
  /** Sends what peers must now know of these events: Create, Update or Delete. */
  syncEvents(postIds: string[]): Promise<void>
  /** An account is being deleted: Delete of each of its events that went out (and, when purged, of the actor). */
  accountGone(userId: string, purged: boolean): Promise<void>
  /** One of our actors is gone for good (a deleted group): Delete of it to its followers, who are forgotten. */
  actorGone(identifier: string): Promise<void>
  /** How many fediverse actors follow one of ours. */
  followersCount(ref: ActorRef): Promise<number>
  /** Where a reader's own server lets them follow `actorUrl` (their WebFinger's subscribe template), or null. */
  remoteFollowUrl(account: string, actorUrl: string): Promise<string | null>
  /** An actor's handle, id and follower count as the web and the app show them; null when it is no actor. */
  presence(ref: ActorRef): Promise<FediversePresence>
  /** Finds (and keeps) the remote actor a handle names (decision 040): its row's id. */
  resolveHandle(handle: string): Promise<string>
  /** Follow and Undo of remote actors for our people. */
  readonly follows: Pick<Follows, 'sendFollow' | 'sendUndo'>
  /** The events of followed remote actors (tests send them straight in). */
  readonly remoteEvents: RemoteEvents
  startQueue(): void
  close(): Promise<void>
  /** The safe fetch used for every remote document (tests read its refusals). */
  readonly remoteFetch: OutboundFetch
  /** The same rules with room for a photo: the photos of fediverse events are shown through our API. */
  readonly mediaFetch: OutboundFetch
}

export function createFederationService(host: FederationHost): FederationService {
  const { config, db, log } = host
  const settings = config.federation
  const { origin } = settings
  const allowPrivate = config.allowPrivateAddresses
  const outbound = (maxBytes: number) =>
    createOutboundFetch({
      allowPrivate,
      timeoutMs: settings.fetchTimeoutMs,
      maxBytes,
      userAgent: `Nearby/1.1.3 (+${origin})`,
    })
  const remoteFetch = outbound(settings.maxBodyBytes)
  const mediaFetch = outbound(EVENT_LIMITS.imageMaxBytes)
  const actors = createActorRows(db)
  const domains = createDomains(db)
  const keys = createKeys({ db, origin, actors }, () => federation)
  const kv = new DbKvStore(db, host.now)
  const queue = new DbMessageQueue(db, {
    log,
    pollMs: settings.queuePollMs,
    onIdle: () => kv.sweep(),
    admit: (message) => admitDelivery(message),
  })
  // JSON-LD contexts are public files: fetched unsigned (those Fedify carries are read without a request).
  const contextLoader = jsonLdLoader(remoteFetch)
  // Every other document is fetched signed: by the instance actor, or by the actor Fedify names (an inbox's owner).
  const signedLoader = (identity: SigningIdentity) => jsonLdLoader(remoteFetch, async () => identity)
  const loader = jsonLdLoader(remoteFetch, keys.instanceIdentity)
  const federation = createFederation<void>({
    kv,
    // No fan-out queue: each inbox's delivery is queued at once (one row per inbox, ordered per inbox by queue.ts).
    // Fedify 2.2+ writes the Public collection's full IRI in what it sends (fan-out included) before signing, so
    // no transformer of ours is needed for that any more (public-audience.ts still rewrites what we serve).
    queue: { inbox: queue, outbox: queue },
    // Fedify 2 signs deliveries with RFC 9421 first and falls back to draft-cavage on a 4xx ("double knock"):
    // draft-cavage first, as Fedify 1.5 did and as Mastodon checks, saves each new server a refused request.
    firstKnock: 'draft-cavage-http-signatures-12',
    origin,
    manuallyStartQueue: true,
    // A peer that is down for a day still gets what was sent meanwhile: 1 s, 4 s, 16 s… up to every 6 h, 14 tries
    // (about two days). Fedify's default gives up after half an hour.
    outboxRetryPolicy: createExponentialBackoffPolicy({
      initialDelay: { seconds: 1 },
      factor: 4,
      maxDelay: { hours: 6 },
      maxAttempts: 14,
    }),
    documentLoaderFactory: () => kvCache({ loader, kv, prefix: ['_fedify', 'remoteDocument'] }),
    contextLoaderFactory: () => contextLoader,
    // Fedify's own signing loader would bypass our outbound fetch: ours signs the same way through it. Used for
    // the inboxes (the shared one as the instance actor, see inbox.ts), it is not cached on purpose: when a
    // signature fails with a cached key, Fedify fetches the key once more through it before answering 401, and a
    // cached document (5 minutes) would give it the replaced key again.
    authenticatedDocumentLoaderFactory: (identity) => signedLoader(identity),
  })

  const deps: FederationDeps = {
    ...host,
    federation,
    origin,
    allowPrivate,
    loader,
    remoteFetch,
    actors,
    pages: {
      event: (id) => `${config.webUrl}/event/${encodeURIComponent(id)}`,
      profile: (id) => `${config.webUrl}/profile/${encodeURIComponent(id)}`,
      city: (name, country) => `${config.webUrl}/?${new URLSearchParams({ city: name, country })}`,
      collection: (slug) => `${config.webUrl}/collections/${encodeURIComponent(slug)}`,
      group: (handle) => `${config.webUrl}/groups/${encodeURIComponent(handle)}`,
      photo: (path) => `${config.publicUrl}/uploads/${path}`,
    },
  }
  const webFinger = createWebFinger(remoteFetch, allowPrivate)
  const { actorDocument } = serveActorDocuments(deps, keys.pairsOf)
  const outbox = serveOutbox(deps)
  const remoteActors = createRemoteActors(deps, domains, webFinger.actorUrlOf)
  const remoteEvents = createRemoteEvents(deps, remoteActors)
  const follows = createFollows(deps, domains)
  const publishing = createPublishing(deps, outbox, follows)
  listenToInbox(deps, { actorDocument, domains, remoteActors, remoteEvents, follows })

  /** A delivery is checked again when it is made: it may no longer be ours to send, or its inbox may be refused. */
  async function admitDelivery(message: unknown): Promise<boolean> {
    const { inbox, activity } = message as { inbox?: unknown; activity?: unknown }
    if (typeof inbox !== 'string') return true
    // A retried Create or Update must not arrive after the event left (its Delete may have gone out meanwhile).
    if (!(await publishing.stillOut(activity))) return false
    // Nothing goes to a server an admin blocked (queued before the block, or a retry).
    if (await domains.isBlocked(inbox)) return false
    const problem = await deliveryProblem(new URL(inbox), allowPrivate)
    if (problem) log.warn({ inbox, problem }, 'federation: delivery to a refused address dropped')
    return !problem
  }

  const abort = new AbortController()
  let queueRunning: Promise<void> | null = null
  return {
    federation,
    actors,
    follows,
    remoteEvents,
    remoteFetch,
    mediaFetch,
    fetch: async (request, onNotAcceptable) => {
      const response = await federation.fetch(request, {
        contextData: undefined,
        onNotFound: async () =>
          new Response(JSON.stringify({ message: 'Not found', errors: {} }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
        onNotAcceptable,
      })
      // What we serve carries the Public collection's full IRI as what we send does.
      return request.method === 'GET' ? servedWithFullPublicIri(response) : response
    },
    syncEvents: publishing.syncEvents,
    accountGone: publishing.accountGone,
    actorGone: publishing.actorGone,
    followersCount: (ref) => outbox.followersCountOf(actorIdentifier(ref)),
    remoteFollowUrl: webFinger.remoteFollowUrl,
    resolveHandle: remoteActors.resolveHandle,
    async presence(ref) {
      const handle = await actors.handleOf(ref)
      if (!handle) return null
      const identifier = actorIdentifier(ref)
      return {
        handle: `@${handle}@${settings.host}`,
        actorUrl: `${origin}/ap/actors/${identifier}`,
        followers: await outbox.followersCountOf(identifier),
      }
    },
    startQueue() {
      queueRunning ??= federation
        .startQueue(undefined, { signal: abort.signal })
        .catch((err: unknown) => log.error({ err }, 'federation queue stopped'))
    },
    async close() {
      abort.abort()
      await queueRunning
      await remoteFetch.close()
      await mediaFetch.close()
    },
  }
}
