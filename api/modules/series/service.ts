// Recurring events (issue 27, decision 041). A series holds an RFC 5545 rule in the site's time zone and the
// post its new dates copy; each date is a post of its own (participants, line, likes, reminders, cancellation),
// made ahead for a rolling window by the `make-series-dates` job, once across instances. A date is keyed by
// (series, the rule's start of it): making dates again adds none twice and never undoes a change to one date.
import { type EventSeries, type Repeat, repeatSchema, SERIES_LIMITS } from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { PostRow } from '../../db/schema'
import { newId } from '../../lib/crypto'
import { HttpError, validationError, zodIssuesToFieldErrors } from '../../lib/errors'
import { datesBetween, localParts, ruleOf, type SeriesRule, startAt } from './recurrence'

const DAY_MS = 86_400_000

export type SeriesRow = {
  id: string
  posted_by: string
  rrule: string
  dtstart_local: string
  time_zone: string
  skip_dates: string
  local_time: string
  duration_minutes: number | null
  template_post_id: string
  cancelled_at: string | null
}

function ruleOfRow(series: SeriesRow): SeriesRule {
  return {
    rrule: series.rrule,
    dtstartLocal: series.dtstart_local,
    timeZone: series.time_zone,
    skip: JSON.parse(series.skip_dates) as string[],
  }
}

/** The form's `repeat` checked against the first date: the rule, or a 400 with the field's error. */
export function parseRepeat(raw: unknown, startDate: string | null | undefined, timeZone: string): { repeat: Repeat; rule: SeriesRule } {
  const parsed = repeatSchema.safeParse(raw)
  if (!parsed.success) {
    const errors = zodIssuesToFieldErrors(parsed.error.issues)
    // A whole-value refusal (not an object) lands on `repeat` itself.
    throw validationError(Object.fromEntries(Object.entries(errors).map(([key, codes]) => [key === 'body' ? 'repeat' : `repeat.${key}`, codes])))
  }
  if (!startDate) throw validationError({ startDate: ['repeatNeedsStart'] })
  const result = ruleOf(parsed.data, startDate, timeZone)
  if ('problem' in result) throw validationError({ [result.problem === 'startNotInRule' ? 'repeat.weekdays' : 'repeat.until']: [result.problem] })
  return { repeat: parsed.data, rule: result.rule }
}

