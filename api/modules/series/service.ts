// Recurring events (issue 27, decision 041). A series holds an RFC 5545 rule in the site's time zone and the
// post its new dates copy; each date is a post of its own (participants, line, likes, reminders, cancellation),
// made ahead for a rolling window by the `make-series-dates` job, once across instances. A date is keyed by
// (series, the rule's start of it): making dates again adds none twice and never undoes a change to one date.
import { type EventSeries, type Repeat, repeatSchema, SERIES_LIMITS } from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { EventSeriesTable, PostRow, PostsTable } from '../../db/schema'
import type { Insertable } from 'kysely'
import { newId } from '../../lib/crypto'
import { insertEvent } from '../events/repository'
import { HttpError, parseForErrors, validationError, zodIssuesToFieldErrors } from '../../lib/errors'
import { datesBetween, localParts, ruleOf, ruleStartOf, type SeriesRule, startAt } from './recurrence'

const DAY_MS = 86_400_000

function ruleOfRow(series: Pick<EventSeriesTable, 'rrule' | 'dtstart_local' | 'time_zone' | 'skip_dates'>): SeriesRule {
  return {
    rrule: series.rrule,
    dtstartLocal: series.dtstart_local,
    timeZone: series.time_zone,
    skip: JSON.parse(series.skip_dates) as string[],
  }
}

/** The form's `repeat` checked against the first date: the rule, or a 400 with the field's error. */
export function parseRepeat(raw: unknown, startDate: string | null | undefined, timeZone: string): { repeat: Repeat; rule: SeriesRule } {
  const parsed = parseForErrors(repeatSchema, raw)
  if (!parsed.success) {
    const errors = zodIssuesToFieldErrors(parsed.error.issues)
    // A whole-value refusal (not an object) lands on `repeat` itself.
    throw validationError(Object.fromEntries(Object.entries(errors).map(([key, codes]) => [key === 'body' ? 'repeat' : `repeat.${key}`, codes])))
  }
  if (!startDate) throw validationError({ startDate: ['repeatNeedsStart'] })
  const result = ruleOf(parsed.data, startDate, timeZone)
  if ('problem' in result) {
    const field = { startNotInRule: 'repeat.weekdays', monthDayMissing: 'repeat.monthly', seriesTooLong: 'repeat.until', invalidDate: 'repeat.until' }[result.problem]
    throw validationError({ [field]: [result.problem] })
  }
  // The first date is the rule's first: the same instant (an hour that happens twice on the autumn night is not).
  const first = ruleStartOf(startDate, timeZone)
  if (datesBetween(result.rule, first, new Date(Date.parse(first) + 60_000).toISOString(), 1)[0]?.ruleStart !== first)
    throw validationError({ 'repeat.weekdays': ['startNotInRule'] })
  return { repeat: parsed.data, rule: result.rule }
}

/** The local start time and the length of a post: what the series' new dates take (event_series). */
function timeAndLength(post: Pick<PostRow, 'start_date' | 'end_date'>, startDate: string, timeZone: string) {
  return {
    local_time: localParts(startDate, timeZone).time,
    duration_minutes: post.end_date ? Math.round((Date.parse(post.end_date) - Date.parse(startDate)) / 60_000) : null,
  }
}

/** What new dates copy of a post: its form's columns and categories (event_series.template). */
interface Template {
  columns: Record<string, string | number | null>
  categories: string[]
}

