// The documents that describe us: our actors (people, groups, places, cities, collections, the instance), their
// handles, and NodeInfo.
import type { Context } from '@fedify/fedify'
import { type Actor, Application, Endpoints, Group, Image, Person, Service, Tombstone } from '@fedify/vocab'
import { Temporal } from '@js-temporal/polyfill'
import { DEFAULT_LANGUAGE, EVENT_LIMITS, translateMessage } from '#contract'
import { cityName } from '../modules/cities/data'
import { actorIdentifier, parseActorIdentifier } from './actors'
import { AP_PATHS, type FederationDeps, INSTANCE_ACTOR } from './deps'

export type ActorDocuments = ReturnType<typeof serveActorDocuments>

/** Registers the actor, key pair, handle and NodeInfo dispatchers; answers `actorDocument` for the inbox. */
export function serveActorDocuments(
  { federation, actors, config, db, origin, pages }: FederationDeps,
  pairsOf: (identifier: string) => Promise<CryptoKeyPair[]>,
) {
  const instanceHandle = new URL(origin).hostname.toLowerCase()

  async function actorDocument(context: Context<void>, identifier: string): Promise<Actor | Tombstone | null> {
    if (identifier === INSTANCE_ACTOR) return instanceActorDocument(context)
    const ref = parseActorIdentifier(identifier)
    if (!ref) return null
    if (ref.kind === 'group') {
      // A deleted group is gone for good (410, as its followers were told with Delete); a suspended one is nothing.
      const deletedAt = await actors.groupGone(ref.id)
      if (deletedAt)
        return new Tombstone({ id: context.getActorUri(identifier), deleted: Temporal.Instant.fromEpochMilliseconds(deletedAt.getTime()) })
    }
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
        url: new URL(pages.profile(user.id)),
        icon:
          user.avatar_path && user.moderation_image_status !== 'REJECTED'
            ? new Image({ url: new URL(pages.photo(user.avatar_path)) })
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
        url: new URL(pages.event(place.id)),
        published: Temporal.Instant.from(place.created_at),
      })
    }
    if (ref.kind === 'group') {
      const group = await actors.group(ref.id)
      if (!group) return null
      return new Group({
        ...common,
        name: group.name,
        summary: group.description || translateMessage('apGroupSummary', language).replace('{group}', group.name),
        url: new URL(pages.group(group.handle)),
        icon: group.avatar ? new Image({ url: new URL(pages.photo(group.avatar)) }) : null,
        published: Temporal.Instant.from(group.created_at),
      })
    }
    if (ref.kind === 'collection') {
      const collection = await actors.collection(ref.id)
      if (!collection) return null
      return new Group({
        ...common,
        name: collection.name,
        summary: collection.description || translateMessage('apCollectionSummary', language).replace('{collection}', collection.name),
        url: new URL(pages.collection(collection.slug)),
        published: Temporal.Instant.from(collection.created_at),
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
      url: new URL(pages.city(city.name, city.countryCode)),
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
      url: new URL(config.webUrl),
      // Nobody follows it (a Follow of it is ignored), and it is no one to show in a directory.
      manuallyApprovesFollowers: true,
      discoverable: false,
    })
  }

  federation
    .setActorDispatcher(AP_PATHS.actor, actorDocument)
    .setKeyPairsDispatcher((_context, identifier) => pairsOf(identifier))
    .mapHandle(async (_context, handle) => {
      if (handle.toLowerCase() === instanceHandle) return INSTANCE_ACTOR
      const ref = await actors.byHandle(handle)
      return ref ? actorIdentifier(ref) : null
    })

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
      software: {
        name: 'nearby',
        // Fedify 2: a string (was a SemVer object).
        version: '1.1.3',
        homepage: new URL(config.webUrl),
      },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: Number(users?.n ?? 0) }, localPosts: Number(posts?.n ?? 0), localComments: 0 },
    }
  })

  return { actorDocument }
}
