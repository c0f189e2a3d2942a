// Following the fediverse from Nearby (issue 26 part 2, decision 040). A remote actor our people follow is a
// `users` row without credentials (remote_actor = its id), its events are `posts` rows (remote_object = the
// object's id), so lists, the map, calendar feeds, moderation and reports treat them as they treat ours. This
// module finds an actor by handle, sends Follow and Undo for our people, keeps the origin's Accept, and stores,
// updates and removes the events the followed actors send.
import { randomUUID } from 'node:crypto'
import {
  type Actor,
  Document,
  type Event,
  Follow,
  Hashtag,
  Image,
  isActor,
  Link,
  lookupObject,
  Place,
  PUBLIC_COLLECTION,
  Undo,
  type DocumentLoader,
  type Federation,
} from '@fedify/fedify'
import { CATEGORIES, EVENT_LIMITS, LIMITS, LANGUAGES, translateMessage } from '#contract'
import type { AppContext } from '../context'
import { type Db, isUniqueViolation, nowIso } from '../db'
import { HttpError } from '../lib/errors'
import { addPhotos, backToReview, datesChanged, insertEvent, movedColumns, replaceCategories, type StoredPhoto } from '../modules/events/repository'
import { actorIdentifier } from './actors'
import { CANCELLED_TAG } from './objects'
import { type OutboundFetch, urlProblem } from '../lib/outbound-fetch'
import { remoteHtmlToText, sanitizeRemoteHtml } from './sanitize'

/** How long a remote object's Delete is remembered (a Create retried after it is refused meanwhile). */
const TOMBSTONE_DAYS = 30
const tombstoneKey = (objectId: URL) => JSON.stringify(['nearby', 'tombstone', objectId.href])

/** How many of a remote event's tags and attachments are looked at. */
const MAX_TAGS = 20
const MAX_ATTACHMENTS = 10

/** An activity's or an object's audience. */
type Addressed = { toIds: URL[]; ccIds: URL[] }

/** A server's name as we keep it: the host name, lower case (a block of `example.social` covers its every port). */
export const domainOf = (uri: URL | string) => new URL(uri).hostname.toLowerCase()

/** A remote event's photos as stored: their URLs on the origin (shown through our proxy), no thumbnail. */
const remotePhotos = (images: { name: string; url: string }[]): StoredPhoto[] =>
  images.map((image) => ({ name: image.name, path: image.url, thumb_path: null }))

interface Deps {
  ctx: AppContext
  federation: Federation<void>
  loader: DocumentLoader
  remoteFetch: OutboundFetch
  allowPrivate: boolean
  origin: string
}

/** What a remote Event gives us, ready to store. */
interface RemoteEventFields {
  title: string
  description: string
  html: string | null
  startDate: string | null
  endDate: string | null
  address: string
  lat: number
  lon: number
  url: string
  cancelled: boolean
  categories: string[]
  images: { url: string; name: string }[]
}

const iso = (instant: { toString(): string } | null | undefined): string | null => {
  if (!instant) return null
  const time = Date.parse(instant.toString())
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value))

/** The "Cancelled: {title}" names another Nearby gives a cancelled event, in each language, as prefixes to strip. */
const CANCELLED_PREFIXES = LANGUAGES.map(
  (language) => translateMessage('apCancelledName', language).split('{title}')[0]!,
)

