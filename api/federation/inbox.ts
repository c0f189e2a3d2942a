// What the fediverse sends us: follows of our actors, likes and boosts of our events, followed actors' events.
import type { Context } from '@fedify/fedify'
import {
  Accept,
  type Actor,
  Announce,
  Create,
  Delete,
  Event,
  Follow,
  isActor,
  Like,
  Reject,
  type Tombstone,
  Undo,
  Update,
} from '@fedify/vocab'
import { nowIso } from '../db'
import { deliveryProblem, urlProblem } from '../lib/outbound-fetch'
import { AP_PATHS, domainOf, type FederationDeps, INSTANCE_ACTOR } from './deps'
import type { Domains } from './domains'
import type { Follows } from './follows'
import { isFederatable, loadEventRows } from './objects'
import type { RemoteActors } from './remote-actors'
import type { RemoteEvents } from './remote-events'

interface InboxRooms {
  actorDocument(context: Context<void>, identifier: string): Promise<Actor | Tombstone | null>
  domains: Domains
  remoteActors: RemoteActors
  remoteEvents: RemoteEvents
  follows: Follows
}

export function listenToInbox(
  { federation, db, log, now, allowPrivate }: FederationDeps,
  { actorDocument, domains: { isBlocked }, remoteActors, remoteEvents, follows }: InboxRooms,
) {
  /** When a server last delivered something to us (the console's list of known servers). */
  async function heardFrom(uri: URL | null): Promise<void> {
    if (!uri) return
    const at = nowIso(now())
    await db
      .insertInto('federation_instances')
      .values({ domain: domainOf(uri), last_received_at: at })
      .onConflict((oc) => oc.column('domain').doUpdateSet({ last_received_at: at }))
      .execute()
  }

  /** A Follow of one of our actors: kept, and answered with Accept. */
  async function followed(context: Context<void>, follow: Follow): Promise<void> {
    if (!follow.id || !follow.actorId || !follow.objectId || (await isBlocked(follow.actorId))) return
    await heardFrom(follow.actorId)
    const target = context.parseUri(follow.objectId)
    if (target?.type !== 'actor' || target.identifier === INSTANCE_ACTOR) return
    // Only an actor that is one now (a deleted group's Tombstone follows nobody back).
    const followedActor = await actorDocument(context, target.identifier)
    if (!followedActor || !isActor(followedActor)) return
    const follower = await follow.getActor(context)
    if (!follower || !isActor(follower) || !follower.id || !follower.inboxId) return
    // The follower's inbox is where we will deliver: never to this machine or a private network.
    if (await deliveryProblem(follower.inboxId, allowPrivate)) return
    const sharedInbox = follower.endpoints?.sharedInbox ?? null
    await db
      .insertInto('federation_followers')
      .values({
        actor: target.identifier,
        follower: follower.id.href,
        inbox: follower.inboxId.href,
        shared_inbox: sharedInbox && !urlProblem(sharedInbox, allowPrivate) ? sharedInbox.href : null,
        domain: domainOf(follower.id),
        follow_id: follow.id.href,
        created_at: nowIso(now()),
      })
      .onConflict((oc) =>
        oc
          .columns(['actor', 'follower'])
          .doUpdateSet({ follow_id: follow.id!.href, inbox: follower.inboxId!.href }),
      )
      .execute()
    const acceptId = `${context.getActorUri(target.identifier).href}#accepts/${encodeURIComponent(follow.id.href)}`
    await context.sendActivity(
      { identifier: target.identifier },
      follower,
      new Accept({ id: new URL(acceptId), actor: follow.objectId, object: follow }),
    )
  }

  /** Undo of a Follow, a Like or an Announce: only the actor that sent it can undo it (the signature's actor). */
  async function undone(context: Context<void>, undo: Undo): Promise<void> {
    if (!undo.actorId) return
    const object = await undo.getObject(context)
    if (object instanceof Follow && object.objectId) {
      const target = context.parseUri(object.objectId)
      if (target?.type !== 'actor') return
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
  }

  async function deleted(del: Delete): Promise<void> {
    if (!del.actorId || !del.objectId || (await isBlocked(del.actorId))) return
    await heardFrom(del.actorId)
    // One of the events of an actor our people follow: it leaves our lists.
    if (del.objectId.href !== del.actorId.href) return remoteEvents.removeObject(del.actorId, del.objectId)
    // A remote actor deleted itself: it follows and likes nothing of ours any more, and its events leave.
    await db.deleteFrom('federation_followers').where('follower', '=', del.actorId.href).execute()
    await db.deleteFrom('federation_reactions').where('actor', '=', del.actorId.href).execute()
    await remoteActors.actorGone(del.actorId)
  }

  /** The origin's Accept or Reject of one of our Follows. */
  async function answered(answer: Accept | Reject, accepted: boolean): Promise<void> {
    if (!answer.actorId || !answer.objectId) return
    await heardFrom(answer.actorId)
    await follows.answered(answer.objectId, answer.actorId, accepted)
  }

  /** A Create or Update from the fediverse: an event of an actor our people follow, or an actor's new profile. */
  async function receivedObject(context: Context<void>, activity: Create | Update): Promise<void> {
    if (!activity.actorId || (await isBlocked(activity.actorId))) return
    await heardFrom(activity.actorId)
    // Nothing is fetched for an actor we do not keep: only followed actors' events and known actors' profiles matter.
    const known = await remoteActors.knownActor(activity.actorId)
    if (!known) return
    const object = await activity.getObject(context)
    if (object instanceof Event) {
      if (known.followed) await remoteEvents.receiveEvent(activity.actorId, object, activity)
      return
    }
    if (isActor(object) && object.id?.href === activity.actorId.href) await remoteActors.storeActor(object)
  }

  function eventIdOf(context: Context<void>, objectId: URL): string | null {
    const parsed = context.parseUri(objectId)
    return parsed?.type === 'object' && parsed.class === Event ? (parsed.values.id ?? null) : null
  }

  /** A Like or an Announce of one of our events that went out: counted once per actor. */
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
        created_at: nowIso(now()),
      })
      .onConflict((oc) => oc.columns(['post_id', 'kind', 'actor']).doNothing())
      .execute()
  }

  federation
    .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
    // What the shared inbox fetches (the sender's key, its actor, objects) is signed as the instance actor.
    .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }))
    .on(Follow, followed)
    .on(Undo, undone)
    .on(Delete, (_context, del) => deleted(del))
    .on(Accept, (_context, accept) => answered(accept, true))
    .on(Reject, (_context, reject) => answered(reject, false))
    .on(Create, receivedObject)
    .on(Update, receivedObject)
    .on(Like, (context, like) => reaction(context, like, 'LIKE'))
    .on(Announce, (context, announce) => reaction(context, announce, 'ANNOUNCE'))
    .onError((_context, error) => {
      log.warn({ err: error }, 'federation: an inbox activity failed')
    })
}
