// Calendar feeds (decision 029): which events each feed holds, and the personal feed's secret token.
// - Public feeds (organizer, place, city, collection) hold what a signed-out visitor may read (decision 015): COMMON
//   events the list would show (ACTIVE, not REJECTED, author not deactivated).
// - The personal feed holds the events its owner joined or organizes, whatever their access type (a
//   participant and the organizer may read them), with the same removal rules.
// - Cancelled events stay, marked STATUS:CANCELLED, so subscribed calendars show the cancellation.
// - At most CALENDAR_LIMITS.maxEvents events: upcoming first (soonest first), then those that ended within
//   CALENDAR_LIMITS.pastDays; the feed lists them by start.
import {
  CALENDAR_LIMITS,
  type CalendarCityQuery,
  EVENT_LIMITS,
  type IcalEvent,
  type Language,
  translateMessage,
} from '#contract'
import type { SelectQueryBuilder } from 'kysely'
import { isInactiveAccount, postsListedFor, postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db'
import type { Database } from '../../db/schema'
import { randomToken } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'
import { collectionBySlug, collectionMembers, type PostsFilter } from '../collections/membership'
import { cityName, DEFAULT_CITY, findCity } from '../cities/data'
import { categoriesText } from '../events/relations'
import { inCategories, withinKm } from '../events/filters'
import { postsInStartOrder } from '../events/time-order'

export interface FeedRow {
  id: string
  title: string
  description: string
  start_date: string | null
  end_date: string | null
  address: string
  lat: number
  lon: number
  sequence: number
  cancelled_at: string | null
  cancel_message: string | null
  created_at: string
  updated_at: string
  posted_by: string
  categories: string[]
  organizer: string
  attendance_mode: string
  online_url: string | null
  online_url_public: number
}

export interface Feed {
  /** The calendar's name (X-WR-CALNAME, the Atom title). */
  name: string
  description?: string
  events: FeedRow[]
  /** The newest change among the posts the feed considers (removed ones included): Last-Modified. */
  lastModified: string | null
}

/** Within `km` of a point: a bounding box on the (lat, lon) index, then the equirectangular distance. */
const later = (a: string | null, b: string | null | undefined) => (!b ? a : !a || b > a ? b : a)

export function createCalendarService(ctx: AppContext) {
  const { db } = ctx
  const webUrl = ctx.config.webUrl.replace(/\/+$/, '')

  /**
   * The feed's events: `scope` says which posts it is about, `visible` adds who may read them. Upcoming ones
   * first (soonest first), then those that ended within pastDays (latest first), read in start order through
   * the lists' indexes (events/time-order.ts). Last-Modified is the newest change in the scope alone, so a
   * post that was deleted, rejected or made private moves it too. `from` gives the posts to start from (a
   * person's few events instead of every post).
   */
  async function load(scope: PostsFilter, visible: PostsFilter, from?: () => SelectQueryBuilder<Database, 'posts', object>) {
    const fewRows = !!from
    const source = from ?? (() => db.selectFrom('posts'))
    const now = ctx.now()
    const nowIso = now.toISOString()
    const cutoff = new Date(now.getTime() - CALENDAR_LIMITS.pastDays * 86_400_000).toISOString()
    // Dated events that did not end more than pastDays ago.
    const inWindow = <O>(q: SelectQueryBuilder<Database, 'posts', O>) =>
      q
        .where('posts.event_type', '=', 'EVENT')
        .where('posts.start_date', 'is not', null)
        .where((eb) => eb(eb.fn.coalesce('posts.end_date', 'posts.start_date'), '>=', cutoff))
    const feedPosts = visible(scope(inWindow(source().selectAll('posts'))))
    const max = CALENDAR_LIMITS.maxEvents
    const [upcoming, changed] = await Promise.all([
      postsInStartOrder(db, feedPosts, { runningFrom: nowIso, fewRows }, { direction: 'asc', offset: 0, limit: max }),
      scope(inWindow(source()))
        .select('posts.updated_at as last')
        .orderBy('posts.updated_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ])
    const ended =
      upcoming.length < max
        ? await postsInStartOrder(db, feedPosts, { runningFrom: cutoff, endedBefore: nowIso, fewRows }, { direction: 'desc', offset: 0, limit: max - upcoming.length })
        : []
    const rows = [...upcoming, ...ended]
    rows.sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? '') || a.id.localeCompare(b.id))
    const ids = rows.map((r) => r.id)
    // Each event's categories and organizer in one statement.
    const details = ids.length
      ? await db
          .selectFrom('posts as p')
          .innerJoin('users as a', 'a.id', 'p.posted_by')
          .select(['p.id', 'a.name', 'a.lastname', categoriesText(db, 'p').as('categories')])
          .where('p.id', 'in', ids)
          .execute()
      : []
    const byPost = new Map(details.map((d) => [d.id, d.categories ? d.categories.split(',').sort() : []]))
    const names = new Map(details.map((d) => [d.id, `${d.name} ${d.lastname}`.trim()]))
    const events: FeedRow[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      start_date: r.start_date,
      end_date: r.end_date,
      address: r.address,
      cancelled_at: r.cancelled_at,
      cancel_message: r.cancel_message,
      created_at: r.created_at,
      updated_at: r.updated_at,
      posted_by: r.posted_by,
      sequence: Number(r.sequence ?? 0),
      lat: Number(r.lat),
      lon: Number(r.lon),
      categories: byPost.get(r.id) ?? [],
      organizer: names.get(r.id) ?? '',
      attendance_mode: r.attendance_mode,
      online_url: r.online_url,
      online_url_public: Number(r.online_url_public),
    }))
    return { events, lastModified: (changed?.last as string | null | undefined) ?? null }
  }

  /** An Atom feed's entries: the next events that have not ended, soonest first. */
  const upcoming = (events: FeedRow[]) => notEnded(events, ctx.now()).slice(0, CALENDAR_LIMITS.atomEntries)

  const publicOnly = <O>(q: SelectQueryBuilder<Database, 'posts', O>) => q.where(postsVisibleTo(null)).where('posts.access_type', '=', 'COMMON')

  /** The user behind a personal token, or null (unknown token, or the account is deactivated). */
  async function tokenOwner(token: string) {
    if (!token || token.length > 200) return null
    const row = await db
      .selectFrom('calendar_tokens')
      .innerJoin('users', 'users.id', 'calendar_tokens.user_id')
      .select(['users.id', 'users.disabled_at', 'users.deletion_requested_at', 'calendar_tokens.created_at'])
      .where('calendar_tokens.token', '=', token)
      .executeTakeFirst()
    if (!row || isInactiveAccount(row)) return null
    return row
  }

  async function newToken(userId: string, replace: boolean): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const token = randomToken(32)
      const created_at = new Date().toISOString()
      try {
        if (replace) {
          const res = await db.updateTable('calendar_tokens').set({ token, created_at }).where('user_id', '=', userId).executeTakeFirst()
          if (Number(res.numUpdatedRows) > 0) return token
        }
        await db.insertInto('calendar_tokens').values({ user_id: userId, token, created_at }).execute()
        return token
      } catch (error) {
        // Two first requests at once (the other one's token wins), or, never in practice, the same random token.
        if (!isUniqueViolation(error) || attempt >= 3) throw error
        if (!replace) {
          const existing = await db.selectFrom('calendar_tokens').select('token').where('user_id', '=', userId).executeTakeFirst()
          if (existing) return existing.token
        }
      }
    }
  }

  return {
    /** The event page of a post on the web, the URL of its VEVENT and Atom entry. */
    eventUrl: (id: string) => `${webUrl}/event/${encodeURIComponent(id)}`,
    /** The host of UIDs: the web's, the same as the event page's own .ics. */
    uidHost: new URL(webUrl).hostname,

    /** The signed-in user's token, made on first use. */
    async myToken(userId: string): Promise<string> {
      const row = await db.selectFrom('calendar_tokens').select('token').where('user_id', '=', userId).executeTakeFirst()
      return row?.token ?? newToken(userId, false)
    },

    /** A new token: the old address answers 404 from now on. */
    resetToken: (userId: string) => newToken(userId, true),

    async personal(token: string, language: Language): Promise<Feed> {
      const owner = await tokenOwner(token)
      if (!owner) throw new HttpError(404, 'notFound')
      const userId = owner.id
      // The events they organize or joined, found through those two indexes and read from there (CROSS JOIN
      // keeps SQLite from walking every upcoming event of the city to find theirs): a person's events, not the city's.
      const theirs = db
        .selectFrom('posts as own')
        .select('own.id')
        .where('own.posted_by', '=', userId)
        .union(db.selectFrom('post_participants').select('post_participants.post_id as id').where('post_participants.user_id', '=', userId))
        // The events of the fediverse actors they follow (decision 040).
        .union(
          db
            .selectFrom('follows')
            .innerJoin('posts as remote', 'remote.posted_by', 'follows.followee_id')
            .select('remote.id')
            .where('follows.follower_id', '=', userId)
            .where('remote.remote_object', 'is not', null),
        )
      const fromTheirs = () =>
        db.selectFrom(theirs.as('theirs')).crossJoin('posts').whereRef('posts.id', '=', 'theirs.id') as unknown as SelectQueryBuilder<Database, 'posts', object>
      const [feed, joined] = await Promise.all([
        load((q) => q, (q) => q.where(postsVisibleTo(null)), fromTheirs),
        db.selectFrom('post_participants').select((eb) => eb.fn.max('created_at').as('last')).where('user_id', '=', userId).executeTakeFirst(),
      ])
      return {
        name: translateMessage('calendarPersonalName', language),
        description: translateMessage('calendarPersonalDescription', language),
        events: feed.events,
        lastModified: later(later(feed.lastModified, joined?.last as string | null | undefined), owner.created_at),
      }
    },

    async organizer(userId: string, language: Language): Promise<Feed> {
      const user = await db
        .selectFrom('users')
        .select(['id', 'name', 'lastname', 'disabled_at', 'deletion_requested_at'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!user || isInactiveAccount(user)) throw new HttpError(404, 'notFound')
      const feed = await load((q) => q.where('posts.posted_by', '=', userId), publicOnly)
      const name = `${user.name} ${user.lastname}`.trim()
      return { name: translateMessage('calendarOrganizerName', language).replace('{user}', name), ...feed }
    },

    async place(placeId: string, language: Language): Promise<Feed> {
      const place = await db
        .selectFrom('posts')
        .select(['id', 'title', 'lat', 'lon'])
        .where('id', '=', placeId)
        .where('event_type', '=', 'PLACE')
        .where(postsVisibleTo(null))
        .executeTakeFirst()
      if (!place) throw new HttpError(404, 'notFound')
      const around = withinKm(Number(place.lat), Number(place.lon), CALENDAR_LIMITS.placeRadiusM / 1000)
      const feed = await load((q) => q.where(around).where(postsListedFor(null)), publicOnly)
      return { name: translateMessage('calendarPlaceName', language).replace('{place}', place.title), ...feed }
    },

    /** The list's city (50 km; Belgrade without one); an unknown city is 404 `cityNotFound`. */
    async city(q: CalendarCityQuery, language: Language, options: { upcomingOnly?: boolean } = {}): Promise<Feed & { city: string }> {
      const city = q.city ? findCity(q.city, q.country) : DEFAULT_CITY
      if (!city) throw new HttpError(404, 'cityNotFound', { city: ['cityNotFound'] })
      const around = withinKm(city.lat, city.lon, EVENT_LIMITS.radiusKm)
      const categories = q.categories ?? []
      const scope = <O>(query: SelectQueryBuilder<Database, 'posts', O>) => {
        let out = query.where(around).where(postsListedFor(null))
        if (categories.length) out = out.where(inCategories(categories))
        return out
      }
      const feed = await load(scope, publicOnly)
      if (options.upcomingOnly) feed.events = upcoming(feed.events)
      const name = cityName(city, language)
      const title = categories.length
        ? translateMessage('calendarCityCategoriesName', language).replace('{city}', name).replace('{categories}', categories.join(', '))
        : translateMessage('calendarCityName', language).replace('{city}', name)
      return { name: title, city: name, ...feed }
    },

    /** A collection's events (issue 43); its own changes (rules, picks, name) move Last-Modified too. */
    async collection(slug: string, language: Language, options: { upcomingOnly?: boolean } = {}): Promise<Feed & { slug: string }> {
      const collection = await collectionBySlug(db, slug)
      const members = await collectionMembers(db, ctx.dialect, collection)
      const feed = await load((q) => members(q.where(postsListedFor(null))), publicOnly)
      if (options.upcomingOnly) feed.events = upcoming(feed.events)
      return {
        name: translateMessage('calendarCollectionName', language).replace('{collection}', collection.name),
        ...(collection.description ? { description: collection.description } : {}),
        slug: collection.slug,
        events: feed.events,
        lastModified: later(feed.lastModified, collection.updated_at),
      }
    },

    /** A group's public events (issue 45): an active group's; its own changes (name, description) move Last-Modified. */
    async group(handle: string, language: Language, options: { upcomingOnly?: boolean } = {}): Promise<Feed & { handle: string }> {
      const group = await db.selectFrom('groups').selectAll().where('handle', '=', handle.toLowerCase()).where('status', '=', 'ACTIVE').executeTakeFirst()
      if (!group) throw new HttpError(404, 'notFound')
      const feed = await load((q) => q.where('posts.group_id', '=', group.id).where(postsListedFor(null)), publicOnly)
      if (options.upcomingOnly) feed.events = upcoming(feed.events)
      return {
        name: translateMessage('calendarGroupName', language).replace('{group}', group.name),
        ...(group.description ? { description: group.description } : {}),
        handle: group.handle,
        events: feed.events,
        lastModified: later(feed.lastModified, group.updated_at),
      }
    },
  }
}