export function createSeriesService(ctx: AppContext) {
  const db: Db = ctx.db
  const timeZone = ctx.config.timeZone

  /** The columns a new date copies from the series' template post. */
  function copiedColumns(template: PostRow) {
    return {
      title: template.title,
      description: template.description,
      event_type: template.event_type,
      access_type: template.access_type,
      join_approval: template.join_approval,
      address: template.address,
      lon: template.lon,
      lat: template.lat,
      channel_link: template.channel_link,
      max_participants: template.max_participants,
      price_donation: template.price_donation,
      price_amount: template.price_amount,
      price_currency: template.price_currency,
      price_range: template.price_range,
      posted_by: template.posted_by,
      created_by: template.created_by,
      // What moderators approved of the template holds for its copies; a change sends the template back.
      moderation_status: template.moderation_status,
      moderation_image_status: template.moderation_image_status,
    }
  }

  /**
   * Makes the series' dates of the window that have no post yet: the next SERIES_LIMITS.windowCount dates within
   * windowDays. Answers the ids of the posts made. A cancelled series, or one whose template is gone, makes none.
   */
  async function makeDates(seriesId: string): Promise<string[]> {
    const series = await db.selectFrom('event_series').selectAll().where('id', '=', seriesId).executeTakeFirst()
    if (!series || series.cancelled_at) return []
    // A deleted or cancelled template hands over to the series' latest date that still stands.
    let template = await db.selectFrom('posts').selectAll().where('id', '=', series.template_post_id).executeTakeFirst()
    if (!template || template.post_status !== 'ACTIVE' || template.cancelled_at !== null)
      template = await db
        .selectFrom('posts')
        .selectAll()
        .where('series_id', '=', series.id)
        .where('post_status', '=', 'ACTIVE')
        .where('cancelled_at', 'is', null)
        .orderBy('series_start', 'desc')
        .limit(1)
        .executeTakeFirst()
    if (!template) return []
    const now = ctx.now()
    const dates = datesBetween(ruleOfRow(series), now.toISOString(), new Date(now.getTime() + SERIES_LIMITS.windowDays * DAY_MS).toISOString(), SERIES_LIMITS.windowCount)
    if (dates.length === 0) return []
    const [categories, images] = await Promise.all([
      db.selectFrom('post_categories').select('category').where('post_id', '=', template.id).execute(),
      db.selectFrom('post_images').select(['name', 'path', 'thumb_path', 'position']).where('post_id', '=', template.id).orderBy('position').execute(),
    ])
    const made: string[] = []
    for (const date of dates) {
      const start = startAt(date.localDate, series.local_time, series.time_zone)
      const end = series.duration_minutes === null ? null : new Date(Date.parse(start) + series.duration_minutes * 60_000).toISOString()
      const id = newId()
      const stamp = nowIso()
      const inserted = await db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('posts')
          .values({
            id,
            ...copiedColumns(template),
            start_date: start,
            end_date: end,
            post_status: 'ACTIVE',
            series_id: series.id,
            series_start: date.ruleStart,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((oc) => oc.columns(['series_id', 'series_start']).doNothing())
          .executeTakeFirst()
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false
        if (categories.length)
          await trx.insertInto('post_categories').values(categories.map((c) => ({ post_id: id, category: c.category }))).execute()
        // The photos' files are shared: a date that drops one keeps the file for the others (writing.ts).
        if (images.length)
          await trx
            .insertInto('post_images')
            .values(images.map((image) => ({ id: newId(), post_id: id, name: image.name, path: image.path, thumb_path: image.thumb_path, position: image.position, created_at: stamp })))
            .execute()
        return true
      })
      if (inserted) made.push(id)
    }
    return made
  }

  return {
    makeDates,

    /** Turns a just-made post into the first date of a new series and makes the window's other dates. */
    async start(post: Pick<PostRow, 'id' | 'posted_by' | 'start_date' | 'end_date'>, rule: SeriesRule): Promise<string> {
      if (!post.start_date) throw validationError({ startDate: ['repeatNeedsStart'] })
      const id = newId()
      const now = nowIso()
      const { time } = localParts(post.start_date, timeZone)
      const duration = post.end_date ? Math.round((Date.parse(post.end_date) - Date.parse(post.start_date)) / 60_000) : null
      const first = datesBetween(rule, post.start_date, new Date(Date.parse(post.start_date) + DAY_MS).toISOString(), 1)[0]
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('event_series')
          .values({
            id,
            posted_by: post.posted_by,
            rrule: rule.rrule,
            dtstart_local: rule.dtstartLocal,
            time_zone: rule.timeZone,
            skip_dates: JSON.stringify(rule.skip),
            local_time: time,
            duration_minutes: duration,
            template_post_id: post.id,
            cancelled_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute()
        await trx
          .updateTable('posts')
          .set({ series_id: id, series_start: first?.ruleStart ?? post.start_date })
          .where('id', '=', post.id)
          .execute()
      })
      await makeDates(id)
      return id
    },

    /** Every series still going: the job's round. Answers how many dates it made. */
    async makeAllDates(): Promise<{ series: number; made: number }> {
      const rows = await db.selectFrom('event_series').select('id').where('cancelled_at', 'is', null).execute()
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
      const { time } = localParts(post.start_date, timeZone)
      const duration = post.end_date ? Math.round((Date.parse(post.end_date) - Date.parse(post.start_date)) / 60_000) : null
      await db
        .updateTable('event_series')
        .set({ template_post_id: post.id, local_time: time, duration_minutes: duration, updated_at: nowIso() })
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
