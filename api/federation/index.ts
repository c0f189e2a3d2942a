// ActivityPub for Nearby (issue 26, decision 039), on Fedify: our people, places and cities as actors with
// WebFinger handles, their programmes as outboxes, our public events as `Event` objects delivered to the
// fediverse's followers (Create, Update, Delete) through a queue in our own database, and an inbox that keeps
// followers (Follow → Accept, Undo) and counts Likes and Announces of our events.
import {
  Accept,
  Announce,
  Application,
  Create,
  createExponentialBackoffPolicy,
  createFederation,
  Delete,
  Endpoints,
  Event,
  exportJwk,
  type Federation,
  Follow,
  generateCryptoKeyPair,
  Group,
  Image,
  importJwk,
  kvCache,
  Like,
  Person,
  PUBLIC_COLLECTION,
  Reject,
  type Recipient,
  Service,
  Undo,
  Update,
  type Actor,
  type Context,
  type DocumentLoader,
  type RemoteDocument,
  isActor,
  getDefaultActivityTransformers,
  getDocumentLoader,
  signRequest,
} from '@fedify/fedify'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Temporal } from '@js-temporal/polyfill'
import {
  CALENDAR_LIMITS,
  DEFAULT_LANGUAGE,
  EVENT_LIMITS,
  type FediversePresence,
  translateMessage,
} from '#contract'
import type { AppContext } from '../context'
import { nowIso } from '../db'
import { cityName } from '../modules/cities/data'
import { isWithinKm } from '../modules/events/filters'
import {
  actorIdentifier,
  type ActorRef,
  type ActorRows,
  createActorRows,
  parseActorIdentifier,
  programmeScope,
} from './actors'
import { createFollowing, domainOf, type Following } from './following'
import { federatablePosts, isFederatable, loadEventRows, toEvent, toTombstone, type FederatedEventRow } from './objects'
import {
  createOutboundFetch,
  deliveryProblem,
  type OutboundFetch,
  urlProblem,
} from '../lib/outbound-fetch'
import { servedWithFullPublicIri, spellOutPublicAudience } from './public-audience'
import { DbKvStore, DbMessageQueue } from './store'

export const AP_PATHS = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  event: '/ap/events/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const

/**
 * The instance actor (an `Application` at /ap/actors/instance, as Mastodon has one): the server itself. Its key
 * signs our GETs of remote documents, so servers that answer only signed requests ("authorized fetch") answer us;
 * its document is served to anyone, unsigned, so they can check that key without a signature of their own.
 */
export const INSTANCE_ACTOR = 'instance'

/** Outbox pages: newest first. */
const OUTBOX_PAGE_SIZE = 20
/** The JSON-LD contexts Fedify carries with it (read without a request); any other is fetched like a document. */
const PRELOADED_CONTEXTS: ReadonlySet<string> = new Set(Object.keys(await fedifyContexts()))

async function fedifyContexts(): Promise<object> {
  // The package exports no path to them: found where Node would find the package.
  const require = createRequire(import.meta.url)
  for (const dir of require.resolve.paths('@fedify/fedify') ?? []) {
    const file = path.join(dir, '@fedify/fedify/esm/runtime/contexts.js')
    if (fs.existsSync(file)) return ((await import(pathToFileURL(file).href)) as { default: object }).default
  }
  throw new Error('@fedify/fedify is not installed')
}

export interface FederationService {
  readonly federation: Federation<void>
  readonly actors: ActorRows
  /** Answers a request to one of the ActivityPub paths (the API's routes hand them over). */
  fetch(request: Request, onNotAcceptable: (request: Request) => Promise<Response>): Promise<Response>
  /** Sends what peers must now know of these events: Create, Update or Delete. */
  syncEvents(postIds: string[]): Promise<void>
  /** An account is being deleted: Delete of each of its events that went out (and, when purged, of the actor). */
  accountGone(userId: string, purged: boolean): Promise<void>
  /** How many fediverse actors follow one of ours. */
  followersCount(ref: ActorRef): Promise<number>
  /** Where a reader's own server lets them follow `actorUrl` (their WebFinger's subscribe template), or null. */
  remoteFollowUrl(account: string, actorUrl: string): Promise<string | null>
  /** An actor's handle, id and follower count as the web and the app show them; null when it is no actor. */
  presence(ref: ActorRef): Promise<FediversePresence>
  /** Following the fediverse (decision 040): finding actors by handle, Follow and Undo, domain blocks. */
  readonly following: Following
  startQueue(): void
  close(): Promise<void>
  /** The safe fetch used for every remote document (tests read its refusals). */
  readonly remoteFetch: OutboundFetch
  /** The same rules with room for a photo: the photos of fediverse events are shown through our API. */
  readonly mediaFetch: OutboundFetch
}

