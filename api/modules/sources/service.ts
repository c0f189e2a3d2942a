// Calendar sources (issue 42, decision 049): a person's calendars imported as their events. The owner adds, sees,
// syncs and removes them; moderators see everyone's, trust a source (its events skip review) or pause it.
// Removing a source keeps the events it imported (they are the owner's; the link goes).
import { can, type Language, type Role, SOURCE_LIMITS, type Source, type SourceCounts, translateMessage, type createSourceBodySchema, type updateSourceBodySchema, isMessageCode } from '#contract'
import type { z } from 'zod'
import type { Selectable } from 'kysely'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import type { CalendarSourcesTable } from '../../db/schema'
import { newId } from '../../lib/crypto'
import { HttpError, validationError } from '../../lib/errors'
import { toUserSummary } from '../users/dto'
import type { SkippedItem } from './feed'
import { createSourceSync, type SyncOutcome } from './sync'

export interface SourceViewer {
  id: string
  role: Role
}

type SourceRow = Selectable<CalendarSourcesTable>
type CreateSource = z.output<typeof createSourceBodySchema>
type UpdateSource = z.output<typeof updateSourceBodySchema>

export function createSourcesService(ctx: AppContext) {
  const { db } = ctx
  const syncer = createSourceSync(ctx)

  async function toDtos(rows: SourceRow[], language: Language): Promise<Source[]> {
    if (rows.length === 0) return []
    const owners = await db
      .selectFrom('users')
      .select(['id', 'name', 'lastname', 'username', 'avatar_name', 'avatar_path'])
      .where('id', 'in', [...new Set(rows.map((r) => r.owner_id))])
      .execute()
    const ownerOf = new Map(owners.map((o) => [o.id, toUserSummary(o, ctx.config.publicUrl)]))
    const counted = await db
      .selectFrom('posts')
      .select((eb) => ['source_id', eb.fn.countAll<number>().as('n')])
      .where('source_id', 'in', rows.map((r) => r.id))
      .where('post_status', '=', 'ACTIVE')
      .groupBy('source_id')
      .execute()
    const countOf = new Map(counted.map((c) => [c.source_id, Number(c.n)]))
    const text = (code: string) => (isMessageCode(code) ? translateMessage(code, language) : code)
    return rows.map((row) => ({
      id: row.id,
      url: row.url,
      name: row.name,
      owner: ownerOf.get(row.owner_id)!,
      categories: JSON.parse(row.categories) as string[],
      place:
        row.place_address !== null && row.place_lat !== null && row.place_lon !== null
          ? { address: row.place_address, coordinates: [row.place_lon, row.place_lat] as [number, number] }
          : null,
      trusted: Number(row.trusted) === 1,
      paused: Number(row.paused) === 1,
      lastSyncAt: row.last_sync_at,
      lastOutcome: (row.last_outcome as Source['lastOutcome']) ?? null,
      lastError: row.last_error ? text(row.last_error) : null,
      counts: { new: 0, changed: 0, cancelled: 0, removed: 0, ...(JSON.parse(row.counts) as Partial<SourceCounts>) },
      skipped: (JSON.parse(row.skipped) as SkippedItem[]).map((s) => ({ ref: s.ref, reason: text(s.reason) })),
      eventCount: countOf.get(row.id) ?? 0,
      nextSyncAt: row.next_sync_at,
      createdAt: row.created_at,
    }))
  }

  /** The source if the viewer may see it (its owner or a moderator); else 404, so others learn nothing. */
  async function visible(id: string, viewer: SourceViewer): Promise<SourceRow> {
    const row = await db.selectFrom('calendar_sources').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row || (row.owner_id !== viewer.id && !can(viewer.role, 'moderate'))) throw new HttpError(404, 'notFound')
    return row
  }

  async function reloaded(id: string, language: Language): Promise<Source> {
    const row = await db.selectFrom('calendar_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    return (await toDtos([row], language))[0]!
  }

  const placeColumns = (place: UpdateSource['place']) =>
    place === undefined
      ? {}
      : place === null
        ? { place_address: null, place_lat: null, place_lon: null }
        : { place_address: place.address, place_lon: place.coordinates[0], place_lat: place.coordinates[1] }

  return {
    async list(viewer: SourceViewer, all: boolean, language: Language): Promise<Source[]> {
      if (all && !can(viewer.role, 'moderate')) throw new HttpError(403, 'forbidden')
      let query = db.selectFrom('calendar_sources').selectAll().orderBy('created_at', 'desc').orderBy('id')
      if (!all) query = query.where('owner_id', '=', viewer.id)
      return toDtos(await query.limit(500).execute(), language)
    },

    async get(id: string, viewer: SourceViewer, language: Language): Promise<Source> {
      return (await toDtos([await visible(id, viewer)], language))[0]!
    },

    /** Adds a calendar and runs its first sync at once; the answer says how it went. */
    async create(body: CreateSource, viewer: SourceViewer, language: Language): Promise<Source> {
      const { url, categories, place } = body
      const owned = await db.selectFrom('calendar_sources').select(['url']).where('owner_id', '=', viewer.id).execute()
      if (owned.some((s) => s.url === url)) throw validationError({ url: ['sourceExists'] })
      if (owned.length >= SOURCE_LIMITS.perOwner) throw validationError({ url: ['sourceLimit'] })
      const id = newId()
      const stamp = nowIso(ctx.now())
      const inserted = await db
        .insertInto('calendar_sources')
        .values({ id, owner_id: viewer.id, url, categories: JSON.stringify(categories ?? []), ...placeColumns(place), next_sync_at: stamp, created_at: stamp, updated_at: stamp })
        .onConflict((oc) => oc.columns(['owner_id', 'url']).doNothing())
        .executeTakeFirst()
      // The same address added a moment ago by another request (a double press, two instances): that one imports it.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw validationError({ url: ['sourceExists'] })
      await syncer.sync(id)
      return reloaded(id, language)
    },

    async update(id: string, body: UpdateSource, viewer: SourceViewer, language: Language): Promise<Source> {
      const row = await visible(id, viewer)
      const { categories, place, trusted, paused } = body
      if ((trusted !== undefined || paused !== undefined) && !can(viewer.role, 'moderate')) throw new HttpError(403, 'forbidden')
      if (row.owner_id !== viewer.id && (categories !== undefined || place !== undefined)) throw new HttpError(403, 'forbidden')
      await db
        .updateTable('calendar_sources')
        .set({
          ...(categories !== undefined ? { categories: JSON.stringify(categories) } : {}),
          ...placeColumns(place),
          // New defaults apply to the events already imported: the next sync reads the whole calendar again.
          ...(categories !== undefined || place !== undefined ? { etag: null, last_modified: null } : {}),
          ...(trusted !== undefined ? { trusted: trusted ? 1 : 0 } : {}),
          ...(paused !== undefined ? { paused: paused ? 1 : 0 } : {}),
          updated_at: nowIso(ctx.now()),
        })
        .where('id', '=', id)
        .execute()
      return reloaded(id, language)
    },

    /** The source goes; the events it imported stay the owner's. */
    async remove(id: string, viewer: SourceViewer): Promise<void> {
      await visible(id, viewer)
      await db.deleteFrom('calendar_sources').where('id', '=', id).execute()
    },

    async syncNow(id: string, viewer: SourceViewer, language: Language): Promise<Source> {
      const row = await visible(id, viewer)
      if (Number(row.paused) === 1) throw new HttpError(400, 'sourcePaused')
      await syncer.sync(id)
      return reloaded(id, language)
    },

    /** The scheduled syncs (a job, once across instances): every due source that is not paused, oldest first. */
    async syncDue(limit = 20): Promise<{ synced: number; outcomes: SyncOutcome['outcome'][] }> {
      const due = await db
        .selectFrom('calendar_sources as s')
        .innerJoin('users as u', 'u.id', 's.owner_id')
        .select('s.id')
        .where('s.paused', '=', 0)
        .where('s.next_sync_at', '<=', nowIso(ctx.now()))
        // An account that is disabled or asked to be deleted imports nothing more.
        .where('u.disabled_at', 'is', null)
        .where('u.deletion_requested_at', 'is', null)
        .orderBy('s.next_sync_at')
        .limit(limit)
        .execute()
      const outcomes: SyncOutcome['outcome'][] = []
      for (const { id } of due) outcomes.push((await syncer.sync(id)).outcome)
      return { synced: outcomes.length, outcomes }
    },

    close: () => syncer.close(),
  }
}
