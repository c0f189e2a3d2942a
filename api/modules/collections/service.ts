// Curated collections (issue 43): moderators make them, everyone reads them. Which events one holds:
// membership.ts. Only what a signed-out visitor may read and the lists show: public (COMMON), active, not rejected, listed events
// — never a private or followers-only one, whoever put it there.
import { type Collection, COLLECTION_LIMITS, type CollectionPage, type CreateCollectionBody, type UpdateCollectionBody } from '#contract'
import { sql } from 'kysely'
import { postsListedFor, postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { newId } from '../../lib/crypto'
import { type FieldErrors, validationError } from '../../lib/errors'
import { assertReachable, hasNextPage } from '../../lib/paging'
import { toEventDtos } from '../events/dto'
import { postsInStartOrder } from '../events/time-order'
import { collectionBySlug, collectionMembers, type CollectionRow, idList as list } from './membership'

type Body = CreateCollectionBody | UpdateCollectionBody

export function createCollectionsService(ctx: AppContext) {
  const db: Db = ctx.db

  const row = (slug: string) => collectionBySlug(db, slug)

  async function picksOf(id: string): Promise<string[]> {
    // By id, along the primary key (one save adds every pick at once: the time they were added says nothing more).
    const rows = await db.selectFrom('collection_events').select('post_id').where('collection_id', '=', id).orderBy('post_id').execute()
    return rows.map((r) => r.post_id)
  }

  function toDto(r: CollectionRow, picks: string[]): Collection {
    return {
      slug: r.slug,
      name: r.name,
      description: r.description,
      rules: {
        categories: list(r.categories),
        organizers: list(r.organizer_ids),
        places: list(r.place_ids),
        words: r.words,
        startsFrom: r.starts_from,
        startsUntil: r.starts_until,
      },
      events: picks,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }
  }

  /** The columns a body sets; unknown organizers, places and events are refused by field. */
  async function columnsOf(body: Body) {
    const errors: FieldErrors = {}
    const missing = (asked: string[], found: { id: string }[]) => asked.some((id) => !found.some((row) => row.id === id))
    // Organizers by id or username (what a moderator types); stored as ids, which stay when a username changes.
    let organizerIds: string[] | undefined
    if (body.organizers?.length) {
      const asked = body.organizers
      const lower = asked.map((name) => name.toLowerCase())
      const users = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where((eb) => eb.or([eb('id', 'in', asked), eb(sql<string>`lower(username)`, 'in', lower)]))
        .execute()
      const ids = asked.map((name) => users.find((u) => u.id === name)?.id ?? users.find((u) => u.username.toLowerCase() === name.toLowerCase())?.id)
      if (ids.some((id) => !id)) errors.organizers = ['notFound']
      else organizerIds = ids as string[]
    } else organizerIds = body.organizers
    const posts = (ids: string[], eventType: 'EVENT' | 'PLACE') =>
      db.selectFrom('posts').select('id').where('id', 'in', ids).where('event_type', '=', eventType).where('post_status', '=', 'ACTIVE').execute()
    if (body.places?.length && missing(body.places, await posts(body.places, 'PLACE'))) errors.places = ['notFound']
    if (body.events?.length) {
      const found = await db.selectFrom('posts').select(['id', 'access_type']).where('id', 'in', body.events).where('event_type', '=', 'EVENT').where('post_status', '=', 'ACTIVE').execute()
      if (missing(body.events, found)) errors.events = ['notFound']
      else if (found.some((row) => row.access_type !== 'COMMON')) errors.events = ['collectionPublicOnly']
    }
    const from = body.startsFrom as string | null | undefined
    const until = body.startsUntil as string | null | undefined
    if (from && until && until < from) errors.startsUntil = ['endBeforeStart']
    if (Object.keys(errors).length) throw validationError(errors)
    return {
      ...(body.slug !== undefined ? { slug: body.slug } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.categories !== undefined ? { categories: JSON.stringify([...new Set(body.categories)]) } : {}),
      ...(organizerIds !== undefined ? { organizer_ids: JSON.stringify([...new Set(organizerIds)]) } : {}),
      ...(body.places !== undefined ? { place_ids: JSON.stringify([...new Set(body.places)]) } : {}),
      ...(body.words !== undefined ? { words: body.words || null } : {}),
      ...(from !== undefined ? { starts_from: from } : {}),
      ...(until !== undefined ? { starts_until: until } : {}),
    }
  }

  async function replacePicks(id: string, events: string[] | undefined) {
    if (events === undefined) return
    await db.deleteFrom('collection_events').where('collection_id', '=', id).execute()
    const stamp = nowIso(ctx.now())
    if (events.length) await db.insertInto('collection_events').values([...new Set(events)].map((post_id) => ({ collection_id: id, post_id, added_at: stamp }))).execute()
  }

  /** A slug another collection has answers collectionExists (also when two saves race: the unique index decides). */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (/unique|duplicate/i.test(String((error as Error).message))) throw validationError({ slug: ['collectionExists'] })
      throw error
    }
  }

  return {
    async list(): Promise<Collection[]> {
      const rows = await db.selectFrom('collections').selectAll().orderBy('name').orderBy('slug').limit(500).execute()
      const picks = rows.length
        ? await db.selectFrom('collection_events').select(['collection_id', 'post_id']).where('collection_id', 'in', rows.map((r) => r.id)).orderBy('collection_id').orderBy('post_id').execute()
        : []
      return rows.map((r) => toDto(r, picks.filter((p) => p.collection_id === r.id).map((p) => p.post_id)))
    },

    async get(slug: string): Promise<Collection> {
      const r = await row(slug)
      return toDto(r, await picksOf(r.id))
    },

    /** The collection and a page of its events that have not ended, soonest first. */
    async page(slug: string, page: number): Promise<CollectionPage> {
      const r = await row(slug)
      const size = COLLECTION_LIMITS.pageSize
      assertReachable({ page, pageSize: size })
      const members = await collectionMembers(db, ctx.dialect, r)
      const query = members(db.selectFrom('posts').selectAll().where('event_type', '=', 'EVENT').where('access_type', '=', 'COMMON').where(postsVisibleTo(null)).where(postsListedFor(null)))
      const rows = await postsInStartOrder(db, query, { runningFrom: nowIso(ctx.now()) }, { direction: 'asc', offset: (page - 1) * size, limit: size + 1 })
      const presence = ctx.federation ? await ctx.federation.presence({ kind: 'collection', id: r.id }) : null
      return {
        collection: toDto(r, await picksOf(r.id)),
        events: await toEventDtos(db, rows.slice(0, size), null, ctx.config.publicUrl),
        page,
        pageSize: size,
        hasMore: hasNextPage({ page, pageSize: size }, rows.length > size),
        ...(presence ? { fediverse: presence } : {}),
      }
    },

    async create(body: CreateCollectionBody, actorId: string): Promise<Collection> {
      const columns = await columnsOf(body)
      const stamp = nowIso(ctx.now())
      const id = newId()
      await saving(() =>
        db.insertInto('collections').values({ id, slug: body.slug, name: body.name, ...columns, created_by: actorId, created_at: stamp, updated_at: stamp }).execute(),
      )
      await replacePicks(id, body.events)
      return this.get(body.slug)
    },

    async update(slug: string, body: UpdateCollectionBody): Promise<Collection> {
      const r = await row(slug)
      const columns = await columnsOf(body)
      await saving(() => db.updateTable('collections').set({ ...columns, updated_at: nowIso(ctx.now()) }).where('id', '=', r.id).execute())
      await replacePicks(r.id, body.events)
      return this.get(body.slug ?? r.slug)
    },

    async remove(slug: string): Promise<void> {
      const r = await row(slug)
      await db.deleteFrom('collections').where('id', '=', r.id).execute()
    },
  }
}

export type CollectionsService = ReturnType<typeof createCollectionsService>