export function createFollowing(deps: Deps) {
  const { ctx, federation, loader, remoteFetch, allowPrivate, origin } = deps
  const { db, log } = ctx
  const scheme = allowPrivate ? 'http' : 'https'

  async function domainStatus(domain: string): Promise<'ALLOWED' | 'SILENCED' | 'BLOCKED' | null> {
    const row = await db
      .selectFrom('federation_domains')
      .select('status')
      .where('domain', '=', domain)
      .executeTakeFirst()
    return row?.status ?? null
  }

  /** The actor id a handle (`@events@gancio.example`, `events@gancio.example`) names, through its server's WebFinger. */
  async function actorUrlOf(handle: string): Promise<URL> {
    const [user, server] = handle.trim().replace(/^@/, '').split('@')
    if (!user || !server) throw new HttpError(400, 'remoteHandleInvalid', { handle: ['remoteHandleInvalid'] })
    let answer: Response
    try {
      answer = await remoteFetch(
        `${scheme}://${server.toLowerCase()}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${server}`)}`,
        { headers: { accept: 'application/jrd+json, application/json' } },
      )
    } catch {
      throw new HttpError(422, 'remoteActorUnreachable', { handle: ['remoteActorUnreachable'] })
    }
    if (answer.status === 404 || answer.status === 410)
      throw new HttpError(404, 'remoteAccountNotFound', { handle: ['remoteAccountNotFound'] })
    if (!answer.ok) throw new HttpError(422, 'remoteActorUnreachable', { handle: ['remoteActorUnreachable'] })
    const links =
      (
        (await answer.json().catch(() => ({}))) as {
          links?: { rel?: unknown; type?: unknown; href?: unknown }[]
        }
      ).links ?? []
    const self = links.find(
      (l) =>
        l.rel === 'self' &&
        typeof l.href === 'string' &&
        /activity\+json|ld\+json/.test(String(l.type ?? '')),
    )
    const href = typeof self?.href === 'string' ? self.href : null
    if (!href || !URL.canParse(href) || urlProblem(new URL(href), allowPrivate))
      throw new HttpError(404, 'remoteAccountNotFound', { handle: ['remoteAccountNotFound'] })
    return new URL(href)
  }

  /** A remote actor's row, made or brought up to date from its document; null for our own actors. */
  async function storeActor(actor: Actor): Promise<string | null> {
    const actorId = actor.id
    if (!actorId || !actor.inboxId || actorId.origin === new URL(origin).origin) return null
    const domain = domainOf(actor.id)
    // A name that could read as another handle (`a@b`), or is long or odd, is not used: the actor is named by its id.
    const preferred = text(actor.preferredUsername)
    const handle = /^[\w.-]{1,64}$/.test(preferred)
      ? `${preferred}@${new URL(actor.id).host}`.toLowerCase()
      : null
    const name = (text(actor.name) || handle || domain).replace(/\s+/g, ' ').trim().slice(0, 50)
    const pageUrl = actor.url instanceof URL ? actor.url : actor.url instanceof Link ? actor.url.href : null
    const sharedInbox = actor.endpoints?.sharedInbox ?? null
    const columns = {
      name,
      user_bio: remoteHtmlToText(text(actor.summary)).slice(0, 1000) || null,
      remote_domain: domain,
      remote_url: pageUrl && /^https?:$/.test(pageUrl.protocol) ? pageUrl.href : actor.id.href,
      remote_inbox: actor.inboxId.href,
      remote_shared_inbox: sharedInbox && !urlProblem(sharedInbox, allowPrivate) ? sharedInbox.href : null,
      updated_at: nowIso(ctx.now()),
    }
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('remote_actor', '=', actor.id.href)
      .executeTakeFirst()
    if (existing) {
      await db.updateTable('users').set(columns).where('id', '=', existing.id).execute()
      return existing.id
    }
    const id = randomUUID()
    // A handle two actors share (a server renamed one) keeps the first; the other is named by its id.
    const taken =
      handle && (await db.selectFrom('users').select('id').where('username', '=', handle).executeTakeFirst())
    const now = nowIso(ctx.now())
    const insert = (username: string) =>
      db
        .insertInto('users')
        .values({
          id,
          email: null,
          password_hash: null,
          google_sub: null,
          lastname: '',
          username,
          role: 'user',
          moderation_status: 'PENDING',
          moderation_image_status: 'PENDING',
          is_activated: 1,
          locale: 'en',
          // A remote actor's events are its server's to publish, never ours.
          federate_events: 0,
          remote_actor: actorId.href,
          created_at: now,
          ...columns,
        })
        .onConflict((oc) => oc.column('remote_actor').doNothing())
        .execute()
    try {
      await insert(handle && !taken ? handle : `${id}@${domain}`)
    } catch (error) {
      // The same new actor stored at once by another arrival (its row is found below), or its handle just taken.
      if (!isUniqueViolation(error)) throw error
      const again = await db
        .selectFrom('users')
        .select('id')
        .where('remote_actor', '=', actor.id.href)
        .executeTakeFirst()
      if (again) return again.id
      await insert(`${id}@${domain}`)
    }
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('remote_actor', '=', actor.id.href)
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** Finds (and keeps) the actor a handle names: its row's id. */
  async function resolveHandle(handle: string): Promise<string> {
    const actorUrl = await actorUrlOf(handle)
    if ((await domainStatus(domainOf(actorUrl))) === 'BLOCKED')
      throw new HttpError(403, 'remoteDomainBlocked', { handle: ['remoteDomainBlocked'] })
    let actor: unknown
    try {
      actor = await lookupObject(actorUrl, { documentLoader: loader, contextLoader: loader })
    } catch {
      throw new HttpError(422, 'remoteActorUnreachable', { handle: ['remoteActorUnreachable'] })
    }
    if (!isActor(actor) || actor.id?.href !== actorUrl.href)
      throw new HttpError(404, 'remoteAccountNotFound', { handle: ['remoteAccountNotFound'] })
    const id = await storeActor(actor)
    if (!id) throw new HttpError(400, 'remoteHandleInvalid', { handle: ['remoteHandleInvalid'] })
    return id
  }

  const context = () => federation.createContext(new URL(origin))

  async function remoteActorRow(userId: string) {
    return db
      .selectFrom('users')
      .select(['id', 'remote_actor', 'remote_inbox', 'remote_shared_inbox', 'remote_domain'])
      .where('id', '=', userId)
      .where('remote_actor', 'is not', null)
      .executeTakeFirst()
  }

  // A person's Follow and Undo of one account are sent one after the other, each for the state the follow is in
  // then (a quick follow and unfollow leaves nothing behind, a quick unfollow and follow leaves the follow).
  const turns = new Map<string, Promise<void>>()
  function inTurn(key: string, work: () => Promise<void>): Promise<void> {
    const run = (turns.get(key) ?? Promise.resolve()).then(work)
    const settled = run.catch(() => undefined)
    turns.set(key, settled)
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key)
    })
    return run
  }
  const follows = async (userId: string, remoteUserId: string) =>
    !!(await db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', userId)
      .where('followee_id', '=', remoteUserId)
      .executeTakeFirst())

  function sendFollow(userId: string, remoteUserId: string): Promise<void> {
    return inTurn(`${userId} ${remoteUserId}`, async () => {
      if (await follows(userId, remoteUserId)) await follow(userId, remoteUserId)
    })
  }

  function sendUndo(userId: string, remoteUserId: string): Promise<void> {
    return inTurn(`${userId} ${remoteUserId}`, async () => {
      if (!(await follows(userId, remoteUserId))) await undo(userId, remoteUserId)
    })
  }

  /** One of our people follows a remote actor (a `follows` row): its server hears a Follow. */
  async function follow(userId: string, remoteUserId: string): Promise<void> {
    const remote = await remoteActorRow(remoteUserId)
    if (!remote?.remote_actor || !remote.remote_inbox) return
    if ((await domainStatus(remote.remote_domain ?? '')) === 'BLOCKED') return
    const c = context()
    const identifier = actorIdentifier({ kind: 'user', id: userId })
    const followId = new URL(`${c.getActorUri(identifier).href}#follows/${randomUUID()}`)
    await db
      .insertInto('federation_following')
      .values({
        user_id: userId,
        actor: remote.remote_actor,
        remote_user_id: remote.id,
        follow_id: followId.href,
        status: 'PENDING',
        created_at: nowIso(ctx.now()),
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'actor']).doUpdateSet({ follow_id: followId.href, status: 'PENDING' }),
      )
      .execute()
    await c.sendActivity(
      { identifier },
      { id: new URL(remote.remote_actor), inboxId: new URL(remote.remote_inbox), endpoints: null },
      new Follow({ id: followId, actor: c.getActorUri(identifier), object: new URL(remote.remote_actor) }),
    )
  }

  /** They stopped following: its server hears Undo of the Follow, and nothing more is delivered for them. */
  async function undo(userId: string, remoteUserId: string): Promise<void> {
    const remote = await remoteActorRow(remoteUserId)
    if (!remote?.remote_actor || !remote.remote_inbox) return
    const row = await db
      .selectFrom('federation_following')
      .select('follow_id')
      .where('user_id', '=', userId)
      .where('actor', '=', remote.remote_actor)
      .executeTakeFirst()
    if (!row) return
    await db
      .deleteFrom('federation_following')
      .where('user_id', '=', userId)
      .where('actor', '=', remote.remote_actor)
      .execute()
    if ((await domainStatus(remote.remote_domain ?? '')) === 'BLOCKED') return
    const c = context()
    const identifier = actorIdentifier({ kind: 'user', id: userId })
    const actorUri = c.getActorUri(identifier)
    await c.sendActivity(
      { identifier },
      { id: new URL(remote.remote_actor), inboxId: new URL(remote.remote_inbox), endpoints: null },
      new Undo({
        id: new URL(`${row.follow_id}/undo`),
        actor: actorUri,
        object: new Follow({
          id: new URL(row.follow_id),
          actor: actorUri,
          object: new URL(remote.remote_actor),
        }),
      }),
    )
  }

  /** The origin accepted (or rejected) one of our Follows: only the followed actor may answer it. */
  async function answered(followId: URL, by: URL, accepted: boolean): Promise<void> {
    const row = await db
      .selectFrom('federation_following')
      .select(['user_id', 'remote_user_id'])
      .where('follow_id', '=', followId.href)
      .where('actor', '=', by.href)
      .executeTakeFirst()
    if (!row) return
    if (accepted) {
      await db
        .updateTable('federation_following')
        .set({ status: 'ACCEPTED' })
        .where('follow_id', '=', followId.href)
        .execute()
      return
    }
    await db.deleteFrom('federation_following').where('follow_id', '=', followId.href).execute()
    await db
      .deleteFrom('follows')
      .where('follower_id', '=', row.user_id)
      .where('followee_id', '=', row.remote_user_id)
      .execute()
  }

  /** The followed actor's row, when one of our people follows it and its server is not blocked. */
  async function followedActor(actorId: URL) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'remote_domain'])
      .where('remote_actor', '=', actorId.href)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('federation_following as f')
            .select('f.user_id')
            .whereRef('f.remote_user_id', '=', 'users.id'),
        ),
      )
      .executeTakeFirst()
    if (!row || (await domainStatus(row.remote_domain ?? '')) === 'BLOCKED') return null
    return row
  }

  /** Reads what we keep of a remote Event; null when it cannot be shown (no name, or no place on the map). */
  async function fieldsOf(event: Event): Promise<RemoteEventFields | null> {
    const options = { documentLoader: loader, contextLoader: loader, suppressError: true }
    let title = text(event.name).replace(/\s+/g, ' ').trim()
    const tags: string[] = []
    let looked = 0
    for await (const tag of event.getTags(options)) {
      // A hostile server could list thousands (each a fetch when given as a link): the first few are enough.
      if (++looked > MAX_TAGS) break
      if (tag instanceof Hashtag) tags.push(text(tag.name).replace(/^#/, ''))
    }
    const cancelled = tags.some((t) => `#${t.toLowerCase()}` === CANCELLED_TAG)
    if (cancelled)
      for (const prefix of CANCELLED_PREFIXES)
        if (prefix && title.startsWith(prefix)) title = title.slice(prefix.length)
    title = title.slice(0, EVENT_LIMITS.titleMax)
    if (!title) return null
    const location = await event.getLocation(options).catch(() => null)
    if (!(location instanceof Place) || location.latitude === null || location.longitude === null) return null
    const [lat, lon] = [Number(location.latitude), Number(location.longitude)]
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
      return null
    const rawHtml = text(event.content) || text(event.summary)
    const html = rawHtml ? sanitizeRemoteHtml(rawHtml) : null
    const startDate = iso(event.startTime)
    let endDate = iso(event.endTime)
    if (endDate && startDate && endDate < startDate) endDate = null
    const page = event.url instanceof URL ? event.url : event.url instanceof Link ? event.url.href : null
    const images: { url: string; name: string }[] = []
    looked = 0
    for await (const attachment of event.getAttachments(options)) {
      if (images.length >= LIMITS.eventImages || ++looked > MAX_ATTACHMENTS) break
      if (!(attachment instanceof Document || attachment instanceof Image)) continue
      const url =
        attachment.url instanceof URL
          ? attachment.url
          : attachment.url instanceof Link
            ? attachment.url.href
            : null
      if (
        !url ||
        urlProblem(url, allowPrivate) ||
        (attachment.mediaType && !attachment.mediaType.startsWith('image/'))
      )
        continue
      images.push({ url: url.href, name: text(attachment.name).slice(0, 300) || title })
    }
    const known = new Map(CATEGORIES.map((c) => [c.toLowerCase(), c]))
    return {
      title,
      description: remoteHtmlToText(rawHtml).slice(0, EVENT_LIMITS.descriptionMax),
      html,
      startDate,
      endDate,
      address: (text(location.name) || title).replace(/\s+/g, ' ').trim().slice(0, 300),
      lat,
      lon,
      url: page && /^https?:$/.test(page.protocol) ? page.href : event.id!.href,
      cancelled,
      categories: [
        ...new Set(
          tags.map((t) => known.get(t.toLowerCase())).filter((c): c is (typeof CATEGORIES)[number] => !!c),
        ),
      ],
      images,
    }
  }

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
    const fields = await fieldsOf(event)
    if (!fields) {
      log.info({ object: event.id.href }, 'federation: a remote event without a name or a place was not kept')
      return
    }
    const now = nowIso(ctx.now())
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
      updated_at: now,
    }
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
        const rephotographed =
          kept.map((i) => i.path).join('\n') !== fields.images.map((i) => i.url).join('\n')
        await trx
          .updateTable('posts')
          .set((eb) => ({
            ...columns,
            // New words or photos go back to the moderators, as our own edits do (a rejection stands).
            ...backToReview(existing, { words: reworded, photos: rephotographed }, 'origin'),
            cancelled_at: fields.cancelled ? (existing.cancelled_at ?? now) : null,
            // A move is recorded as our own moves are; a cancellation (or a move of an undated one) is news too.
            ...(moved && existing.start_date
              ? movedColumns(existing, now)
              : moved || cancelChanged
                ? { sequence: eb('sequence', '+', 1) }
                : {}),
          }))
          .where('id', '=', postId)
          .execute()
        await trx.deleteFrom('post_images').where('post_id', '=', postId).execute()
        await addPhotos(trx, postId, remotePhotos(fields.images), 0, now)
        await replaceCategories(trx, postId, fields.categories)
        return
      }
      // The same Create twice at once (a shared inbox and a personal one): the first is kept.
      await insertEvent(trx, {
        row: {
          id: postId,
          ...columns,
          event_type: 'EVENT',
          access_type: 'COMMON',
          channel_link: null,
          max_participants: null,
          price_donation: 0,
          price_amount: null,
          price_currency: null,
          price_range: null,
          posted_by: author.id,
          created_by: author.id,
          // Post-moderation, as for our own: shown at once, and moderators may reject it.
          moderation_status: 'PENDING',
          moderation_image_status: 'PENDING',
          post_status: 'ACTIVE',
          cancelled_at: fields.cancelled ? now : null,
          cancel_message: null,
          rescheduled_at: null,
          previous_start_date: null,
          remote_object: event.id!.href,
          remote_domain: domainOf(event.id!),
          created_at: now,
        },
        photos: remotePhotos(fields.images),
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
      .set({ post_status: 'DELETED', updated_at: nowIso(ctx.now()) })
      .where('remote_object', '=', objectId.href)
      .where('posted_by', 'in', (eb) =>
        eb.selectFrom('users').select('id').where('remote_actor', '=', actorId.href),
      )
      .execute()
    // A Delete that overtook its Create (or a late retry of that Create): the object stays gone.
    const expires = new Date(ctx.now().getTime() + TOMBSTONE_DAYS * 86_400_000)
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
    return !!row && (!row.expires_at || row.expires_at > nowIso(ctx.now()))
  }

  /** Whether an actor is one we keep (someone here follows it, or it is known at all): before anything is fetched for it. */
  async function knownActor(actorId: URL): Promise<{ followed: boolean } | null> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('remote_actor', '=', actorId.href)
      .executeTakeFirst()
    if (!row) return null
    return { followed: !!(await followedActor(actorId)) }
  }

  /** A remote actor deleted itself: its events leave, and our people no longer follow it. */
  async function actorGone(actorId: URL): Promise<void> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('remote_actor', '=', actorId.href)
      .executeTakeFirst()
    if (!row) return
    await db
      .updateTable('posts')
      .set({ post_status: 'DELETED', updated_at: nowIso(ctx.now()) })
      .where('posted_by', '=', row.id)
      .where('post_status', '=', 'ACTIVE')
      .execute()
    await db.deleteFrom('federation_following').where('remote_user_id', '=', row.id).execute()
    await db.deleteFrom('follows').where('followee_id', '=', row.id).execute()
  }

  return {
    resolveHandle,
    sendFollow,
    sendUndo,
    answered,
    receiveEvent,
    removeObject,
    actorGone,
    storeActor,
    knownActor,
    domainStatus,
  }
}

export type Following = ReturnType<typeof createFollowing>

/**
 * An admin blocked a server: its events leave (deleted, as a moderator would), our people stop following its
 * actors, and its followers of ours and its reactions are dropped (nothing goes to it any more). Works with
 * federation off too: the decision is the database's.
 */
export async function forgetDomain(db: Db, domain: string, now: string): Promise<void> {
  await db
    .updateTable('posts')
    .set({ post_status: 'DELETED', updated_at: now })
    .where('remote_domain', '=', domain)
    .where('post_status', '=', 'ACTIVE')
    .execute()
  const actors = db.selectFrom('users').select('id').where('remote_domain', '=', domain)
  await db.deleteFrom('federation_following').where('remote_user_id', 'in', actors).execute()
  await db.deleteFrom('follows').where('followee_id', 'in', actors).execute()
  await db.deleteFrom('federation_followers').where('domain', '=', domain).execute()
  await db.deleteFrom('federation_reactions').where('domain', '=', domain).execute()
}