/** A key that signs requests: its id (where peers fetch it) and its private half. */
interface SigningIdentity {
  keyId: URL
  privateKey: CryptoKey
}

/**
 * Remote JSON-LD documents through our outbound fetch (its address rules, redirects, timeout and size cap), each
 * request HTTP-signed (draft-cavage, rsa-sha256: what Mastodon checks) with `signer`'s key when one is given. Every
 * hop of a redirect is signed for the host and path it goes to.
 */
function jsonLdLoader(remoteFetch: OutboundFetch, signer?: () => Promise<SigningIdentity>): DocumentLoader {
  const preloaded = getDocumentLoader()
  const sign = signer
    ? async (request: Request) => {
        const { keyId, privateKey } = await signer()
        return signRequest(request, privateKey, keyId)
      }
    : undefined
  return async (url: string): Promise<RemoteDocument> => {
    if (PRELOADED_CONTEXTS.has(url)) return preloaded(url)
    const response = await remoteFetch(url, {
      headers: { accept: 'application/activity+json, application/ld+json' },
      sign,
    })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
    const type = response.headers.get('content-type') ?? ''
    if (!/json/i.test(type)) throw new Error(`${url}: not JSON (${type})`)
    return {
      contextUrl: null,
      document: JSON.parse(await response.text()) as unknown,
      documentUrl: response.url || url,
    }
  }
}

