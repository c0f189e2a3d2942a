// Lists and reads of posts (SPEC §7 Events): one post, the lists near a city (tabs, dates, categories,
// pages), a user's posts and the widget. Lists filter with the access policy's postsVisibleTo.
import { dayInZone, daysOfMonth, type Event, EVENT_LIMITS, type EventListQuery, type EventMonth, type EventMonthQuery, type GeoFilter, type Language, MONTH_LIMITS, shiftMonth, todayInZone, zonedToIso } from '#contract'
import { type SelectQueryBuilder, sql } from 'kysely'
import { postsListedFor, postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, dialectOf, nowIso } from '../../db'
import { addError, type FieldErrors, HttpError, validationError } from '../../lib/errors'
import { assertReachable, hasNextPage } from '../../lib/paging'
import { hasAccessibility, inCategories, withinKm } from './filters'
import { cityName, countryName, DEFAULT_CITY, findCity, type CityRecord } from '../cities/data'
import { toEventDto, toEventDtos } from './dto'
import { type Viewer } from './relations'
import type { PostRows } from './rows'
import type { Database, PostRow } from '../../db/schema'
import { createSeriesService } from '../series/service'
import { monthRowsFrom, postsInStartOrder, postsRunningAt, START_SORT_SQL, type TimeWindow } from './time-order'