export type CalendarService = ReturnType<typeof createCalendarService>

/** The feed's events that have not ended at `now` (a started one is still on), in the feed's order. */
export function notEnded(events: FeedRow[], now: Date): FeedRow[] {
  const at = now.getTime()
  return events.filter((e) => (e.end_date ? Date.parse(e.end_date) : Date.parse(e.start_date ?? '') + EVENT_LIMITS.defaultDurationMs) >= at)
}

/** How a feed says a row is online (issue 43), null in person: ONLINE or HYBRID in words, with the link when the
 * feed's reader takes part (`linkShown`: the personal feed) or the organizer shows it to everyone. */
export function onlineOf(row: FeedRow, language: Language, linkShown: boolean): IcalEvent['online'] {
  const mode = row.attendance_mode === 'ONLINE' || row.attendance_mode === 'HYBRID' ? row.attendance_mode : null
  if (!mode) return null
  return {
    mode,
    label: translateMessage(mode === 'ONLINE' ? 'calendarOnline' : 'calendarHybrid', language),
    url: linkShown || row.online_url_public === 1 ? row.online_url : null,
  }
}

/** A feed row as a VEVENT; `linkShown` as in onlineOf. */
export function toIcalEvent(row: FeedRow, url: string, language: Language, linkShown = false): IcalEvent {
  return {
    online: onlineOf(row, language, linkShown),
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    address: row.address,
    coordinates: [row.lon, row.lat],
    categories: row.categories,
    url,
    updatedAt: row.updated_at,
    dtstamp: row.updated_at,
    sequence: row.sequence,
    cancelledAt: row.cancelled_at,
    cancelMessage: row.cancel_message,
  }
}
