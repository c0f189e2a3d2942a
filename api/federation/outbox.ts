// What we serve about our events: the Event objects, each actor's outbox (its programme) and its followers.
import type { Context } from '@fedify/fedify'
import { Create, Event, PUBLIC_COLLECTION, type Recipient } from '@fedify/vocab'
import { Temporal } from '@js-temporal/polyfill'
import { actorIdentifier, type ActorRef, parseActorIdentifier, programmeScope } from './actors'
import { AP_PATHS, type FederationDeps, INSTANCE_ACTOR } from './deps'
import { federatablePosts, isFederatable, loadEventRows, toEvent, type FederatedEventRow } from './objects'

/** Outbox pages: newest first. */
const OUTBOX_PAGE_SIZE = 20
/** How deep an outbox may be paged. */
const OUTBOX_DEPTH = 2000

export type Outbox = ReturnType<typeof serveOutbox>

export function serveOutbox({ federation, actors, config, db, pages }: FederationDeps) {
  /** Whether the author is an actor at all and lets their events federate (Settings); an event posted as a group
   * goes out as the group's, whatever the poster's own switch says. */
  async function authorAllows(row: Pick<FederatedEventRow, 'posted_by' | 'group_id'>): Promise<boolean> {
    const user = await actors.user(row.posted_by)
    return !!user && (!!user.federate_events || !!row.group_id)
  }

  /** One of our events as the ActivityStreams `Event` every actor's followers get: attributed to its group, when
   * posted as one that is active (a suspended group is no actor: a city still relaying it names the person), else to
   * its organizer. */
  function eventObject(context: Context<void>, row: FederatedEventRow): Event {
    const author = actorIdentifier(row.group_id && row.group_active ? { kind: 'group', id: row.group_id } : { kind: 'user', id: row.posted_by })
    return toEvent(
      row,
      {
        objectId: context.getObjectUri(Event, { id: row.id }),
        pageUrl: pages.event(row.id),
        attributedTo: context.getActorUri(author),
        followersOf: context.getFollowersUri(author),
        photoUrl: pages.photo,
        tagUrl: (tag) => new URL(`${config.webUrl}/?${new URLSearchParams({ categories: tag })}`),
      },
      { timeZone: config.timeZone },
    )
  }

  federation.setObjectDispatcher(Event, AP_PATHS.event, async (context, { id }) => {
    const [row] = await loadEventRows(db, [id])
    if (!row || !isFederatable(row) || !(await authorAllows(row))) return null
    return eventObject(context, row)
  })

  /** The ids of an actor's programme, newest first, from `offset`. */
  async function programmeIds(
    ref: ActorRef,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; total: number } | null> {
    const scope = await programmeScope(db, ref, {
      place: ref.kind === 'place' ? await actors.place(ref.id) : null,
      city: ref.kind === 'city' ? actors.city(ref.id) : null,
      collection: ref.kind === 'collection' ? await actors.collection(ref.id) : null,
      group: ref.kind === 'group' ? await actors.group(ref.id) : null,
    })
    if (!scope) return null
    let query = db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.posted_by')
      .where(federatablePosts())
    // A person's programme is what they post as themselves; what they post as a group is the group's.
    if (scope.postedBy) query = query.where('posts.posted_by', '=', scope.postedBy).where('posts.group_id', 'is', null)
    else if (scope.groupId) query = query.where('posts.group_id', '=', scope.groupId)
    else if (scope.around) query = query.where(scope.around)
    else if (scope.members) query = scope.members(query)
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

  function createOf(context: Context<void>, identifier: string, row: FederatedEventRow): Create {
    return new Create({
      id: new URL(`${context.getObjectUri(Event, { id: row.id }).href}#create`),
      actor: context.getActorUri(identifier),
      object: eventObject(context, row),
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
      const next = offset + OUTBOX_PAGE_SIZE
      return {
        items: rows.map((row) => createOf(context, identifier, row)),
        nextCursor: next < Math.min(page.total, OUTBOX_DEPTH) ? String(next) : null,
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

  /** How many fediverse actors follow one of ours. */
  async function followersCountOf(identifier: string): Promise<number> {
    const row = await db
      .selectFrom('federation_followers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('actor', '=', identifier)
      .executeTakeFirst()
    return Number(row?.n ?? 0)
  }

  return { authorAllows, eventObject, followersCountOf }
}