/** Whole UTC days for YYYY-MM-DD, else the instant as given; null when unreadable. */
function parseRangeDate(value: string | undefined, edge: 'start' | 'end'): string | null | undefined {
  if (!value) return undefined
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`)
    return Number.isNaN(d.getTime()) ? null : d.toISOString()
  }
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

export function createEventLists(ctx: AppContext, rows: PostRows) {
  const seriesService = createSeriesService(ctx)
  const db: Db = ctx.db
  const { config } = ctx
  const publicUrl = config.publicUrl
  const { readableRow } = rows

  /**
   * The lists' and the month's narrowing by what the reader asked: categories; online (issue 43: events people can
   * take part in online, whether or not also in a place); every accessibility feature asked for.
   */
  function narrowed<O>(query: SelectQueryBuilder<Database, 'posts', O>, q: Pick<EventListQuery, 'categories' | 'online' | 'accessibility'>) {
    let out = query
    if (q.categories?.length) out = out.where(inCategories(q.categories))
    if (q.online) out = out.where('posts.attendance_mode', 'in', ['ONLINE', 'HYBRID'])
    for (const feature of q.accessibility ?? []) out = out.where(hasAccessibility(dialectOf(db), feature))
    return out
  }

  function resolveGeo(
    q: Pick<EventListQuery, 'city' | 'country' | 'lat' | 'lon'>,
    language: Language,
  ): GeoFilter & { cityId?: string } {
    let city: CityRecord | null = null
    if (q.city) city = findCity(q.city, q.country)
    if (q.lat !== undefined && q.lon !== undefined) {
      return {
        city: city ? cityName(city, language) : (q.city ?? ''),
        country: city ? countryName(city.countryCode, language) : (q.country ?? ''),
        coordinates: [q.lon, q.lat],
      }
    }
    const c = city ?? DEFAULT_CITY
    return {
      city: cityName(c, language),
      country: countryName(c.countryCode, language),
      coordinates: [c.lon, c.lat],
      cityId: c.id,
    }
  }

  return {
    async get(id: string, viewer: Viewer | null): Promise<Event> {
      const { row, rel } = await readableRow(id, viewer)
      const series = await seriesService.ofPost(row)
      const dto = { ...toEventDto(row, rel, viewer, publicUrl), ...(series ? { series } : {}) }
      if (!ctx.federation) return dto
      // What the fediverse adds: a place's handle, and likes and boosts from other servers.
      const [presence, reactions] = await Promise.all([
        row.event_type === 'PLACE' ? ctx.federation.presence({ kind: 'place', id: row.id }) : null,
        db.selectFrom('federation_reactions').select(['kind', (eb) => eb.fn.countAll<number>().as('n')]).where('post_id', '=', row.id).groupBy('kind').execute(),
      ])
      const count = (kind: string) => Number(reactions.find((r) => r.kind === kind)?.n ?? 0)
      return { ...dto, ...(presence ? { fediverse: presence } : {}), fediverseLikes: count('LIKE'), fediverseBoosts: count('ANNOUNCE') }
    },

    async list(q: EventListQuery, viewer: Viewer | null, language: Language) {
      const errors: FieldErrors = {}
      const rangeStart = parseRangeDate(q.startDate, 'start')
      const rangeEnd = parseRangeDate(q.endDate, 'end')
      if (rangeStart === null) addError(errors, 'startDate', 'invalidDate')
      if (rangeEnd === null) addError(errors, 'endDate', 'invalidDate')
      if (q.filter === 'my' && !viewer)
        throw new HttpError(401, 'unauthorized', {}, { 'www-authenticate': 'Bearer' })
      if (Object.keys(errors).length) throw validationError(errors)
      const size = EVENT_LIMITS.pageSize
      assertReachable({ page: q.page, pageSize: size })
      const { cityId, ...geo }: GeoFilter & { cityId?: string } = resolveGeo(q, language)
      // A city's list (not a point's): the city's handle on the fediverse.
      if (cityId && ctx.federation && q.filter !== 'my') geo.fediverse = await ctx.federation.presence({ kind: 'city', id: cityId })
      const [lon0, lat0] = geo.coordinates
      const isPlace = q.eventType === 'PLACE'
      const order = { direction: 'asc' as 'asc' | 'desc', offset: (q.page - 1) * size, limit: size + 1 }

      let query = db.selectFrom('posts').selectAll().where('event_type', '=', q.eventType)
      const window: TimeWindow = {}
      if (q.filter === 'my' && viewer) {
        query = query.where('posted_by', '=', viewer.id).where(postsVisibleTo(viewer))
      } else {
        // Discovery lists show what a signed-out visitor may see, plus the fediverse events of the actors the
        // viewer follows (decision 040).
        query = query
          .where(postsVisibleTo(null))
          .where(withinKm(lat0, lon0, EVENT_LIMITS.radiusKm))
          .where(postsListedFor(viewer))
        const now = nowIso()
        if (!isPlace && q.filter === 'now') {
          // Running at this moment, ending soonest first; a cancelled event is not on (dates do not apply).
          const running = await postsRunningAt(db, query.where('cancelled_at', 'is', null), now, order)
          return listPage(running)
        }
        if (!isPlace && q.filter === 'completed') {
          window.endedBefore = now
          order.direction = 'desc'
        } else if (!isPlace) window.runningFrom = now
        // The city's lists: on PostgreSQL each range a statement of its own (measured cheaper, time-order.ts).
        window.rangesApart = true
      }
      if (!isPlace && (rangeStart || rangeEnd)) {
        if (rangeEnd) window.startsBy = rangeEnd
        if (rangeStart) {
          query = query.where((eb) => eb(eb.fn.coalesce('end_date', 'start_date'), '>=', rangeStart))
          // ends_at is never before the end (or start), so it bounds the index range as well.
          if (!window.runningFrom || rangeStart > window.runningFrom) window.runningFrom = rangeStart
        }
        query = query.where('start_date', 'is not', null)
      }
      query = narrowed(query, q)
      // Places: newest first. Events: by start, undated last (completed: latest first), through the
      // start-order indexes (time-order.ts).
      const rows = isPlace
        ? await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(order.limit).offset(order.offset).execute()
        : await postsInStartOrder(db, query, window, order)
      return listPage(rows)

      async function listPage(rows: PostRow[]) {
        return {
          events: await toEventDtos(db, rows.slice(0, size), viewer, publicUrl),
          geo,
          page: q.page,
          pageSize: size,
          hasMore: hasNextPage({ page: q.page, pageSize: size }, rows.length > size),
        }
      }
    },

    /**
     * GET /event/month: each day of a month in the site's zone with the first events running on it (by start; one
     * that lasts days is on each) and how many more, for the city and categories of the lists.
     */
    async month(q: EventMonthQuery, viewer: Viewer | null, language: Language): Promise<EventMonth> {
      const timeZone = config.timeZone
      const month = q.month ?? todayInZone(timeZone).slice(0, 7)
      const monthStart = (value: string) => {
        const [year, m] = value.split('-').map(Number) as [number, number]
        return zonedToIso({ year, month: m, day: 1 }, timeZone)!
      }
      const [from, until] = [monthStart(month), monthStart(shiftMonth(month, 1))]
      const { cityId: _cityId, ...geo } = resolveGeo(q, language)
      const [lon0, lat0] = geo.coordinates
      let base = db
        .selectFrom('posts')
        .selectAll()
        .where('event_type', '=', 'EVENT')
        .where(postsVisibleTo(null))
        .where(withinKm(lat0, lon0, EVENT_LIMITS.radiusKm))
        .where(postsListedFor(viewer))
        .where(sql.raw(START_SORT_SQL), '<', until)
      base = narrowed(base, q)
      const rows = await monthRowsFrom(db, base, from, MONTH_LIMITS.maxEvents)
      const days = daysOfMonth(month)
      const onDay = new Map(days.map((day) => [day, [] as typeof rows]))
      for (const row of rows) {
        const start = row.start_date!
        // Its last day: the one its end falls in (an end at midnight closes the day before), else its start's.
        const end = row.end_date && row.end_date > start ? new Date(Date.parse(row.end_date) - 1).toISOString() : start
        const first = dayInZone(start, timeZone)
        const last = dayInZone(end, timeZone)
        for (const day of days) if (day >= first && day <= last) onDay.get(day)!.push(row)
      }
      return {
        month,
        previous: shiftMonth(month, -1),
        next: shiftMonth(month, 1),
        timeZone,
        geo,
        days: days.map((date) => {
          const events = onDay.get(date)!
          return {
            date,
            events: events.slice(0, MONTH_LIMITS.perDay).map((row) => ({ _id: row.id, title: row.title, startDate: row.start_date!, endDate: row.end_date, cancelledAt: row.cancelled_at })),
            more: Math.max(0, events.length - MONTH_LIMITS.perDay),
          }
        }),
      }
    },

    /** A user's posts (GET /event/my, /event/{userId}/events), newest first; REJECTED ones only for the owner and moderators. */
    async userEvents(
      userId: string,
      q: { page: number; eventType?: 'EVENT' | 'PLACE'; filter: 'active' | 'completed' | 'all' },
      viewer: Viewer | null,
    ) {
      if (userId.length > 100) throw new HttpError(404, 'notFound')
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
      if (!user) throw new HttpError(404, 'notFound')
      let query = db
        .selectFrom('posts')
        .selectAll()
        .where('posted_by', '=', userId)
        .where(postsVisibleTo(viewer))
      if (q.eventType) query = query.where('event_type', '=', q.eventType)
      // Places never end (their ends_at is '9999').
      if (q.filter !== 'all') query = query.where('ends_at', q.filter === 'completed' ? '<' : '>=', nowIso())
      const size = EVENT_LIMITS.pageSize
      assertReachable({ page: q.page, pageSize: size })
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size + 1)
        .offset((q.page - 1) * size)
        .execute()
      return {
        events: await toEventDtos(db, rows.slice(0, size), viewer, publicUrl),
        page: q.page,
        pageSize: size,
        hasMore: hasNextPage({ page: q.page, pageSize: size }, rows.length > size),
      }
    },

    /** A few upcoming events of a user for the profile widget, soonest first. */
    async widget(userId: string, viewer: Viewer | null) {
      if (userId.length > 100) throw new HttpError(404, 'notFound')
      const mine = db
        .selectFrom('posts')
        .selectAll()
        .where('posted_by', '=', userId)
        .where('event_type', '=', 'EVENT')
        .where(postsVisibleTo(viewer))
      const rows = await postsInStartOrder(db, mine, { runningFrom: nowIso() }, {
        direction: 'asc',
        offset: 0,
        limit: EVENT_LIMITS.widgetSize,
      })
      return { events: await toEventDtos(db, rows, viewer, publicUrl) }
    },
  }
}
