// Which of our rows are actors (people, groups, places, cities, collections) and the identifiers and handles that
// name them.
//
// Our actors (decision 039): every person (`user-<id>`, a Person named by their username), every place
// (`place-<id>`, a Service whose programme is the public events within 150 m), every city of the data set
// (`city-<GeoNames id>`, a Group that announces the public events within 50 km) and every curated collection
// (`collection-<id>`, a Group that announces its events; its handle is its slug while no person or city has that
// name), and every organizer group (`group-<id>`, a Group whose events are posted as it; issue 45: its handle is
// its own, from the usernames' namespace), and the handles that name them.
import { CALENDAR_LIMITS, EVENT_LIMITS } from '#contract'
import { sql } from 'kysely'
import { type Db, dialectOf } from '../db'
import type { GroupRow } from '../db/schema'
import { isInactiveAccount } from '../access/policy'
import { type CityRecord, cityById, findCity, normalizeName } from '../modules/cities/data'
import { collectionMembers, type CollectionRow, type PostsFilter } from '../modules/collections/membership'
import { withinKm } from '../modules/events/filters'
import { nameInUse } from '../modules/users/names'

export type ActorRef =
  | { kind: 'user'; id: string }
  | { kind: 'place'; id: string }
  | { kind: 'city'; id: string }
  | { kind: 'collection'; id: string }
  | { kind: 'group'; id: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `user-<uuid>`, `group-<uuid>`, `place-<uuid>`, `collection-<uuid>`, `city-<digits>` → what it names; anything
 * else → null. */
export function parseActorIdentifier(identifier: string): ActorRef | null {
  if (identifier.length > 48) return null
  const dash = identifier.indexOf('-')
  const kind = identifier.slice(0, dash)
  const id = identifier.slice(dash + 1)
  // Only the one spelling of each (lower-case UUIDs, no leading zeros): another spelling would be another actor
  // with keys of its own, made on request.
  if ((kind === 'user' || kind === 'group' || kind === 'place' || kind === 'collection') && UUID.test(id) && id === id.toLowerCase()) return { kind, id }
  if (kind === 'city' && /^[1-9]\d{0,9}$/.test(id)) return { kind, id }
  return null
}

export const actorIdentifier = (ref: ActorRef) => `${ref.kind}-${ref.id}`

/** A city's handle: its English name in lower case, dashes for spaces (`belgrade`, `novi-sad`). */
export function citySlug(city: CityRecord): string {
  return normalizeName(city.name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export interface ActorRows {
  user(id: string): Promise<FederatedUser | null>
  place(id: string): Promise<FederatedPlace | null>
  city(id: string): CityRecord | null
  collection(id: string): Promise<CollectionRow | null>
  /** A group that is an actor: active. A deleted one is a Tombstone (`groupGone`), a suspended one nothing. */
  group(id: string): Promise<FederatedGroup | null>
  /** When a group was deleted (its actor answers 410 Gone), or null. */
  groupGone(id: string): Promise<Date | null>
  /** The handle of an actor (the part before @host). */
  handleOf(ref: ActorRef): Promise<string | null>
  /** What a handle names: `place-<id>` and the like, a username or a group's handle (one namespace), a city's slug
   * (`belgrade`, `paris.fr`), then a collection's slug. */
  byHandle(handle: string): Promise<ActorRef | null>
}

export interface FederatedUser {
  id: string
  username: string
  name: string
  lastname: string
  user_bio: string | null
  avatar_path: string | null
  moderation_image_status: string
  created_at: string
  federate_events: number
}

export type FederatedGroup = Pick<GroupRow, 'id' | 'handle' | 'name' | 'description' | 'avatar' | 'created_at'>

export interface FederatedPlace {
  id: string
  title: string
  description: string
  address: string
  lat: number
  lon: number
  posted_by: string
  created_at: string
}

/** Whether a username can be a handle Mastodon and others accept ([a-z0-9_]). */
export const isAsciiHandle = (value: string) => /^[a-z0-9_]+$/i.test(value)

export function createActorRows(db: Db): ActorRows {
  async function user(id: string): Promise<FederatedUser | null> {
    const row = await db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'name',
        'lastname',
        'user_bio',
        'avatar_path',
        'moderation_image_status',
        'created_at',
        'federate_events',
        'disabled_at',
        'deletion_requested_at',
        'moderation_status',
      ])
      .where('id', '=', id)
      // A remote actor is its own server's (decision 040).
      .where('remote_actor', 'is', null)
      .executeTakeFirst()
    // Gone, deactivated or rejected accounts are no actors (their information is not public on the web either).
    if (!row || isInactiveAccount(row) || row.moderation_status === 'REJECTED') return null
    return row
  }

  async function place(id: string): Promise<FederatedPlace | null> {
    const row = await db
      .selectFrom('posts')
      .select([
        'id',
        'title',
        'description',
        'address',
        'lat',
        'lon',
        'posted_by',
        'created_at',
        'moderation_status',
        'post_status',
        'access_type',
      ])
      .where('id', '=', id)
      .where('event_type', '=', 'PLACE')
      .executeTakeFirst()
    // A place is public while its information is APPROVED or PENDING (post-moderation, as on the web).
    if (
      !row ||
      row.post_status !== 'ACTIVE' ||
      row.moderation_status === 'REJECTED' ||
      row.access_type !== 'COMMON'
    )
      return null
    if (!(await user(row.posted_by))) return null
    return { ...row, lat: Number(row.lat), lon: Number(row.lon) }
  }

  async function collection(id: string): Promise<CollectionRow | null> {
    return (await db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  }

  async function group(id: string): Promise<FederatedGroup | null> {
    return (
      (await db
        .selectFrom('groups')
        .select(['id', 'handle', 'name', 'description', 'avatar', 'created_at'])
        .where('id', '=', id)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst()) ?? null
    )
  }

  async function groupGone(id: string): Promise<Date | null> {
    const row = await db.selectFrom('groups').select('updated_at').where('id', '=', id).where('status', '=', 'DELETED').executeTakeFirst()
    return row ? new Date(row.updated_at) : null
  }

  const rows: ActorRows = {
    user,
    place,
    city: (id) => cityById(id),
    collection,
    group,
    groupGone,
    async handleOf(ref) {
      if (ref.kind === 'user') {
        const row = await user(ref.id)
        if (!row) return null
        return isAsciiHandle(row.username) ? row.username.toLowerCase() : actorIdentifier(ref)
      }
      if (ref.kind === 'place') return actorIdentifier(ref)
      if (ref.kind === 'group') return (await group(ref.id))?.handle ?? null
      if (ref.kind === 'collection') {
        const row = await collection(ref.id)
        if (!row) return null
        // Its slug, unless a person or a city answers to that name first.
        const named = await rows.byHandle(row.slug)
        return named?.kind === 'collection' && named.id === row.id ? row.slug : actorIdentifier(ref)
      }
      const city = cityById(ref.id)
      if (!city) return null
      const slug = citySlug(city)
      // The biggest city of a name is `belgrade`; others, or one whose name a person or group took, add their country.
      if (slug && findCity(city.name)?.id === city.id && !(await nameInUse(db, slug))) return slug
      if (slug && findCity(city.name, city.countryCode)?.id === city.id)
        return `${slug}.${city.countryCode.toLowerCase()}`
      return actorIdentifier(ref)
    },
    async byHandle(handle) {
      const name = handle.toLowerCase()
      const direct = parseActorIdentifier(name)
      if (direct) return direct
      const owner = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', name)
        .where('remote_actor', 'is', null)
        .executeTakeFirst()
      if (owner) return { kind: 'user', id: owner.id }
      // Deleted groups too: their actor answers 410 Gone; a suspended one's answers nothing.
      const named = await db.selectFrom('groups').select('id').where('handle', '=', name).executeTakeFirst()
      if (named) return { kind: 'group', id: named.id }
      const [slug, country] = name.split('.')
      if (!slug || !/^[a-z0-9-]+$/.test(slug)) return null
      const city = findCity(slug.replace(/-/g, ' '), country?.toUpperCase())
      if (city && citySlug(city) === slug) return { kind: 'city', id: city.id }
      if (country !== undefined) return null
      const curated = await db.selectFrom('collections').select('id').where('slug', '=', slug).executeTakeFirst()
      return curated ? { kind: 'collection', id: curated.id } : null
    },
  }
  return rows
}

/** The public events an actor's programme holds: a person's own (not those they posted as a group), a group's,
 * those within 150 m of a place, within 50 km of a city, a collection's. */
export async function programmeScope(
  db: Db,
  ref: ActorRef,
  rows: { place?: FederatedPlace | null; city?: CityRecord | null; collection?: CollectionRow | null; group?: FederatedGroup | null },
): Promise<{ postedBy?: string; groupId?: string; around?: ReturnType<typeof withinKm>; members?: PostsFilter } | null> {
  if (ref.kind === 'user') return { postedBy: ref.id }
  if (ref.kind === 'group') return rows.group ? { groupId: rows.group.id } : null
  if (ref.kind === 'collection' && rows.collection) return { members: await collectionMembers(db, dialectOf(db), rows.collection) }
  if (ref.kind === 'place' && rows.place)
    return { around: withinKm(rows.place.lat, rows.place.lon, CALENDAR_LIMITS.placeRadiusM / 1000) }
  if (ref.kind === 'city' && rows.city)
    return { around: withinKm(rows.city.lat, rows.city.lon, EVENT_LIMITS.radiusKm) }
  return null
}