export function createSeriesService(ctx: AppContext) {
  const db: Db = ctx.db
  const timeZone = ctx.config.timeZone

  /** The columns a new date copies of a post (its statuses come from the template post itself, see makeDates). */
  function copiedColumns(post: PostRow): Template['columns'] {
    return {
      title: post.title,
      description: post.description,
      event_type: post.event_type,
      access_type: post.access_type,
      join_approval: post.join_approval,
      address: post.address,
      lon: post.lon,
      lat: post.lat,
      channel_link: post.channel_link,
      attendance_mode: post.attendance_mode,
      online_url: post.online_url,
      online_url_public: post.online_url_public,
      accessibility: post.accessibility,
      accessibility_note: post.accessibility_note,
      max_participants: post.max_participants,
      price_donation: post.price_donation,
      price_amount: post.price_amount,
      price_currency: post.price_currency,
      price_range: post.price_range,
      posted_by: post.posted_by,
      group_id: post.group_id,
      created_by: post.created_by,
      moderation_status: post.moderation_status,
      moderation_image_status: post.moderation_image_status,
    }
  }

  async function templateOf(conn: Db, postId: string): Promise<string> {
    const post = await conn.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow()
    const categories = await conn.selectFrom('post_categories').select('category').where('post_id', '=', postId).execute()
    const template: Template = { columns: copiedColumns(post), categories: categories.map((c) => c.category) }
    return JSON.stringify(template)
  }

  /**
   * Makes the series' dates of the window that have no post yet: the next SERIES_LIMITS.windowCount dates within
   * windowDays. Answers the ids of the posts made. A cancelled or finished series makes none; one whose rule has no
   * date left is marked finished, so the job passes it by. `within`: a transaction of the caller's (a new series
   * and its first dates commit with the event, or none of them does); without it each date is a transaction of
   * its own that checks the series was not cancelled meanwhile (the job's round).
   */
  async function makeDates(seriesId: string, within?: Db): Promise<string[]> {
    const db = within ?? ctx.db
    const series = await db.selectFrom('event_series').selectAll().where('id', '=', seriesId).executeTakeFirst()
    if (!series || series.cancelled_at || series.finished_at) return []
    const rule = ruleOfRow(series)
    const now = ctx.now()
    const dates = datesBetween(rule, now.toISOString(), new Date(now.getTime() + SERIES_LIMITS.windowDays * DAY_MS).toISOString(), SERIES_LIMITS.windowCount)
    if (dates.length === 0) {
      const later = datesBetween(rule, now.toISOString(), new Date(now.getTime() + (SERIES_LIMITS.maxYears + 1) * 366 * DAY_MS).toISOString(), 1)
      if (later.length === 0) await db.updateTable('event_series').set({ finished_at: nowIso() }).where('id', '=', seriesId).execute()
      return []
    }
    const existing = new Set(
      (
        await db
          .selectFrom('posts')
          .select('series_start')
          .where('series_id', '=', seriesId)
          .where('series_start', 'in', dates.map((d) => d.ruleStart))
          .execute()
      ).map((r) => r.series_start),
    )
    const missing = dates.filter((d) => !existing.has(d.ruleStart))
    if (missing.length === 0) return []
    const template = JSON.parse(series.template) as Template
    // Moderators' word on the template post holds for its copies (a change sends the post back); its photos too.
    const source = await db
      .selectFrom('posts')
      .select(['id', 'moderation_status', 'moderation_image_status', 'post_status'])
      .where('id', '=', series.template_post_id)
      .executeTakeFirst()
    const statuses = source && source.post_status === 'ACTIVE' ? { moderation_status: source.moderation_status, moderation_image_status: source.moderation_image_status } : {}
    const photosOf =
      source?.post_status === 'ACTIVE'
        ? source.id
        : (
            await db
              .selectFrom('posts')
              .select('id')
              .where('series_id', '=', seriesId)
              .where('post_status', '=', 'ACTIVE')
              .orderBy('series_start', 'desc')
              .limit(1)
              .executeTakeFirst()
          )?.id
    const images = photosOf
      ? await db.selectFrom('post_images').select(['name', 'path', 'thumb_path', 'position']).where('post_id', '=', photosOf).orderBy('position').execute()
      : []
    const made: string[] = []
    for (const date of missing) {
      const start = startAt(date.localDate, series.local_time, series.time_zone)
      const end = series.duration_minutes === null ? null : new Date(Date.parse(start) + series.duration_minutes * 60_000).toISOString()
      const id = newId()
      const stamp = nowIso()
      const insertDate = async (trx: Db) => {
        // Cancelled meanwhile: no more dates.
        const still = await trx.selectFrom('event_series').select('cancelled_at').where('id', '=', seriesId).executeTakeFirst()
        if (!still || still.cancelled_at) return false
        // The photos' files are shared: a date that drops one keeps the file for the others (writing.ts).
        return insertEvent(trx, {
          row: {
            ...(template.columns as object),
            ...statuses,
            id,
            start_date: start,
            end_date: end,
            post_status: 'ACTIVE',
            series_id: series.id,
            series_start: date.ruleStart,
            created_at: stamp,
            updated_at: stamp,
          } as Insertable<PostsTable>,
          photos: images,
          categories: template.categories,
          unlessTaken: 'seriesDate',
        })
      }
      const inserted = within ? await insertDate(within) : await db.transaction().execute((trx) => insertDate(trx))
      if (inserted) made.push(id)
    }
    return made
  }

  return {
    makeDates,

    /**
     * Turns a just-made post into the first date of a new series and makes the window's other dates, in the
     * transaction `trx` that made the post: the event commits with its whole series or not at all (issue 39).
     */
    async start(trx: Db, post: Pick<PostRow, 'id' | 'posted_by' | 'start_date' | 'end_date'>, rule: SeriesRule): Promise<string> {
      if (!post.start_date) throw validationError({ startDate: ['repeatNeedsStart'] })
      const id = newId()
      const now = nowIso()
      const wallClock = timeAndLength(post, post.start_date, timeZone)
      const template = await templateOf(trx, post.id)
      await trx
        .insertInto('event_series')
        .values({
          id,
          posted_by: post.posted_by,
          rrule: rule.rrule,
          dtstart_local: rule.dtstartLocal,
          time_zone: rule.timeZone,
          skip_dates: JSON.stringify(rule.skip),
          ...wallClock,
          template_post_id: post.id,
          template,
          cancelled_at: null,
          finished_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
      // Keyed as the rule makes it (parseRepeat checked that the first date is the rule's first).
      await trx
        .updateTable('posts')
        .set({ series_id: id, series_start: ruleStartOf(post.start_date!, timeZone) })
        .where('id', '=', post.id)
        .execute()
      await makeDates(id, trx)
      return id
    },

    /** Every series still going: the job's round. Answers how many dates it made. */
    async makeAllDates(): Promise<{ series: number; made: number }> {
      const rows = await db.selectFrom('event_series').select('id').where('cancelled_at', 'is', null).where('finished_at', 'is', null).execute()
      let made = 0
      for (const row of rows) made += (await makeDates(row.id)).length
      return { series: rows.length, made }
    },

    /** The series of a post, with every date made so far (those a visitor may see: not deleted). */
    async ofPost(post: Pick<PostRow, 'series_id'>): Promise<EventSeries | undefined> {
      if (!post.series_id) return undefined
      const series = await db.selectFrom('event_series').selectAll().where('id', '=', post.series_id).executeTakeFirst()
      if (!series) return undefined
      const dates = await db
        .selectFrom('posts')
        .select(['id', 'start_date', 'cancelled_at'])
        .where('series_id', '=', series.id)
        .where('post_status', '=', 'ACTIVE')
        .where('moderation_status', '!=', 'REJECTED')
        .orderBy('start_date')
        .execute()
      return {
        _id: series.id,
        rrule: series.rrule,
        timeZone: series.time_zone,
        cancelledAt: series.cancelled_at,
        dates: dates.map((d) => ({ _id: d.id, startDate: d.start_date ?? '', cancelled: d.cancelled_at !== null })),
      }
    },

    /** After "this and the following" changed a date: new dates copy it, at its local time and length. */
    async followFrom(post: Pick<PostRow, 'id' | 'series_id' | 'start_date' | 'end_date'>): Promise<void> {
      if (!post.series_id || !post.start_date) return
      await db
        .updateTable('event_series')
        .set({ template_post_id: post.id, template: await templateOf(db, post.id), ...timeAndLength(post, post.start_date, timeZone), updated_at: nowIso() })
        .where('id', '=', post.series_id)
        .execute()
    },

    /** The later dates of a post's series that can still change (not cancelled, deleted or started). */
    async laterDates(post: Pick<PostRow, 'series_id' | 'series_start'>): Promise<PostRow[]> {
      if (!post.series_id || !post.series_start) throw new HttpError(400, 'notInSeries')
      return db
        .selectFrom('posts')
        .selectAll()
        .where('series_id', '=', post.series_id)
        .where('series_start', '>', post.series_start)
        .where('cancelled_at', 'is', null)
        .where('post_status', '=', 'ACTIVE')
        .where('start_date', '>', ctx.now().toISOString())
        .orderBy('series_start')
        .execute()
    },

    /** Ends a series: no more dates are made (its dates are cancelled one by one by the caller). */
    async stop(seriesId: string): Promise<void> {
      await db.updateTable('event_series').set({ cancelled_at: nowIso(), updated_at: nowIso() }).where('id', '=', seriesId).where('cancelled_at', 'is', null).execute()
    },
  }
}

export type SeriesService = ReturnType<typeof createSeriesService>
