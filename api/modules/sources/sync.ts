// One sync of a calendar source (decision 049): the feed fetched through the outbound fetch (public addresses,
// 10 MB, redirects checked) with a conditional GET, read, placed (coordinates, else the address geocoded, else the
// source's default place), then compared with what it imported before and written in ONE transaction with the
// source's outcome — a sync that dies leaves nothing half done. Its participants hear of moves and cancellations
// as they do of the organizer's own, after the commit.
import { CATEGORIES, type Category, LIMITS, SOURCE_LIMITS, type SourceCounts } from '#contract'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import type { CalendarSourcesTable, PostRow } from '../../db/schema'
import { lockedRows, writeTransaction } from '../../db/transaction'
import type { DomainEvent } from '../../lib/domain-events'
import { newId } from '../../lib/crypto'
import { BodyTooLargeError, createOutboundFetch, RefusedAddressError } from '../../lib/outbound-fetch'
import type { Selectable } from 'kysely'
import { backToReview, datesChanged, eventFromElsewhere, insertEvent, movedColumns, replaceCategories, type StoredPhoto } from '../events/repository'
import { geocoderOf } from '../geo/service'
import { type FeedItem, FeedError, type ParsedFeed, type SkippedItem } from './feed'
import { readICalendar } from './ical-feed'
import { readPage } from './page-feed'

type SourceRow = Selectable<CalendarSourcesTable>

export interface SyncOutcome {
  outcome: 'OK' | 'NOT_MODIFIED' | 'ERROR'
  counts: SourceCounts
  skipped: SkippedItem[]
  error: string | null
}

/** Photos (ATTACH images) downloaded in one sync at most; an image is read up to 10 MB. */
const PHOTOS_PER_SYNC = 30
const PHOTO_MAX_BYTES = 10 * 1024 * 1024
/** The time a sync spends on photos at most (the first sync answers POST /sources). */
const PHOTOS_TIME_MS = 20_000

/** Addresses looked up in one sync at most (the geocoder answers one a second). */
const GEOCODER_LOOKUPS_PER_SYNC = 20

const NO_COUNTS: SourceCounts = { new: 0, changed: 0, cancelled: 0, removed: 0 }

/** When a source is next due: an hour after a sync, doubling with each failure in a row up to a day. */
export function nextSyncAfter(now: Date, failures: number): string {
  const minutes = Math.min(SOURCE_LIMITS.intervalMinutes * 2 ** failures, SOURCE_LIMITS.maxBackoffMinutes)
  return new Date(now.getTime() + minutes * 60_000).toISOString()
}

/** Our categories a feed's words name (an id or its singular, any case). */
function categoriesOf(words: string[]): Category[] {
  const found = new Set<Category>()
  for (const word of words) {
    const w = word.toLowerCase().replace(/\s+/g, '')
    const match = CATEGORIES.find((c) => c.toLowerCase() === w || c.toLowerCase() === `${w}s`)
    if (match) found.add(match)
  }
  return [...found]
}

/** An item with the place it is put at. */
interface Placed extends FeedItem {
  address: string
  coordinates: [number, number]
  /** At the source's default place: its own address was not found. */
  atDefault: boolean
}

