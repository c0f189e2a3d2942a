// Events of the remote actors our people follow, kept as `posts` rows (remote_object = the object's id).
import { randomUUID } from 'node:crypto'
import { type Event, PUBLIC_COLLECTION } from '@fedify/vocab'
import { nowIso } from '../db'
import {
  addPhotos,
  backToReview,
  datesChanged,
  eventFromElsewhere,
  insertEvent,
  movedColumns,
  replaceCategories,
  type StoredPhoto,
} from '../modules/events/repository'
import { domainOf, type FederationDeps } from './deps'
import type { RemoteActors } from './remote-actors'
import { fieldsOf, iso } from './remote-event-fields'

/** How long a remote object's Delete is remembered (a Create retried after it is refused meanwhile). */
const TOMBSTONE_DAYS = 30
const tombstoneKey = (objectId: URL) => JSON.stringify(['nearby', 'tombstone', objectId.href])

/** An activity's or an object's audience. */
type Addressed = { toIds: URL[]; ccIds: URL[] }

/** A remote event's photos as stored: their URLs on the origin (shown through our proxy), no thumbnail. */
const remotePhotos = (images: { name: string; url: string }[]): StoredPhoto[] =>
  images.map((image) => ({ name: image.name, path: image.url, thumb_path: null }))

export type RemoteEvents = ReturnType<typeof createRemoteEvents>

export function createRemoteEvents(
  { db, log, now, loader, allowPrivate }: FederationDeps,
  { followedActor }: Pick<RemoteActors, 'followedActor'>,
) {
  /**
   * A followed actor sent an Event (Create or Update): stored, or brought up to date.
   * Only its own events (the object's id on the actor's server, attributed to it or to no one) are kept; an
   * event a moderator deleted stays deleted, and a REJECTED one stays rejected.
   */
  async function receiveEvent(actorId: URL, event: Event, activity?: Addressed): Promise<void> {
    if (!event.id || event.id.origin !== actorId.origin) return
    if (event.attributionId && event.attributionId.href !== actorId.href) return
    // Only what its author made public: a followers-only or direct event is not ours to show to everyone. The
    // object's own addressing decides; an object without any is addressed by its activity.
    const addressed = [...event.toIds, ...event.ccIds]
    const audience = addressed.length ? addressed : [...(activity?.toIds ?? []), ...(activity?.ccIds ?? [])]
    if (!audience.some((to) => to.href === PUBLIC_COLLECTION.href)) return
    const author = await followedActor(actorId)
    if (!author || (await isTombstone(event.id))) return
    const fields = await fieldsOf(event, loader, allowPrivate)
    if (!fields) {
      log.info({ object: event.id.href }, 'federation: a remote event without a name or a place was not kept')
      return
    }
    const stamp = nowIso(now())
    const version = iso(event.updated) ?? iso(event.published)
    const existing = await db
      .selectFrom('posts')
      .select([
        'id',
        'posted_by',
        'post_status',
        'start_date',
        'end_date',
        'cancelled_at',
        'previous_start_date',
        'sequence',
        'title',
        'description',
        'remote_html',
        'remote_updated_at',
        'moderation_status',
        'moderation_image_status',
      ])
      .where('remote_object', '=', event.id.href)
      .executeTakeFirst()
    if (existing && (existing.posted_by !== author.id || existing.post_status !== 'ACTIVE')) return
    // An older version than the one kept (a late retry, a replay of a signed copy) changes nothing.
    if (existing?.remote_updated_at && version && version < existing.remote_updated_at) return
    const columns = {
      title: fields.title,
      description: fields.description,
      remote_html: fields.html,
      start_date: fields.startDate,
      end_date: fields.endDate,
      address: fields.address,
      lat: fields.lat,
      lon: fields.lon,
      remote_url: fields.url,
      remote_updated_at: version,
      updated_at: stamp,
    }
    const photos = remotePhotos(fields.images)
    const postId = existing?.id ?? randomUUID()
    await db.transaction().execute(async (trx) => {
      if (existing) {
        const moved = datesChanged(existing, fields.startDate, fields.endDate)
        const cancelChanged = !!existing.cancelled_at !== fields.cancelled
        const reworded =
          existing.title !== fields.title ||
          existing.description !== fields.description ||
          existing.remote_html !== fields.html
        const kept = await trx
          .selectFrom('post_images')
          .select('path')
          .where('post_id', '=', postId)
          .orderBy('position')
          .execute()
        const rephotographed = kept.map((i) => i.path).join('\n') !== photos.map((p) => p.path).join('\n')
        await trx
          .updateTable('posts')
          .set((eb) => ({
            ...columns,
            // New words or photos go back to the moderators, as our own edits do (a rejection stands).
            ...backToReview(existing, { words: reworded, photos: rephotographed }, 'origin'),
            cancelled_at: fields.cancelled ? (existing.cancelled_at ?? stamp) : null,
            // A move is recorded as our own moves are; a cancellation (or a move of an undated one) is news too.
            ...(moved && existing.start_date
              ? movedColumns(existing, stamp)
              : moved || cancelChanged
                ? { sequence: eb('sequence', '+', 1) }
                : {}),
          }))
          .where('id', '=', postId)
          .execute()
        await trx.deleteFrom('post_images').where('post_id', '=', postId).execute()
        await addPhotos(trx, postId, photos, 0, stamp)
        await replaceCategories(trx, postId, fields.categories)
        return
      }
      // The same Create twice at once (a shared inbox and a personal one): the first is kept.
      await insertEvent(trx, {
        row: {
          id: postId,
          ...columns,
          // Post-moderation, as for our own: shown at once, and moderators may reject it.
          ...eventFromElsewhere(author.id),
          cancelled_at: fields.cancelled ? stamp : null,
          cancel_message: null,
          rescheduled_at: null,
          previous_start_date: null,
          remote_object: event.id!.href,
          remote_domain: domainOf(event.id!),
          created_at: stamp,
        },
        photos,
        categories: fields.categories,
        unlessTaken: 'remoteObject',
      })
    })
  }

  /** The origin deleted one of its events: it leaves our lists (as a post its author deleted). */
  async function removeObject(actorId: URL, objectId: URL): Promise<void> {
    if (objectId.origin !== actorId.origin) return
    await db
      .updateTable('posts')
      .set({ post_status: 'DELETED', updated_at: nowIso(now()) })
      .where('remote_object', '=', objectId.href)
      .where('posted_by', 'in', (eb) =>
        eb.selectFrom('users').select('id').where('remote_actor', '=', actorId.href),
      )
      .execute()
    // A Delete that overtook its Create (or a late retry of that Create): the object stays gone.
    const expires = new Date(now().getTime() + TOMBSTONE_DAYS * 86_400_000)
    await db
      .insertInto('federation_kv')
      .values({ key: tombstoneKey(objectId), value: 'true', expires_at: nowIso(expires) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ expires_at: nowIso(expires) }))
      .execute()
  }

  async function isTombstone(objectId: URL): Promise<boolean> {
    const row = await db
      .selectFrom('federation_kv')
      .select('expires_at')
      .where('key', '=', tombstoneKey(objectId))
      .executeTakeFirst()
    return !!row && (!row.expires_at || row.expires_at > nowIso(now()))
  }

  return { receiveEvent, removeObject }
}
