// Sending our events to the fediverse: Create, Update or Delete to each of our actors' followers, as they change.
import { Create, Delete, Event, PUBLIC_COLLECTION, Update } from '@fedify/vocab'
import { Temporal } from '@js-temporal/polyfill'
import { CALENDAR_LIMITS, EVENT_LIMITS } from '#contract'
import { dialectOf, nowIso } from '../db'
import { collectionHolds } from '../modules/collections/membership'
import { createTurns } from '../lib/turns'
import { isWithinKm } from '../modules/events/filters'
import { actorIdentifier, parseActorIdentifier } from './actors'
import { contextOf, type FederationDeps } from './deps'
import type { Follows } from './follows'
import { isFederatable, loadEventRows, toTombstone, type FederatedEventRow } from './objects'
import type { Outbox } from './outbox'

export type Publishing = ReturnType<typeof createPublishing>

export function createPublishing(
  deps: FederationDeps,
  { authorAllows, eventObject, followersCountOf }: Outbox,
  { sendUndo }: Pick<Follows, 'sendUndo'>,
) {
  const { db, actors, origin, now: clock } = deps

  /** Our actors with followers whose programme holds this event: its organizer (the group it is posted as, while
   * that group is active; else the person), places within 150 m, cities within 50 km, collections that hold it. */
  async function audienceOf(row: FederatedEventRow): Promise<string[]> {
    const followed = await db.selectFrom('federation_followers').select('actor').distinct().execute()
    const out: string[] = []
    const organizer = row.group_id
      ? row.group_active
        ? actorIdentifier({ kind: 'group', id: row.group_id })
        : null
      : actorIdentifier({ kind: 'user', id: row.posted_by })
    for (const { actor } of followed) {
      if (actor === organizer) {
        out.push(actor)
        continue
      }
      const ref = parseActorIdentifier(actor)
      if (!ref || ref.kind === 'user' || ref.kind === 'group') continue
      if (ref.kind === 'collection') {
        const collection = await actors.collection(ref.id)
        if (collection && (await collectionHolds(db, dialectOf(db), collection, row.id))) out.push(actor)
        continue
      }
      const center = ref.kind === 'place' ? await actors.place(ref.id) : actors.city(ref.id)
      if (!center) continue
      const km = ref.kind === 'place' ? CALENDAR_LIMITS.placeRadiusM / 1000 : EVENT_LIMITS.radiusKm
      if (isWithinKm(center.lat, center.lon, km, row.lat, row.lon)) out.push(actor)
    }
    return out
  }

  /** Whether one of our events may go out now: federatable, and its author lets it. */
  const goesOut = async (row: FederatedEventRow | undefined): Promise<boolean> =>
    !!row && isFederatable(row) && (await authorAllows(row))

  // One sync of an event at a time in this process: a change heard while the event's last one is being sent
  // waits for it (a rejection right after the Create finds it sent, and sends Delete).
  const inTurn = createTurns()
  async function syncEvents(postIds: string[]): Promise<void> {
    await Promise.all([...new Set(postIds)].map((id) => inTurn(id, () => syncOne(id))))
  }

  /**
   * What each of our actors' followers must now know of one event (federation_published: which actor sent it).
   * Actors whose programme holds it and who have followers: Create if they never sent it, else Update. Actors
   * that sent it and no longer may (it was deleted, rejected, made private, moved away, its author left or
   * turned federation off): Delete. The rows are written before sending, so a sync that starts meanwhile on
   * another instance sees what this one is about to send.
   */
  async function syncOne(postId: string): Promise<void> {
    const context = contextOf(deps)
    const [row] = await loadEventRows(db, [postId])
    const sent = await db
      .selectFrom('federation_published')
      .select(['actor', 'author_id'])
      .where('post_id', '=', postId)
      .execute()
    const audience = row && (await goesOut(row)) ? await audienceOf(row) : []
    const leaving = sent.filter((s) => !audience.includes(s.actor))
    const now = clock()
    const stamp = now.getTime().toString(36)
    if (row)
      for (const actor of audience)
        await db
          .insertInto('federation_published')
          .values({
            post_id: postId,
            actor,
            author_id: row.posted_by,
            published_at: nowIso(now),
            updated_at: nowIso(now),
          })
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
    const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    if (row && audience.length) {
      const event = eventObject(context, row)
      for (const identifier of audience) {
        const actorUri = context.getActorUri(identifier)
        const common = {
          actor: actorUri,
          object: event,
          to: PUBLIC_COLLECTION,
          cc: context.getFollowersUri(identifier),
        }
        // Published now: Mastodon puts only recent posts in home timelines.
        const activity = sent.some((s) => s.actor === identifier)
          ? new Update({
              ...common,
              id: new URL(`${objectId.href}#update-${stamp}/${identifier}`),
              updated: instant,
            })
          : new Create({
              ...common,
              id: new URL(`${objectId.href}#create-${stamp}/${identifier}`),
              published: instant,
            })
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
    const objectId =
      typeof json.object === 'string' ? json.object : (json.object as { id?: unknown } | null)?.id
    const prefix = `${origin}/ap/events/`
    if (typeof objectId !== 'string' || !objectId.startsWith(prefix)) return true
    const [row] = await loadEventRows(db, [objectId.slice(prefix.length)])
    return goesOut(row)
  }

  /** An account is being deleted: Undo of its follows, Delete of its events that went out (and of the actor, when purged). */
  async function accountGone(userId: string, purged: boolean): Promise<void> {
    // The remote actors they followed hear Undo: nothing more is delivered for them.
    const followed = await db
      .selectFrom('federation_following')
      .select('remote_user_id')
      .where('user_id', '=', userId)
      .execute()
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
    for (const { remote_user_id } of followed) await sendUndo(userId, remote_user_id)
    const published = await db
      .selectFrom('federation_published')
      .select('post_id')
      .distinct()
      .where('author_id', '=', userId)
      .execute()
    await syncEvents(published.map((p) => p.post_id))
    if (purged) await actorGone(actorIdentifier({ kind: 'user', id: userId }))
  }

  /** One of our actors is gone for good (a purged account, a deleted group): its followers hear Delete of it, and
   * are forgotten. */
  async function actorGone(identifier: string): Promise<void> {
    const context = contextOf(deps)
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

  return { syncEvents, stillOut, accountGone, actorGone }
}