export function createSourceSync(ctx: AppContext) {
  const outbound = createOutboundFetch({
    allowPrivate: ctx.config.allowPrivateAddresses,
    timeoutMs: 30_000,
    maxBytes: SOURCE_LIMITS.maxBytes,
    userAgent: `Nearby/1.1.3 (calendar import; +${ctx.config.publicUrl})`,
  })
  const photoFetch = createOutboundFetch({
    allowPrivate: ctx.config.allowPrivateAddresses,
    timeoutMs: 20_000,
    maxBytes: PHOTO_MAX_BYTES,
    userAgent: `Nearby/1.1.3 (calendar import; +${ctx.config.publicUrl})`,
  })
  const geocoder = geocoderOf(ctx)

  /**
   * The photos of events new to us (their ATTACH images, up to an event's limit), stored through the image pipeline
   * as an organizer's uploads are; an image that cannot be fetched or read is left out. Photos come with the first
   * import only: later syncs keep the event's photos as they are.
   */
  async function photosFor(items: Placed[], imported: Set<string>): Promise<Map<string, StoredPhoto[]>> {
    const out = new Map<string, StoredPhoto[]>()
    let budget = PHOTOS_PER_SYNC
    const deadline = Date.now() + PHOTOS_TIME_MS
    for (const item of items) {
      if (imported.has(item.key) || item.images.length === 0) continue
      const photos: StoredPhoto[] = []
      for (const url of item.images.slice(0, LIMITS.eventImages)) {
        if (budget-- <= 0 || Date.now() > deadline) break
        try {
          const response = await photoFetch(url, { headers: { accept: 'image/*' } })
          if (!response.ok) continue
          const [saved] = await ctx.images.saveAll('posts', [Buffer.from(await response.arrayBuffer())])
          if (saved) photos.push({ name: saved.name, path: saved.path, thumb_path: saved.thumbPath })
        } catch (error) {
          // An address may carry a secret (a private calendar's link, a signed image URL): only its host is logged.
          ctx.log.info({ host: new URL(url).host, err: (error as Error).name }, 'calendar source: a photo was not imported')
        }
      }
      if (photos.length) out.set(item.key, photos)
    }
    return out
  }

  /** The feed's text, or null when the copy we read last is still current (304). */
  async function fetchFeed(source: SourceRow): Promise<{ text: string; etag: string | null; lastModified: string | null } | null> {
    const headers: Record<string, string> = { accept: 'text/calendar, application/calendar+json;q=0.5, text/html;q=0.4, */*;q=0.1' }
    if (source.etag) headers['if-none-match'] = source.etag
    if (source.last_modified) headers['if-modified-since'] = source.last_modified
    let response: Response
    try {
      response = await outbound(source.url, { headers })
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new FeedError('importTooLarge')
      if (error instanceof RefusedAddressError) throw new FeedError('importAddressRefused')
      throw new FeedError('importUnreachable')
    }
    if (response.status === 304) return null
    if (!response.ok) throw new FeedError(response.status >= 500 ? 'importUnreachable' : 'importRefusedByServer')
    return { text: await response.text(), etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
  }

  /** An iCalendar feed, else a page's schema.org Events or h-events; anything else is refused. */
  function read(text: string, url: string): ParsedFeed {
    const options = { now: ctx.now(), timeZone: ctx.config.timeZone, maxEvents: SOURCE_LIMITS.maxEvents }
    try {
      if (/BEGIN:VCALENDAR/i.test(text.slice(0, 4096))) return readICalendar(text, options)
      if (/<(!doctype html|html|head|body)[\s>]/i.test(text.slice(0, 4096))) return readPage(text, url, options)
    } catch (error) {
      if (error instanceof FeedError) throw error
      // A parser's own failure on a text it could not take: the person hears it is no calendar we can read.
      ctx.log.warn({ err: error, host: new URL(url).host }, 'calendar source: the feed could not be read')
    }
    throw new FeedError('importNotCalendar')
  }

  /** The calendar's own name: X-WR-CALNAME, or a page's title. */
  function nameOf(text: string): string | null {
    const name = /^X-WR-CALNAME:(.*)$/im.exec(text)?.[1] ?? /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]
    return name?.trim().replace(/\s+/g, ' ').slice(0, 200) || null
  }

  /**
   * Where each item goes: its coordinates; else where an earlier sync put the same address; else its address
   * geocoded (one request a second, shared with the address search); else the source's place; else skipped.
   */
  /** Each item placed: its GEO, its address's coordinates (`known`: what earlier syncs found, undefined for an
   * address not found), else the source's default place; else skipped with the reason. */
  async function place(source: SourceRow, items: FeedItem[], known: Map<string, [number, number] | undefined>, skipped: SkippedItem[]): Promise<Placed[]> {
    const found = new Map<string, [number, number] | undefined>(known)
    const out: Placed[] = []
    let lookups = 0
    for (const item of items) {
      if (item.coordinates) {
        out.push({ ...item, address: item.address ?? source.place_address ?? item.coordinates.slice().reverse().join(', '), coordinates: item.coordinates, atDefault: false })
        continue
      }
      let coordinates = item.address ? found.get(item.address) : undefined
      if (item.address && !coordinates && !found.has(item.address)) {
        // At one request a second, a calendar of new addresses would keep its sync (and the POST that adds it)
        // waiting for minutes: the rest wait for the next sync, which finds the first ones in the cache.
        if (lookups >= GEOCODER_LOOKUPS_PER_SYNC) {
          skipped.push({ ref: item.title, reason: 'importPlaceLater' })
          continue
        }
        lookups++
        const answer = await geocoder.search(item.address, 'en').catch(() => null)
        const first = answer && answer.source !== 'cities' ? answer.items[0] : undefined
        coordinates = first ? [Number(first.lon), Number(first.lat)] : undefined
        // Not found is remembered too: the same address is asked once per sync.
        found.set(item.address, coordinates)
      }
      if (coordinates) {
        out.push({ ...item, address: item.address ?? source.place_address ?? '', coordinates, atDefault: false })
        continue
      }
      if (source.place_lat === null || source.place_lon === null) {
        skipped.push({ ref: item.title, reason: 'importNoPlace' })
        continue
      }
      out.push({ ...item, address: item.address ?? source.place_address ?? '', coordinates: [source.place_lon, source.place_lat], atDefault: true })
    }
    return out
  }

  /** Runs one sync of the source; its outcome is stored on the source and answered. */
  async function sync(sourceId: string): Promise<SyncOutcome> {
    const source = await ctx.db.selectFrom('calendar_sources').selectAll().where('id', '=', sourceId).executeTakeFirst()
    if (!source) throw new Error(`no source ${sourceId}`)
    const now = ctx.now()
    let fetched: Awaited<ReturnType<typeof fetchFeed>>
    let parsed: ParsedFeed
    try {
      fetched = await fetchFeed(source)
      if (!fetched) {
        await ctx.db
          .updateTable('calendar_sources')
          .set({ last_sync_at: nowIso(now), last_outcome: 'NOT_MODIFIED', last_error: null, failures: 0, next_sync_at: nextSyncAfter(now, 0), updated_at: nowIso(now) })
          .where('id', '=', source.id)
          .execute()
        return { outcome: 'NOT_MODIFIED', counts: NO_COUNTS, skipped: [], error: null }
      }
      parsed = read(fetched.text, source.url)
    } catch (error) {
      if (!(error instanceof FeedError)) throw error
      const failures = Number(source.failures) + 1
      await ctx.db
        .updateTable('calendar_sources')
        .set({ last_sync_at: nowIso(now), last_outcome: 'ERROR', last_error: error.code, failures, next_sync_at: nextSyncAfter(now, failures), updated_at: nowIso(now) })
        .where('id', '=', source.id)
        .execute()
      return { outcome: 'ERROR', counts: NO_COUNTS, skipped: [], error: error.code }
    }
    const name = nameOf(fetched.text)
    const before = await ctx.db
      .selectFrom('posts')
      .select(['source_key', 'address', 'lon', 'lat', 'source_default_place'])
      .where('source_id', '=', source.id)
      .execute()
    // Addresses earlier syncs looked up: where they were found, or not found (those events sat at the default place).
    const known = new Map<string, [number, number] | undefined>()
    for (const row of before)
      if (!Number(row.source_default_place)) known.set(row.address, [row.lon, row.lat])
      else if (!known.has(row.address)) known.set(row.address, undefined)
    const skipped = [...parsed.skipped]
    const items = await place(source, dedupe(parsed.items), known, skipped)
    const photos = await photosFor(items, new Set(before.map((row) => row.source_key!)))
    const unused = (keys: Iterable<string>) => [...keys].flatMap((key) => (photos.get(key) ?? []).flatMap((p) => [p.path, p.thumb_path]))
    const defaults = JSON.parse(source.categories) as Category[]
    const counts: SourceCounts = { new: 0, changed: 0, cancelled: 0, removed: 0 }
    const news: DomainEvent[] = []
    const created: string[] = []
    const inserted = new Set<string>()
    try {
      await writeTransaction(ctx, async (work) => {
        const trx = work.db
        // Syncs of one source take turns (two instances' "sync now", or the job and a "sync now"): the later one
        // reads what the earlier one wrote and finds it done, so participants hear of a change once. On SQLite,
        // BEGIN IMMEDIATE already runs one write transaction at a time.
        await lockedRows(work.dialect, trx.selectFrom('calendar_sources').select('id').where('id', '=', source.id)).execute()
        const stamp = nowIso(ctx.now())
        const rows = await trx.selectFrom('posts').selectAll().where('source_id', '=', source.id).execute()
        const byKey = new Map(rows.map((row) => [row.source_key!, row]))
        // Each imported event's categories, to see when the source's defaults (or the calendar's own) changed.
        const categoriesNow = new Map<string, string[]>()
        if (rows.length)
          for (const { post_id, category } of await trx
            .selectFrom('post_categories as c')
            .innerJoin('posts as p', 'p.id', 'c.post_id')
            .select(['c.post_id', 'c.category'])
            .where('p.source_id', '=', source.id)
            .execute())
            categoriesNow.set(post_id, [...(categoriesNow.get(post_id) ?? []), category])
        // Still in the calendar, placed or not (an event skipped this time, say for its place, is not gone).
        const present = new Set(parsed.items.map((item) => item.key))
        for (const item of items) {
          const categories = [...new Set([...defaults, ...categoriesOf(item.categories)])]
          const row = byKey.get(item.key)
          if (!row) {
            const id = newId()
            const added = await insertEvent(trx, {
              row: {
                id,
                title: item.title,
                description: item.description,
                start_date: item.startDate,
                end_date: item.endDate,
                address: item.address,
                lon: item.coordinates[0],
                lat: item.coordinates[1],
                ...onlineColumns(item),
                // Imported events are reviewed as new events are, unless a moderator trusts the source.
                ...eventFromElsewhere(source.owner_id, { approved: Number(source.trusted) === 1 }),
                cancelled_at: item.cancelled ? stamp : null,
                source_id: source.id,
                source_key: item.key,
                source_default_place: item.atDefault ? 1 : 0,
                created_at: stamp,
                updated_at: stamp,
              },
              categories,
              photos: photos.get(item.key) ?? [],
              // Another sync of this source may have imported it a moment ago.
              unlessTaken: 'sourceKey',
            })
            if (!added) continue
            inserted.add(item.key)
            counts.new++
            created.push(id)
            continue
          }
          // Deleted here (by its organizer or a moderator): it stays deleted whatever the calendar says.
          if (row.post_status !== 'ACTIVE') continue
          const recategorized = !sameSet(categoriesNow.get(row.id) ?? [], categories)
          const change = changeOf(row, item, stamp, Number(source.trusted) === 1, recategorized)
          if (!change) continue
          await trx.updateTable('posts').set(change.columns).where('id', '=', row.id).execute()
          if (recategorized) await replaceCategories(trx, row.id, categories)
          if (change.cancelled) counts.cancelled++
          else counts.changed++
          news.push({ type: change.cancelled ? 'eventCancelled' : change.moved ? 'eventMoved' : 'updatePost', postId: row.id, userFrom: source.owner_id })
        }
        // Gone from the calendar: cancelled when people planned to come, else removed (ended ones stay as they were).
        for (const row of rows) {
          if (present.has(row.source_key!) || row.post_status !== 'ACTIVE' || row.ends_at < stamp) continue
          const participant = await trx.selectFrom('post_participants').select('user_id').where('post_id', '=', row.id).executeTakeFirst()
          if (participant) {
            if (row.cancelled_at) continue
            await trx.updateTable('posts').set((eb) => ({ cancelled_at: stamp, sequence: eb('sequence', '+', 1), updated_at: stamp })).where('id', '=', row.id).execute()
            counts.cancelled++
            news.push({ type: 'eventCancelled', postId: row.id, userFrom: source.owner_id })
          } else {
            await trx.updateTable('posts').set({ post_status: 'DELETED', updated_at: stamp }).where('id', '=', row.id).execute()
            counts.removed++
            news.push({ type: 'postRemoved', postId: row.id, userFrom: source.owner_id })
          }
        }
        await trx
          .updateTable('calendar_sources')
          .set({
            name,
            etag: fetched.etag,
            last_modified: fetched.lastModified,
            last_sync_at: stamp,
            last_outcome: 'OK',
            last_error: null,
            counts: JSON.stringify(counts),
            skipped: JSON.stringify(skipped.slice(0, SOURCE_LIMITS.skippedShown)),
            failures: 0,
            next_sync_at: nextSyncAfter(now, 0),
            updated_at: stamp,
          })
          .where('id', '=', source.id)
          .execute()
        // Told inside the transaction (decision 032): participants' notifications and webhook messages are written
        // with the sync and sent after its commit; the fediverse hears of every change. New events ring no
        // follower's bell (a calendar arrives in batches); they are in the lists, feeds and fediverse.
        if (created.length) await ctx.domainEvents.emit({ type: 'postsImported', userFrom: source.owner_id, postIds: created }, work)
        for (const event of news) await ctx.domainEvents.emit(event, work)
      })
    } catch (error) {
      // Nothing was written: the photos stored for it go too.
      await ctx.images.remove(unused(photos.keys()))
      throw error
    }
    await ctx.images.remove(unused([...photos.keys()].filter((key) => !inserted.has(key))))
    return { outcome: 'OK', counts, skipped, error: null }
  }

  return { sync, close: async () => void (await Promise.all([outbound.close(), photoFetch.close()])) }
}

