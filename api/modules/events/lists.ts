// Lists and reads of posts (SPEC §7 Events): one post, the lists near a city (tabs, dates, categories,
// pages), a user's posts and the widget. Lists filter with the access policy's postsVisibleTo.
import { type Event, EVENT_LIMITS, type EventListQuery, type GeoFilter, type Language } from '#contract'
import { type Expression, type SqlBool, sql } from 'kysely'
import { postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { START_SORT_SQL } from '../../db/migrations'
import { addError, type FieldErrors, HttpError, validationError } from '../../lib/errors'
import { inCategories, withinKm } from './filters'
import { cityName, countryName, DEFAULT_CITY, findCity, type CityRecord } from '../cities/data'
import { toEventDto, toEventDtos, type Viewer } from './dto'
import type { PostRows } from './rows'

/** Not ended: endDate in the future, or no endDate and started less than 6 h ago (or undated). Never NULL. */
function activeCondition(opts: { placesActive?: boolean } = {}) {
  const now = nowIso()
  const cutoff = nowIso(new Date(Date.now() - EVENT_LIMITS.defaultDurationMs))
  const places = opts.placesActive ? sql`event_type = 'PLACE' or ` : sql``
  return sql<SqlBool>`(${places}(end_date is not null and end_date >= ${now}) or (end_date is null and (start_date is null or start_date >= ${cutoff})))`
}

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
  const db: Db = ctx.db
  const { config } = ctx
  const publicUrl = config.publicUrl
  const { readableRow } = rows

  function resolveGeo(
    q: Pick<EventListQuery, 'city' | 'country' | 'lat' | 'lon'>,
    language: Language,
  ): GeoFilter {
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
    }
  }

  return {
    async get(id: string, viewer: Viewer | null): Promise<Event> {
      const { row, rel } = await readableRow(id, viewer)
      return toEventDto(row, rel, viewer, publicUrl)
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
      const geo = resolveGeo(q, language)
      const [lon0, lat0] = geo.coordinates
      const isPlace = q.eventType === 'PLACE'

      let query = db.selectFrom('posts').selectAll().where('event_type', '=', q.eventType)
      if (q.filter === 'my' && viewer) {
        query = query.where('posted_by', '=', viewer.id).where(postsVisibleTo(viewer))
      } else {
        // Discovery lists are the same for everyone: what a signed-out visitor may see.
        query = query.where(postsVisibleTo(null))
        query = query.where(withinKm(lat0, lon0, EVENT_LIMITS.radiusKm))
        if (!isPlace) {
          const active = activeCondition()
          query = query.where(q.filter === 'completed' ? sql<SqlBool>`not ${active}` : active)
        }
      }
      if (!isPlace && (rangeStart || rangeEnd)) {
        if (rangeEnd) query = query.where('start_date', '<=', rangeEnd)
        if (rangeStart)
          query = query.where((eb) => eb(eb.fn.coalesce('end_date', 'start_date'), '>=', rangeStart))
        query = query.where('start_date', 'is not', null)
      }
      if (q.categories?.length) query = query.where(inCategories(q.categories))
      // Undated events last. Upcoming lists order by the expression of the posts_start_sort_idx index, so a
      // page is read in index order instead of sorting every event in the radius.
      const startSort: Expression<string> = sql<string>`${sql.raw(START_SORT_SQL)}`
      const nullsLast: Expression<number> = sql<number>`case when start_date is null then 1 else 0 end`
      if (isPlace) query = query.orderBy('created_at', 'desc').orderBy('id')
      else if (q.filter === 'completed')
        query = query.orderBy(nullsLast).orderBy('start_date', 'desc').orderBy('id')
      else query = query.orderBy(startSort).orderBy('id')
      const size = EVENT_LIMITS.pageSize
      const rows = await query
        .limit(size + 1)
        .offset((q.page - 1) * size)
        .execute()
      const page = rows.slice(0, size)
      return {
        events: await toEventDtos(db, page, viewer, publicUrl),
        geo,
        page: q.page,
        pageSize: size,
        hasMore: rows.length > size,
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
      if (q.filter !== 'all') {
        const active = activeCondition({ placesActive: true })
        query = query.where(q.filter === 'completed' ? sql<SqlBool>`not ${active}` : active)
      }
      const size = EVENT_LIMITS.pageSize
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(size + 1)
        .offset((q.page - 1) * size)
        .execute()
      return {
        events: await toEventDtos(db, rows.slice(0, size), viewer, publicUrl),
        page: q.page,
        pageSize: size,
        hasMore: rows.length > size,
      }
    },

    /** A few upcoming events of a user for the profile widget, soonest first. */
    async widget(userId: string, viewer: Viewer | null) {
      if (userId.length > 100) throw new HttpError(404, 'notFound')
      const rows = await db
        .selectFrom('posts')
        .selectAll()
        .where('posted_by', '=', userId)
        .where('event_type', '=', 'EVENT')
        .where(postsVisibleTo(viewer))
        .where(activeCondition())
        .orderBy(sql`case when start_date is null then 1 else 0 end`)
        .orderBy('start_date', 'asc')
        .orderBy('id')
        .limit(EVENT_LIMITS.widgetSize)
        .execute()
      return { events: await toEventDtos(db, rows, viewer, publicUrl) }
    },
  }
}