export function createFederationService(ctx: AppContext): FederationService {
  const { config, db, log } = ctx
  const settings = config.federation
  const origin = settings.origin
  const remoteFetch = createOutboundFetch({
    allowPrivate: config.allowPrivateAddresses,
    timeoutMs: settings.fetchTimeoutMs,
    maxBytes: settings.maxBodyBytes,
    userAgent: `Nearby/1.1.3 (+${origin})`,
  })
  const mediaFetch = createOutboundFetch({
    allowPrivate: config.allowPrivateAddresses,
    timeoutMs: settings.fetchTimeoutMs,
    maxBytes: EVENT_LIMITS.imageMaxBytes,
    userAgent: `Nearby/1.1.3 (+${origin})`,
  })
  const kv = new DbKvStore(db, ctx.now)
  const queue = new DbMessageQueue(db, {
    log,
    pollMs: settings.queuePollMs,
    onIdle: () => kv.sweep(),
    // A delivery is checked again when it is made: an inbox that now names a private address is dropped.
    admit: async (message) => {
      const { inbox, activity } = message as { inbox?: unknown; activity?: unknown }
      if (typeof inbox !== 'string') return true
      // A retried Create or Update must not arrive after the event left (its Delete may have gone out meanwhile).
      if (!(await stillOut(activity))) return false
      // Nothing goes to a server an admin blocked (queued before the block, or a retry).
      if (await isBlocked(inbox)) return false
      const problem = await deliveryProblem(new URL(inbox), config.allowPrivateAddresses)
      if (problem) log.warn({ inbox, problem }, 'federation: delivery to a refused address dropped')
      return !problem
    },
  })
  // JSON-LD contexts are public files: fetched unsigned (those Fedify carries are read without a request).
  const contextLoader = jsonLdLoader(remoteFetch)
  // Every other document is fetched signed: by the instance actor, or by the actor Fedify names (an inbox's owner).
  const signedLoader = (identity: SigningIdentity) => jsonLdLoader(remoteFetch, async () => identity)
  const loader = jsonLdLoader(remoteFetch, () => instanceIdentity())
  const federation = createFederation<void>({
    kv,
    // No fan-out queue: Fedify's fan-out re-reads the activity from JSON and sends it without the transformers
    // below (the Public IRI would go out compact again). Each inbox's delivery is queued at once instead.
    queue: { inbox: queue, outbox: queue },
    // Activities carry the Public collection's full IRI, signed as sent (public-audience.ts).
    activityTransformers: [...getDefaultActivityTransformers<void>(), spellOutPublicAudience],
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
    // the inboxes (the shared one as the instance actor, see setSharedKeyDispatcher), it is not cached on purpose:
    // when a signature fails with a cached key, Fedify fetches the key once more through it before answering 401,
    // and a cached document (5 minutes) would give it the replaced key again.
    authenticatedDocumentLoaderFactory: (identity) => signedLoader(identity),
  })
  const actors = createActorRows(db)
  const following = createFollowing({
    ctx,
    federation,
    loader,
    remoteFetch,
    allowPrivate: config.allowPrivateAddresses,
    origin,
  })
  const webUrl = config.webUrl
  const pageOf = {
    event: (id: string) => `${webUrl}/event/${encodeURIComponent(id)}`,
    profile: (id: string) => `${webUrl}/profile/${encodeURIComponent(id)}`,
    city: (name: string, country: string) => `${webUrl}/?${new URLSearchParams({ city: name, country })}`,
  }
  const photoUrl = (path: string) => `${config.publicUrl}/uploads/${path}`

  // --- keys ---------------------------------------------------------------------------------------
  // The instance actor's keys never change once made: read once per process (each shared-inbox delivery asks).
  let instancePairs: Promise<CryptoKeyPair[]> | null = null
  function instanceKeyPairs(): Promise<CryptoKeyPair[]> {
    instancePairs ??= keyPairsOf(INSTANCE_ACTOR, async () => true)
    instancePairs.catch(() => {
      instancePairs = null
    })
    return instancePairs
  }
  let instanceKey: Promise<SigningIdentity> | null = null
  /** The instance actor's RSA key and its id, as its document publishes them. */
  function instanceIdentity(): Promise<SigningIdentity> {
    instanceKey ??= federation
      .createContext(new URL(origin))
      .getActorKeyPairs(INSTANCE_ACTOR)
      .then((pairs) => {
        const rsa = pairs.find((p) => p.privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5')
        if (!rsa) throw new Error('federation: the instance actor has no RSA key')
        return { keyId: rsa.keyId, privateKey: rsa.privateKey }
      })
    instanceKey.catch(() => {
      instanceKey = null
    })
    return instanceKey
  }

  async function keyPairsOf(identifier: string, mayCreate: () => Promise<boolean>): Promise<CryptoKeyPair[]> {
    const stored = await db
      .selectFrom('federation_keys')
      .select(['algorithm', 'private_jwk', 'public_jwk'])
      .where('actor', '=', identifier)
      .execute()
    const pairs: CryptoKeyPair[] = []
    for (const algorithm of ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const) {
      let row = stored.find((r) => r.algorithm === algorithm)
      if (!row) {
        if (!(await mayCreate())) return []
        // Made on first need; two instances making one at once keep the first stored.
        const pair = await generateCryptoKeyPair(algorithm)
        await db
          .insertInto('federation_keys')
          .values({
            actor: identifier,
            algorithm,
            private_jwk: JSON.stringify(await exportJwk(pair.privateKey)),
            public_jwk: JSON.stringify(await exportJwk(pair.publicKey)),
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(['actor', 'algorithm']).doNothing())
          .execute()
        row = await db
          .selectFrom('federation_keys')
          .select(['algorithm', 'private_jwk', 'public_jwk'])
          .where('actor', '=', identifier)
          .where('algorithm', '=', algorithm)
          .executeTakeFirstOrThrow()
      }
      pairs.push({
        privateKey: await importJwk(JSON.parse(row.private_jwk) as JsonWebKey, 'private'),
        publicKey: await importJwk(JSON.parse(row.public_jwk) as JsonWebKey, 'public'),
      })
    }
    return pairs
  }

  // --- actors -------------------------------------------------------------------------------------
  async function actorDocument(context: Context<void>, identifier: string): Promise<Actor | null> {
    if (identifier === INSTANCE_ACTOR) return instanceActorDocument(context)
    const ref = parseActorIdentifier(identifier)
    if (!ref) return null
    const handle = await actors.handleOf(ref)
    if (!handle) return null
    const keys = await context.getActorKeyPairs(identifier)
    const common = {
      id: context.getActorUri(identifier),
      preferredUsername: handle,
      inbox: context.getInboxUri(identifier),
      outbox: context.getOutboxUri(identifier),
      followers: context.getFollowersUri(identifier),
      endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
      publicKey: keys[0]?.cryptographicKey,
      assertionMethods: keys.map((k) => k.multikey),
      manuallyApprovesFollowers: false,
      discoverable: true,
    }
    const language = DEFAULT_LANGUAGE
    if (ref.kind === 'user') {
      const user = await actors.user(ref.id)
      if (!user) return null
      const name = `${user.name} ${user.lastname}`.trim()
      return new Person({
        ...common,
        name,
        summary: user.user_bio || translateMessage('apPersonSummary', language).replace('{user}', name),
        url: new URL(pageOf.profile(user.id)),
        icon:
          user.avatar_path && user.moderation_image_status !== 'REJECTED'
            ? new Image({ url: new URL(photoUrl(user.avatar_path)) })
            : null,
        published: Temporal.Instant.from(user.created_at),
      })
    }
    if (ref.kind === 'place') {
      const place = await actors.place(ref.id)
      if (!place) return null
      return new Service({
        ...common,
        name: place.title,
        summary: translateMessage('apPlaceSummary', language).replace('{place}', place.title),
        url: new URL(pageOf.event(place.id)),
        published: Temporal.Instant.from(place.created_at),
      })
    }
    const city = actors.city(ref.id)
    if (!city) return null
    const named = cityName(city, language)
    return new Group({
      ...common,
      name: translateMessage('apCityName', language).replace('{city}', named),
      summary: translateMessage('apCitySummary', language)
        .replace('{city}', named)
        .replace('{km}', String(EVENT_LIMITS.radiusKm)),
      url: new URL(pageOf.city(city.name, city.countryCode)),
    })
  }

  /** The server itself (INSTANCE_ACTOR): named by its host, as Mastodon names its own (`@host@host`). */
  async function instanceActorDocument(context: Context<void>): Promise<Actor> {
    const keys = await context.getActorKeyPairs(INSTANCE_ACTOR)
    return new Application({
      id: context.getActorUri(INSTANCE_ACTOR),
      preferredUsername: instanceHandle,
      name: 'Nearby',
      inbox: context.getInboxUri(INSTANCE_ACTOR),
      outbox: context.getOutboxUri(INSTANCE_ACTOR),
      endpoints: new Endpoints({ sharedInbox: context.getInboxUri() }),
      publicKey: keys[0]?.cryptographicKey,
      assertionMethods: keys.map((k) => k.multikey),
      url: new URL(webUrl),
      // Nobody follows it (a Follow of it is ignored), and it is no one to show in a directory.
      manuallyApprovesFollowers: true,
      discoverable: false,
    })
  }
  const instanceHandle = new URL(origin).hostname.toLowerCase()

  federation
    .setActorDispatcher(AP_PATHS.actor, actorDocument)
    // Stored keys are used as they are (a deleted account still signs its Deletes); new ones are made only for
    // an actor that exists, so a request for an unknown identifier makes none.
    .setKeyPairsDispatcher(async (_context, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceKeyPairs()
      const ref = parseActorIdentifier(identifier)
      if (!ref) return []
      return keyPairsOf(identifier, async () => !!(await actors.handleOf(ref)))
    })
    .mapHandle(async (_context, handle) => {
      if (handle.toLowerCase() === instanceHandle) return INSTANCE_ACTOR
      const ref = await actors.byHandle(handle)
      return ref ? actorIdentifier(ref) : null
    })

  // --- events and programmes ----------------------------------------------------------------------
  /** Whether the author lets their events federate (Settings) and is an actor at all. */
  async function authorAllows(userId: string): Promise<boolean> {
    const user = await actors.user(userId)
    return !!user && !!user.federate_events
  }

  function eventObject(context: Context<void>, row: FederatedEventRow): Event {
    return toEvent(
      row,
      {
        objectId: context.getObjectUri(Event, { id: row.id }),
        pageUrl: pageOf.event(row.id),
        attributedTo: context.getActorUri(actorIdentifier({ kind: 'user', id: row.posted_by })),
        followersOf: context.getFollowersUri(actorIdentifier({ kind: 'user', id: row.posted_by })),
        photoUrl,
        tagUrl: (tag) => new URL(`${webUrl}/?${new URLSearchParams({ categories: tag })}`),
      },
      { timeZone: config.timeZone },
    )
  }

  federation.setObjectDispatcher(Event, AP_PATHS.event, async (context, { id }) => {
    const [row] = await loadEventRows(db, [id])
    if (!row || !isFederatable(row) || !(await authorAllows(row.posted_by))) return null
    return eventObject(context, row)
  })

  /** The ids of an actor's programme, newest first, from `offset`. */
  async function programmeIds(
    ref: ActorRef,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; total: number } | null> {
    const scope = programmeScope(ref, {
      place: ref.kind === 'place' ? await actors.place(ref.id) : null,
      city: ref.kind === 'city' ? actors.city(ref.id) : null,
    })
    if (!scope) return null
    let query = db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.posted_by')
      .where(federatablePosts())
    if (scope.postedBy) query = query.where('posts.posted_by', '=', scope.postedBy)
    else if (scope.around) query = query.where(scope.around)
    const [rows, count] = await Promise.all([
      query
        .select('posts.id')
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return { ids: rows.map((r) => r.id), total: Number(count?.n ?? 0) }
  }

  function createOf(
    context: Context<void>,
    identifier: string,
    event: Event,
    row: FederatedEventRow,
  ): Create {
    return new Create({
      id: new URL(`${context.getObjectUri(Event, { id: row.id }).href}#create`),
      actor: context.getActorUri(identifier),
      object: event,
      to: PUBLIC_COLLECTION,
      cc: context.getFollowersUri(identifier),
      published: Temporal.Instant.from(row.created_at),
    })
  }

  federation
    .setOutboxDispatcher(AP_PATHS.outbox, async (context, identifier, cursor) => {
      if (identifier === INSTANCE_ACTOR) return cursor === null ? null : { items: [], nextCursor: null }
      const ref = parseActorIdentifier(identifier)
      if (!ref || cursor === null) return null
      const offset = Math.max(0, Number.parseInt(cursor, 10) || 0)
      const page = await programmeIds(ref, offset, OUTBOX_PAGE_SIZE)
      if (!page) return null
      const rows = await loadEventRows(db, page.ids)
      return {
        items: rows.map((row) => createOf(context, identifier, eventObject(context, row), row)),
        nextCursor:
          offset + OUTBOX_PAGE_SIZE < Math.min(page.total, 2000) ? String(offset + OUTBOX_PAGE_SIZE) : null,
      }
    })
    .setCounter(async (_context, identifier) => {
      if (identifier === INSTANCE_ACTOR) return 0
      const ref = parseActorIdentifier(identifier)
      const page = ref ? await programmeIds(ref, 0, 0) : null
      return page?.total ?? null
    })
    .setFirstCursor(() => '0')

  federation
    .setFollowersDispatcher(AP_PATHS.followers, async (_context, identifier) => {
      const rows = await db
        .selectFrom('federation_followers')
        .select(['follower', 'inbox', 'shared_inbox'])
        .where('actor', '=', identifier)
        .orderBy('created_at')
        .execute()
      const items: Recipient[] = rows.map((r) => ({
        id: new URL(r.follower),
        inboxId: new URL(r.inbox),
        endpoints: r.shared_inbox ? { sharedInbox: new URL(r.shared_inbox) } : null,
      }))
      return { items }
    })
    .setCounter((_context, identifier) => followersCountOf(identifier))

  async function followersCountOf(identifier: string): Promise<number> {
    const row = await db
      .selectFrom('federation_followers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('actor', '=', identifier)
      .executeTakeFirst()
    return Number(row?.n ?? 0)
  }

  // --- NodeInfo -----------------------------------------------------------------------------------
  federation.setNodeInfoDispatcher(AP_PATHS.nodeInfo, async () => {
    const [users, posts] = await Promise.all([
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('disabled_at', 'is', null)
        .where('deletion_requested_at', 'is', null)
        .where('remote_actor', 'is', null)
        .executeTakeFirst(),
      db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('access_type', '=', 'COMMON')
        .where('post_status', '=', 'ACTIVE')
        .where('remote_object', 'is', null)
        .executeTakeFirst(),
    ])
    return {
      software: { name: 'nearby', version: { major: 1, minor: 1, patch: 3 }, homepage: new URL(webUrl) },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: Number(users?.n ?? 0) }, localPosts: Number(posts?.n ?? 0), localComments: 0 },
    }
  })

  // --- inbox --------------------------------------------------------------------------------------
  async function isBlocked(uri: URL | string | null): Promise<boolean> {
    return !!uri && (await following.domainStatus(domainOf(uri))) === 'BLOCKED'
  }

  /** When a server last delivered something to us (the console's list of known servers). */
  async function heardFrom(uri: URL | null): Promise<void> {
    if (!uri) return
    const now = nowIso(ctx.now())
    await db
      .insertInto('federation_instances')
      .values({ domain: domainOf(uri), last_received_at: now })
      .onConflict((oc) => oc.column('domain').doUpdateSet({ last_received_at: now }))
      .execute()
  }

  federation
    .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
    // What the shared inbox fetches (the sender's key, its actor, objects) is signed as the instance actor.
    .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }))
    .on(Follow, async (context, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId || (await isBlocked(follow.actorId))) return
      await heardFrom(follow.actorId)
      const target = context.parseUri(follow.objectId)
      if (target?.type !== 'actor' || target.identifier === INSTANCE_ACTOR) return
      if (!(await actorDocument(context, target.identifier))) return
      const follower = await follow.getActor(context)
      if (!follower || !isActor(follower) || !follower.id || !follower.inboxId) return
      // The follower's inbox is where we will deliver: never to this machine or a private network.
      if (await deliveryProblem(follower.inboxId, config.allowPrivateAddresses)) return
      const sharedInbox = follower.endpoints?.sharedInbox ?? null
      await db
        .insertInto('federation_followers')
        .values({
          actor: target.identifier,
          follower: follower.id.href,
          inbox: follower.inboxId.href,
          shared_inbox:
            sharedInbox && !urlProblem(sharedInbox, config.allowPrivateAddresses) ? sharedInbox.href : null,
          domain: domainOf(follower.id),
          follow_id: follow.id.href,
          created_at: nowIso(ctx.now()),
        })
        .onConflict((oc) =>
          oc
            .columns(['actor', 'follower'])
            .doUpdateSet({ follow_id: follow.id!.href, inbox: follower.inboxId!.href }),
        )
        .execute()
      await context.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({
          id: new URL(
            `${context.getActorUri(target.identifier).href}#accepts/${encodeURIComponent(follow.id.href)}`,
          ),
          actor: follow.objectId,
          object: follow,
        }),
      )
    })
    .on(Undo, async (context, undo) => {
      if (!undo.actorId) return
      const object = await undo.getObject(context)
      if (object instanceof Follow && object.objectId) {
        const target = context.parseUri(object.objectId)
        if (target?.type !== 'actor') return
        // Only the follower itself can undo its follow: the signature's actor is the Undo's.
        await db
          .deleteFrom('federation_followers')
          .where('actor', '=', target.identifier)
          .where('follower', '=', undo.actorId.href)
          .execute()
      } else if ((object instanceof Like || object instanceof Announce) && object.objectId) {
        const postId = eventIdOf(context, object.objectId)
        if (postId)
          await db
            .deleteFrom('federation_reactions')
            .where('post_id', '=', postId)
            .where('actor', '=', undo.actorId.href)
            .where('kind', '=', object instanceof Like ? 'LIKE' : 'ANNOUNCE')
            .execute()
      }
    })
    .on(Delete, async (_context, del) => {
      if (!del.actorId || !del.objectId || (await isBlocked(del.actorId))) return
      await heardFrom(del.actorId)
      // One of the events of an actor our people follow: it leaves our lists.
      if (del.objectId.href !== del.actorId.href) return following.removeObject(del.actorId, del.objectId)
      // A remote actor deleted itself: it follows and likes nothing of ours any more, and its events leave.
      await db.deleteFrom('federation_followers').where('follower', '=', del.actorId.href).execute()
      await db.deleteFrom('federation_reactions').where('actor', '=', del.actorId.href).execute()
      await following.actorGone(del.actorId)
    })
    .on(Accept, async (_context, accept) => {
      if (!accept.actorId || !accept.objectId) return
      await heardFrom(accept.actorId)
      await following.answered(accept.objectId, accept.actorId, true)
    })
    .on(Reject, async (_context, reject) => {
      if (!reject.actorId || !reject.objectId) return
      await heardFrom(reject.actorId)
      await following.answered(reject.objectId, reject.actorId, false)
    })
    .on(Create, async (context, create) => receivedObject(context, create))
    .on(Update, async (context, update) => receivedObject(context, update))
    .on(Like, async (context, like) => reaction(context, like, 'LIKE'))
    .on(Announce, async (context, announce) => reaction(context, announce, 'ANNOUNCE'))
    .onError((_context, error) => {
      log.warn({ err: error }, 'federation: an inbox activity failed')
    })

  /** A Create or Update from the fediverse: an event of an actor our people follow, or an actor's new profile. */
  async function receivedObject(context: Context<void>, activity: Create | Update): Promise<void> {
    if (!activity.actorId || (await isBlocked(activity.actorId))) return
    await heardFrom(activity.actorId)
    // Nothing is fetched for an actor we do not keep: only followed actors' events and known actors' profiles matter.
    const known = await following.knownActor(activity.actorId)
    if (!known) return
    const object = await activity.getObject(context)
    if (object instanceof Event) {
      if (known.followed) await following.receiveEvent(activity.actorId, object, activity)
      return
    }
    if (isActor(object) && object.id?.href === activity.actorId.href) await following.storeActor(object)
  }

  function eventIdOf(context: Context<void>, objectId: URL): string | null {
    const parsed = context.parseUri(objectId)
    return parsed?.type === 'object' && parsed.class === Event ? (parsed.values.id ?? null) : null
  }

  async function reaction(context: Context<void>, activity: Like | Announce, kind: 'LIKE' | 'ANNOUNCE') {
    if (!activity.actorId || !activity.objectId || (await isBlocked(activity.actorId))) return
    await heardFrom(activity.actorId)
    const postId = eventIdOf(context, activity.objectId)
    if (!postId) return
    const [row] = await loadEventRows(db, [postId])
    if (!row || !isFederatable(row)) return
    await db
      .insertInto('federation_reactions')
      .values({
        post_id: postId,
        actor: activity.actorId.href,
        kind,
        activity_id: activity.id?.href ?? null,
        domain: domainOf(activity.actorId),
        created_at: nowIso(ctx.now()),
      })
      .onConflict((oc) => oc.columns(['post_id', 'kind', 'actor']).doNothing())
      .execute()
  }

  // --- publishing ---------------------------------------------------------------------------------
  /** Our actors with followers whose programme holds this event: its organizer, places within 150 m, cities within 50 km. */
  async function audienceOf(row: FederatedEventRow): Promise<string[]> {
    const followed = await db.selectFrom('federation_followers').select('actor').distinct().execute()
    const out: string[] = []
    const organizer = actorIdentifier({ kind: 'user', id: row.posted_by })
    for (const { actor } of followed) {
      if (actor === organizer) {
        out.push(actor)
        continue
      }
      const ref = parseActorIdentifier(actor)
      if (!ref || ref.kind === 'user') continue
      const center = ref.kind === 'place' ? await actors.place(ref.id) : actors.city(ref.id)
      if (!center) continue
      const km = ref.kind === 'place' ? CALENDAR_LIMITS.placeRadiusM / 1000 : EVENT_LIMITS.radiusKm
      if (isWithinKm(center.lat, center.lon, km, row.lat, row.lon)) out.push(actor)
    }
    return out
  }

  // One sync of an event at a time in this process: a change heard while the event's last one is being sent
  // waits for it (a rejection right after the Create finds it sent, and sends Delete).
  const syncing = new Map<string, Promise<void>>()
  async function syncEvents(postIds: string[]): Promise<void> {
    await Promise.all(
      [...new Set(postIds)].map((id) => {
        const run = (syncing.get(id) ?? Promise.resolve()).then(() => syncOne(id))
        const settled = run.catch(() => undefined)
        syncing.set(id, settled)
        void settled.then(() => {
          if (syncing.get(id) === settled) syncing.delete(id)
        })
        return run
      }),
    )
  }

  /**
   * What each of our actors' followers must now know of one event (federation_published: which actor sent it).
   * Actors whose programme holds it and who have followers: Create if they never sent it, else Update. Actors
   * that sent it and no longer may (it was deleted, rejected, made private, moved away, its author left or
   * turned federation off): Delete. The rows are written before sending, so a sync that starts meanwhile on
   * another instance sees what this one is about to send.
   */
  async function syncOne(postId: string): Promise<void> {
    const context = federation.createContext(new URL(origin))
    const [row] = await loadEventRows(db, [postId])
    const sent = await db.selectFrom('federation_published').select(['actor', 'author_id']).where('post_id', '=', postId).execute()
    const goesOut = !!row && isFederatable(row) && (await authorAllows(row.posted_by))
    const audience = row && goesOut ? await audienceOf(row) : []
    const leaving = sent.filter((s) => !audience.includes(s.actor))
    const now = ctx.now()
    const stamp = now.getTime().toString(36)
    if (row)
      for (const actor of audience)
        await db
          .insertInto('federation_published')
          .values({ post_id: postId, actor, author_id: row.posted_by, published_at: nowIso(now), updated_at: nowIso(now) })
          .onConflict((oc) => oc.columns(['post_id', 'actor']).doUpdateSet({ updated_at: nowIso(now) }))
          .execute()
    if (leaving.length)
      await db
        .deleteFrom('federation_published')
        .where('post_id', '=', postId)
        .where(
          'actor',
          'in',
          leaving.map((s) => s.actor),
        )
        .execute()
    const objectId = context.getObjectUri(Event, { id: postId })
    if (row && audience.length) {
      const event = eventObject(context, row)
      for (const identifier of audience) {
        const actorUri = context.getActorUri(identifier)
        const common = { actor: actorUri, object: event, to: PUBLIC_COLLECTION, cc: context.getFollowersUri(identifier) }
        // Published now: Mastodon puts only recent posts in home timelines.
        const activity = sent.some((s) => s.actor === identifier)
          ? new Update({ ...common, id: new URL(`${objectId.href}#update-${stamp}/${identifier}`), updated: Temporal.Instant.fromEpochMilliseconds(now.getTime()) })
          : new Create({ ...common, id: new URL(`${objectId.href}#create-${stamp}/${identifier}`), published: Temporal.Instant.fromEpochMilliseconds(now.getTime()) })
        await context.sendActivity({ identifier }, 'followers', activity, { preferSharedInbox: true })
      }
    }
    for (const { actor: identifier } of leaving) {
      if (!(await followersCountOf(identifier))) continue
      await context.sendActivity(
        { identifier },
        'followers',
        new Delete({
          id: new URL(`${objectId.href}#delete-${stamp}/${identifier}`),
          actor: context.getActorUri(identifier),
          object: toTombstone(objectId, now),
          to: PUBLIC_COLLECTION,
        }),
        { preferSharedInbox: true },
      )
    }
  }

  /** Whether a queued Create or Update of one of our events may still be delivered (it may have left since). */
  async function stillOut(activity: unknown): Promise<boolean> {
    const json = activity as { type?: unknown; object?: unknown } | null
    if (json?.type !== 'Create' && json?.type !== 'Update') return true
    const objectId = typeof json.object === 'string' ? json.object : (json.object as { id?: unknown } | null)?.id
    const prefix = `${origin}/ap/events/`
    if (typeof objectId !== 'string' || !objectId.startsWith(prefix)) return true
    const [row] = await loadEventRows(db, [objectId.slice(prefix.length)])
    return !!row && isFederatable(row) && (await authorAllows(row.posted_by))
  }

  async function accountGone(userId: string, purged: boolean): Promise<void> {
    const context = federation.createContext(new URL(origin))
    // The remote actors they followed hear Undo: nothing more is delivered for them.
    const followed = await db.selectFrom('federation_following').select('remote_user_id').where('user_id', '=', userId).execute()
    // Their follows of those accounts end here too: a cancelled deletion shows them as not following, not as
    // following accounts that no longer deliver.
    if (followed.length)
      await db
        .deleteFrom('follows')
        .where('follower_id', '=', userId)
        .where(
          'followee_id',
          'in',
          followed.map((f) => f.remote_user_id),
        )
        .execute()
    for (const { remote_user_id } of followed) await following.sendUndo(userId, remote_user_id)
    const published = await db.selectFrom('federation_published').select('post_id').distinct().where('author_id', '=', userId).execute()
    await syncEvents(published.map((p) => p.post_id))
    if (purged) {
      const identifier = actorIdentifier({ kind: 'user', id: userId })
      if (await followersCountOf(identifier)) {
        const actorUri = context.getActorUri(identifier)
        await context.sendActivity(
          { identifier },
          'followers',
          new Delete({
            id: new URL(`${actorUri.href}#delete`),
            actor: actorUri,
            object: actorUri,
            to: PUBLIC_COLLECTION,
          }),
          { preferSharedInbox: true },
        )
      }
      await db.deleteFrom('federation_followers').where('actor', '=', identifier).execute()
    }
  }

  const abort = new AbortController()
  let queueRunning: Promise<void> | null = null
  return {
    federation,
    actors,
    following,
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
    syncEvents,
    accountGone,
    followersCount: (ref) => followersCountOf(actorIdentifier(ref)),
    async remoteFollowUrl(account, actorUrl) {
      const [user, server] = account.replace(/^@/, '').includes('@')
        ? account.replace(/^@/, '').split('@')
        : [null, account]
      const base = `${config.allowPrivateAddresses ? 'http' : 'https'}://${server!.toLowerCase()}`
      const fallback = `${base}/authorize_interaction?uri=${encodeURIComponent(actorUrl)}`
      if (!user) return fallback
      try {
        const answer = await remoteFetch(
          `${base}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${server}`)}`,
          { headers: { accept: 'application/jrd+json, application/json' } },
        )
        if (answer.status === 404) return fallback
        if (!answer.ok) return null
        const links =
          ((await answer.json()) as { links?: { rel?: unknown; template?: unknown }[] }).links ?? []
        const template = links.find(
          (l) => l.rel === 'http://ostatus.org/schema/1.0/subscribe' && typeof l.template === 'string',
        )?.template as string | undefined
        if (!template) return fallback
        const url = new URL(template.replace('{uri}', encodeURIComponent(actorUrl)))
        // Only a page of their own server over http(s): never a script or another site.
        return (url.protocol === 'https:' || (config.allowPrivateAddresses && url.protocol === 'http:')) &&
          url.host === new URL(base).host
          ? url.href
          : fallback
      } catch {
        return null
      }
    },
    async presence(ref) {
      const handle = await actors.handleOf(ref)
      if (!handle) return null
      const identifier = actorIdentifier(ref)
      return {
        handle: `@${handle}@${settings.host}`,
        actorUrl: `${origin}/ap/actors/${identifier}`,
        followers: await followersCountOf(identifier),
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