/** How people take part in an imported event: a calendar published its link, so everyone may see it. */
function onlineColumns(item: Pick<FeedItem, 'online'>) {
  return { attendance_mode: item.online?.mode ?? 'IN_PERSON', online_url: item.online?.url ?? null, online_url_public: item.online ? 1 : 0 }
}

/** A feed that names the same event twice keeps its last. */
function dedupe(items: FeedItem[]): FeedItem[] {
  return [...new Map(items.map((item) => [item.key, item])).values()]
}

/** What a sync changes in an imported event, or null when the calendar says what we have. */
const sameSet = (a: string[], b: string[]) => a.length === b.length && b.every((x) => a.includes(x))

/** What a sync changes in an imported event (null: nothing); `recategorized`: its categories differ now. */
function changeOf(row: PostRow, item: Placed, stamp: string, trusted: boolean, recategorized: boolean) {
  const moved = datesChanged(row, item.startDate, item.endDate)
  const online = onlineColumns(item)
  // A new link to take part is reviewed as new words are.
  const reworded =
    row.title !== item.title || row.description !== item.description || row.address !== item.address || row.online_url !== online.online_url || row.attendance_mode !== online.attendance_mode
  const relocated = row.lon !== item.coordinates[0] || row.lat !== item.coordinates[1]
  const cancelled = item.cancelled && !row.cancelled_at
  const restored = !item.cancelled && !!row.cancelled_at
  if (!moved && !reworded && !relocated && !cancelled && !restored && !recategorized) return null
  return {
    moved,
    cancelled,
    columns: {
      title: item.title,
      description: item.description,
      address: item.address,
      lon: item.coordinates[0],
      lat: item.coordinates[1],
      ...online,
      source_default_place: item.atDefault ? 1 : 0,
      start_date: item.startDate,
      end_date: item.endDate,
      cancelled_at: item.cancelled ? (row.cancelled_at ?? stamp) : null,
      ...(reworded && !trusted ? backToReview(row, { words: true, photos: false }, 'organizer') : {}),
      ...(moved && row.start_date ? movedColumns(row, stamp) : moved || cancelled || restored ? { sequence: Number(row.sequence) + 1 } : {}),
      updated_at: stamp,
    },
  }
}
