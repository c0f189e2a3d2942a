// Rules of events and places (SPEC §4, §5, §7 Events; ARCHITECTURE "Rules the spec leaves open").
// See docs/decisions/014-events-rules.md for the choices made here.
import {
  type Event,
  EVENT_LIMITS,
  type EventFields,
  type EventListQuery,
  cancelEventBodySchema,
  eventFormSchema,
  rescheduleBodySchema,
  type WaitlistResponse,
  eventRuleIssues,
  type GeoFilter,
  can,
  imageLimit,
  type Language,
} from '#contract'
import { type Expression, type SqlBool, sql } from 'kysely'
import { postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { type Work, writeTransaction } from '../../db/transaction'
import type { PostRow } from '../../db/schema'
import { START_SORT_SQL } from '../../db/migrations'
import { newId } from '../../lib/crypto'
import { type FieldErrors, HttpError, zodIssuesToFieldErrors } from '../../lib/errors'
import { createImageStore } from '../../media/images'
import { inCategories, withinKm } from './filters'
import { cityName, countryName, DEFAULT_CITY, findCity, type CityRecord } from '../cities/data'
import {
  accessOf,
  imageDto,
  isEnded,
  loadRelations,
  loadSocial,
  loadUserSummaries,
  toEventDto,
  toEventDtos,
  type Viewer,
  waitlistPlaces,
} from './dto'
import {
  announceSeats,
  fillFromWaitlist,
  isParticipant,
  joinWaitlist,
  leaveSeat,
  leaveWaitlist,
  lockPost,
  participantIds,
  seatTransaction,
  takeSeat,
  type LockedPost,
} from './seats'

const UPLOAD_FOLDER = 'posts'

/** Not ended: endDate in the future, or no endDate and started less than 6 h ago (or undated). Never NULL. */
function activeCondition(opts: { placesActive?: boolean } = {}) {
  const now = nowIso()
  const cutoff = nowIso(new Date(Date.now() - EVENT_LIMITS.defaultDurationMs))
  const places = opts.placesActive ? sql`event_type = 'PLACE' or ` : sql``
  return sql<SqlBool>`(${places}(end_date is not null and end_date >= ${now}) or (end_date is null and (start_date is null or start_date >= ${cutoff})))`
}

type Fields = Record<string, unknown>

function validationError(errors: FieldErrors): HttpError {
  return new HttpError(400, 'validationFailed', errors)
}

function addError(errors: FieldErrors, field: string, code: FieldErrors[string][number]) {
  const list = (errors[field] ??= [])
  if (!list.includes(code)) list.push(code)
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

/** Whether new start/end values differ from the row's (ISO strings compared as instants). */
function datesChanged(row: Pick<PostRow, 'start_date' | 'end_date'>, start: string | null, end: string | null): boolean {
  const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b))
  return !same(row.start_date, start) || !same(row.end_date, end)
}

/** What moving an event to new dates records: when, the first start it had, and a new iCalendar SEQUENCE. */
function movedColumns(row: Pick<PostRow, 'start_date' | 'previous_start_date' | 'sequence'>) {
  return {
    rescheduled_at: nowIso(),
    previous_start_date: row.previous_start_date ?? row.start_date,
    sequence: Number(row.sequence) + 1,
  }
}

/** Who may take a seat or a place in line now, given the policy's answer (the same rules as canJoin). */
function assertMayTakePart(row: PostRow, access: ReturnType<typeof accessOf>) {
  if (!access.mayJoin) throw new HttpError(403, access.denyCode)
  // Moderators may see a rejected or deleted post; nobody may join one.
  if (!access.open) throw new HttpError(400, 'eventNotAvailable')
  if (isEnded(row)) throw new HttpError(400, 'eventEnded')
  if (row.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
}

export function createEventsService(ctx: AppContext) {
  const db: Db = ctx.db
  const { config } = ctx
  const publicUrl = config.publicUrl
  const images = createImageStore(config.uploadsDir)

  async function getRow(id: string): Promise<PostRow | undefined> {
    if (id.length > 100) return undefined
    return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The post and the policy's answer for this viewer: 404 when missing or not visible to them. */
  async function visibleRow(id: string, viewer: Viewer | null) {
    const row = await getRow(id)
    if (!row) throw new HttpError(404, 'notFound')
    const rel = await loadRelations(db, [row], viewer, publicUrl)
    const access = accessOf(row, viewer, rel)
    if (!access.visible) throw new HttpError(404, 'notFound')
    return { row, rel, access }
  }

  /** The post whose details this viewer may read (GET /event/{id}'s rule): every call that reads or changes one post uses it. */
  async function readableRow(id: string, viewer: Viewer | null) {
    const visible = await visibleRow(id, viewer)
    if (!visible.access.readable) throw new HttpError(403, visible.access.denyCode)
    return visible
  }

  /** The post for its organizer's edits (or a moderator's delete): 404 when gone, 403 for anyone else. */
  async function ownedRow(id: string, viewer: Viewer, action: 'edit' | 'delete' = 'edit'): Promise<PostRow> {
    const { row, access } = await visibleRow(id, viewer)
    if (row.post_status === 'DELETED') throw new HttpError(404, 'notFound')
    if (!(action === 'edit' ? access.mayEdit : access.mayDelete)) throw new HttpError(403, 'notOrganizer')
    return row
  }

  function validateFields(
    fields: Fields,
    viewer: Viewer,
    extra: { existing?: PostRow; fileCount: number; requirePhotos: boolean },
  ): EventFields {
    const isAdmin = can(viewer.role, 'eventAdminFields')
    const errors: FieldErrors = {}
    const existing = extra.existing
    if (existing) {
      if (fields.accessType !== undefined && fields.accessType !== existing.access_type) addError(errors, 'accessType', 'cannotChange')
      if (fields.eventType !== undefined && fields.eventType !== existing.event_type) addError(errors, 'eventType', 'cannotChange')
      fields = { ...fields, accessType: existing.access_type, eventType: existing.event_type }
    }
    const ruleOptions = {
      isAdmin,
      mayCreatePlace: can(viewer.role, 'createPlace'),
      existingStartDate: existing?.start_date ?? null,
      existingEndDate: existing?.end_date ?? null,
    }
    const schema = eventFormSchema(ruleOptions)
    const parsed = schema.safeParse(fields)
    if (!parsed.success) {
      for (const [k, codes] of Object.entries(zodIssuesToFieldErrors(parsed.error.issues))) {
        // Nested price/hours errors keep their path (price.amount, hours.0.open).
        for (const c of codes) addError(errors, k, c)
      }
      // zod skips the cross-field rules when a field fails: add them for the fields without an error.
      for (const issue of eventRuleIssues(fields, ruleOptions)) if (!errors[issue.path]) addError(errors, issue.path, issue.message)
    }
    const eventType = parsed.success ? parsed.data.eventType : fields.eventType === 'PLACE' ? 'PLACE' : 'EVENT'
    if (extra.requirePhotos && extra.fileCount === 0) addError(errors, 'files', 'uploadPhoto')
    if (extra.fileCount > imageLimit(eventType)) addError(errors, 'files', 'tooManyPhotos')
    if (Object.keys(errors).length > 0 || !parsed.success) throw validationError(errors)
    return parsed.data
  }

  /** Column values of a validated form for this author. */
  function columns(v: EventFields, viewer: Viewer) {
    const place = v.eventType === 'PLACE'
    const isAdmin = can(viewer.role, 'eventAdminFields')
    return {
      title: v.title,
      description: v.description,
      event_type: v.eventType,
      // Places are always COMMON (SPEC §7); they have no dates and no participants.
      access_type: place ? 'COMMON' : v.accessType,
      start_date: place ? null : (v.startDate ?? null),
      end_date: place ? null : (v.endDate ?? null),
      address: v.address,
      lon: v.coordinates[0],
      lat: v.coordinates[1],
      channel_link: place || isAdmin ? (v.channelLink ?? null) : null,
      max_participants: place ? null : (v.maxParticipants ?? null),
      price_donation: v.price?.donation ? 1 : 0,
      price_amount: v.price && !v.price.donation ? v.price.amount : null,
      price_currency: v.price && !v.price.donation ? v.price.currency : null,
      price_range: v.price && !v.price.donation ? v.price.range : null,
    }
  }

  /**
   * Validates the whole form against the post and writes it, with the given status columns, in one seat
   * transaction: seats a raised (or removed) limit frees go to the people waiting before it commits.
   */
  async function applyEdit(
    existing: PostRow,
    fields: Fields,
    editor: Viewer,
    statuses: Partial<Pick<PostRow, 'moderation_status' | 'moderation_image_status' | 'post_status'>>,
    within?: (work: Work) => Promise<void>,
  ): Promise<{ locked: LockedPost; promoted: string[] }> {
    const id = existing.id
    const v = validateFields(fields, editor, { existing, fileCount: 0, requirePhotos: false })
    const cols = columns(v, editor)
    // An admin's channel link on an event stays when a non-admin cannot send one.
    if (v.eventType === 'EVENT' && !can(editor.role, 'eventAdminFields')) cols.channel_link = existing.channel_link
    const moved = datesChanged(existing, cols.start_date, cols.end_date)
    return writeTransaction(ctx, async (work) => {
      const trx = work.db
      await trx
        .updateTable('posts')
        .set({ ...cols, ...statuses, ...(moved ? movedColumns(existing) : {}), updated_at: nowIso() })
        .where('id', '=', id)
        .execute()
      await trx.deleteFrom('post_categories').where('post_id', '=', id).execute()
      if (v.categories.length)
        await trx.insertInto('post_categories').values(v.categories.map((category) => ({ post_id: id, category }))).execute()
      if (v.eventType === 'PLACE') {
        await trx.deleteFrom('post_hours').where('post_id', '=', id).execute()
        if (v.hours?.length)
          await trx
            .insertInto('post_hours')
            .values(v.hours.map((h) => ({ id: newId(), post_id: id, day: h.day, open: h.open, close: h.close })))
            .execute()
      }
      const locked = await lockPost(trx, ctx.dialect, id)
      const promoted = await fillFromWaitlist(trx, locked)
      if (within) await within(work)
      return { locked, promoted }
    })
  }

  /** Who takes part, as `viewer` may see it (hidden accounts left out), the seats taken and the viewer's own. */
  async function seatsAsSeen(id: string, viewer: Viewer) {
    const social = await loadSocial(db, [id], viewer)
    return {
      participants: social.participants.get(id) ?? [],
      participantsCount: social.seatsTaken.get(id) ?? 0,
      isParticipant: social.joined.has(id),
    }
  }

  /** The seat and the line for one user after a change. */
  async function waitlistState(id: string, userId: string | null): Promise<WaitlistResponse> {
    const row = await getRow(id)
    if (!row) throw new HttpError(404, 'notFound')
    const [participants, count, places] = await Promise.all([
      participantIds(db, id),
      db
        .selectFrom('post_waitlist')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('post_id', '=', id)
        .executeTakeFirst(),
      userId ? waitlistPlaces(db, [id], userId) : Promise.resolve([]),
    ])
    return {
      postId: id,
      isParticipant: userId !== null && participants.includes(userId),
      waitlistPosition: places[0]?.position ?? null,
      waitlistCount: Number(count?.n ?? 0),
      participantsCount: participants.length,
      maxParticipants: row.max_participants,
    }
  }

  /** The organizer's changes of a dated event that a participant must act on: cancelled ones are final. */
  async function changeableEvent(id: string, viewer: Viewer): Promise<PostRow> {
    const row = await ownedRow(id, viewer)
    if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNotCancellable')
    if (row.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
    return row
  }

  /** Adds photos within the limit; `imageStatus` is what the post's image status becomes (unchanged when undefined). */
  async function addImagesTo(row: PostRow, files: Buffer[], imageStatus: string | undefined) {
    const id = row.id
    if (files.length === 0) throw validationError({ files: ['uploadPhoto'] })
    const current = await imageRows(id)
    if (current.length + files.length > imageLimit(row.event_type)) throw validationError({ files: ['tooManyPhotos'] })
    const stored = await images.saveAll(UPLOAD_FOLDER, files)
    const now = nowIso()
    const start = current.reduce((m, r) => Math.max(m, r.position), -1) + 1
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('post_images')
          .values(
            stored.map((s, i) => ({
              id: newId(),
              post_id: id,
              name: s.name,
              path: s.path,
              thumb_path: s.thumbPath,
              position: start + i,
              created_at: now,
            })),
          )
          .execute()
        await trx
          .updateTable('posts')
          .set(imageStatus ? { moderation_image_status: imageStatus, updated_at: now } : { updated_at: now })
          .where('id', '=', id)
          .execute()
      })
    } catch (err) {
      await images.remove(stored.flatMap((s) => [s.path, s.thumbPath]))
      throw err
    }
    return { postId: id, images: (await imageRows(id)).map((r) => imageDto(r, publicUrl)), added: stored.map((s) => s.name) }
  }

  /** Removes one photo (never the last); `imageStatus` as in addImagesTo. */
  async function removeImageFrom(row: PostRow, body: { name?: string; imageId?: string }, imageStatus: string | undefined) {
    const id = row.id
    const current = await imageRows(id)
    const target = current.find((r) => (body.imageId && r.id === body.imageId) || (body.name && r.name === body.name))
    if (!target) throw new HttpError(404, 'imageNotFound')
    if (current.length <= 1) throw new HttpError(400, 'lastImage', { files: ['lastImage'] })
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('post_images').where('id', '=', target.id).execute()
      await trx
        .updateTable('posts')
        .set(imageStatus ? { moderation_image_status: imageStatus, updated_at: nowIso() } : { updated_at: nowIso() })
        .where('id', '=', id)
        .execute()
    })
    await images.remove([target.path, target.thumb_path])
    return { postId: id, images: current.filter((r) => r.id !== target.id).map((r) => imageDto(r, publicUrl)), removed: target.name }
  }

  async function dto(row: PostRow, viewer: Viewer | null): Promise<Event> {
    const [event] = await toEventDtos(db, [row], viewer, publicUrl)
    return event as Event
  }

  async function reload(id: string, viewer: Viewer | null): Promise<Event> {
    const row = await getRow(id)
    if (!row) throw new HttpError(404, 'notFound')
    return dto(row, viewer)
  }

  function resolveGeo(q: Pick<EventListQuery, 'city' | 'country' | 'lat' | 'lon'>, language: Language): GeoFilter {
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
    return { city: cityName(c, language), country: countryName(c.countryCode, language), coordinates: [c.lon, c.lat] }
  }

  async function imageRows(postId: string) {
    return db
      .selectFrom('post_images')
      .select(['id', 'name', 'path', 'thumb_path', 'position'])
      .where('post_id', '=', postId)
      .orderBy('position')
      .orderBy('created_at')
      .execute()
  }

  return {
    async create(fields: Fields, files: Buffer[], viewer: Viewer): Promise<Event> {
      const v = validateFields(fields, viewer, { fileCount: files.length, requirePhotos: true })
      const stored = await images.saveAll(UPLOAD_FOLDER, files)
      const id = newId()
      const now = nowIso()
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('posts')
            .values({
              id,
              ...columns(v, viewer),
              posted_by: viewer.id,
              created_by: viewer.id,
              moderation_status: 'PENDING',
              moderation_image_status: 'PENDING',
              post_status: 'ACTIVE',
              created_at: now,
              updated_at: now,
            })
            .execute()
          await trx
            .insertInto('post_images')
            .values(
              stored.map((s, i) => ({
                id: newId(),
                post_id: id,
                name: s.name,
                path: s.path,
                thumb_path: s.thumbPath,
                position: i,
                created_at: now,
              })),
            )
            .execute()
          if (v.categories.length)
            await trx.insertInto('post_categories').values(v.categories.map((category) => ({ post_id: id, category }))).execute()
          if (v.eventType === 'PLACE' && v.hours?.length)
            await trx
              .insertInto('post_hours')
              .values(v.hours.map((h) => ({ id: newId(), post_id: id, day: h.day, open: h.open, close: h.close })))
              .execute()
        })
      } catch (err) {
        await images.remove(stored.flatMap((s) => [s.path, s.thumbPath]))
        throw err
      }
      await ctx.domainEvents.emit({ type: 'newPost', postId: id, userFrom: viewer.id })
      return reload(id, viewer)
    },

    async update(id: string, fields: Fields, viewer: Viewer): Promise<Event> {
      const existing = await ownedRow(id, viewer)
      if (existing.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
      // Post-moderation: the owner's edit sends the information back for review.
      const seats = await applyEdit(existing, fields, viewer, { moderation_status: 'PENDING' })
      // New dates are news for everyone who planned around the old ones; other edits for participants.
      const moved = datesChanged(existing, seats.locked.start_date, seats.locked.end_date)
      await ctx.domainEvents.emit({ type: moved ? 'eventMoved' : 'updatePost', postId: id, userFrom: viewer.id })
      await announceSeats(ctx, seats.locked, { promoted: seats.promoted })
      return reload(id, viewer)
    },

    /** POST /event/{id}/cancel: final; the event stays visible, marked cancelled, and cannot be joined. */
    async cancel(id: string, body: unknown, viewer: Viewer): Promise<Event> {
      const row = await changeableEvent(id, viewer)
      const parsed = cancelEventBodySchema.safeParse(body ?? {})
      if (!parsed.success) throw validationError(zodIssuesToFieldErrors(parsed.error.issues))
      if (isEnded(row)) throw new HttpError(400, 'eventEnded')
      const now = nowIso()
      await db
        .updateTable('posts')
        .set((eb) => ({
          cancelled_at: now,
          cancel_message: parsed.data.message ?? null,
          sequence: eb('sequence', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .execute()
      await ctx.domainEvents.emit({ type: 'eventCancelled', postId: id, userFrom: viewer.id })
      return reload(id, viewer)
    },

    /** POST /event/{id}/reschedule: new dates under the form's date rules; everyone concerned is told. */
    async reschedule(id: string, body: unknown, viewer: Viewer): Promise<Event> {
      const row = await changeableEvent(id, viewer)
      const parsed = rescheduleBodySchema({ existingStartDate: row.start_date, existingEndDate: row.end_date, now: ctx.now() }).safeParse(
        body ?? {},
      )
      if (!parsed.success) throw validationError(zodIssuesToFieldErrors(parsed.error.issues))
      const start = parsed.data.startDate ?? null
      const end = parsed.data.endDate ?? null
      if (!datesChanged(row, start, end)) throw new HttpError(400, 'sameDates')
      // An ended event moved to the future takes people from its line again, in the same transaction.
      const seats = await seatTransaction(ctx, async (conn) => {
        await conn
          .updateTable('posts')
          .set({ start_date: start, end_date: end, ...movedColumns(row), updated_at: nowIso() })
          .where('id', '=', id)
          .execute()
        const locked = await lockPost(conn, ctx.dialect, id)
        return { locked, promoted: await fillFromWaitlist(conn, locked) }
      })
      await ctx.domainEvents.emit({ type: 'eventMoved', postId: id, userFrom: viewer.id })
      await announceSeats(ctx, seats.locked, { promoted: seats.promoted })
      return reload(id, viewer)
    },

    /** A super admin's edit from the console (PATCH /admin/posts/{id}): the form's rules, any post, statuses as given. */
    /** A super admin's edit; `within` runs in the edit's transaction (the decision's log and notices). */
    async editAsModerator(
      existing: PostRow,
      fields: Fields,
      editor: Viewer,
      statuses: Partial<Pick<PostRow, 'moderation_status' | 'moderation_image_status' | 'post_status'>>,
      within: (work: Work) => Promise<void>,
    ): Promise<void> {
      const seats = await applyEdit(existing, fields, editor, statuses, within)
      await announceSeats(ctx, seats.locked, { promoted: seats.promoted })
    },

    async remove(id: string, viewer: Viewer): Promise<{ postId: string; postStatus: 'DELETED' }> {
      await ownedRow(id, viewer, 'delete')
      await db.updateTable('posts').set({ post_status: 'DELETED', updated_at: nowIso() }).where('id', '=', id).execute()
      return { postId: id, postStatus: 'DELETED' }
    },

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
      if (q.filter === 'my' && !viewer) throw new HttpError(401, 'unauthorized', {}, { 'www-authenticate': 'Bearer' })
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
      else if (q.filter === 'completed') query = query.orderBy(nullsLast).orderBy('start_date', 'desc').orderBy('id')
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
      let query = db.selectFrom('posts').selectAll().where('posted_by', '=', userId).where(postsVisibleTo(viewer))
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

    async addImages(id: string, files: Buffer[], viewer: Viewer) {
      const row = await ownedRow(id, viewer)
      // Post-moderation: new photos are reviewed again.
      const { postId, images } = await addImagesTo(row, files, 'PENDING')
      return { postId, images }
    },

    async removeImage(id: string, body: { name?: string; imageId?: string }, viewer: Viewer) {
      const row = await ownedRow(id, viewer)
      // Removing a photo of a REJECTED set sends the rest for review again.
      const { postId, images } = await removeImageFrom(row, body, row.moderation_image_status === 'REJECTED' ? 'PENDING' : undefined)
      return { postId, images }
    },

    /** The console's photo calls (POST/DELETE /admin/posts/{postId}/{userId}): any post, statuses unchanged. */
    addImagesAsModerator: (row: PostRow, files: Buffer[]) => addImagesTo(row, files, undefined),
    removeImageAsModerator: (row: PostRow, body: { name?: string; imageId?: string }) => removeImageFrom(row, body, undefined),

    /** A post row by id, whatever its status (the console's calls). */
    row: getRow,

    /** `like` true/false sets the like (a repeat changes nothing); undefined toggles (the mobile app's call). */
    async setLike(id: string, viewer: Viewer, like?: boolean) {
      const { row } = await readableRow(id, viewer)
      const unlike = () =>
        db.deleteFrom('post_likes').where('post_id', '=', id).where('user_id', '=', viewer.id).executeTakeFirst()
      // Toggle: an unlike that removed nothing means there was no like, so it becomes a like.
      const removed = like === true ? 0 : Number((await unlike()).numDeletedRows)
      if (like === true || (like === undefined && removed === 0)) {
        const inserted = await db
          .insertInto('post_likes')
          .values({ post_id: id, user_id: viewer.id, created_at: nowIso() })
          .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
          .executeTakeFirst()
        // Only a new like notifies, and not for liking one's own post.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 && row.posted_by !== viewer.id)
          await ctx.domainEvents.emit({ type: 'postLike', postId: id, userFrom: viewer.id })
      }
      const social = await loadSocial(db, [id], viewer)
      const likes = social.likes.get(id) ?? []
      return { postId: id, likes, likesCount: likes.length, isLiked: likes.includes(viewer.id) }
    },

    async view(id: string, viewer: Viewer) {
      await readableRow(id, viewer)
      await db
        .insertInto('post_views')
        .values({ post_id: id, user_id: viewer.id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .execute()
      const n = await db
        .selectFrom('post_views')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('post_id', '=', id)
        .executeTakeFirst()
      return { postId: id, views: Number(n?.n ?? 0) }
    },

    /** `participate` true/false sets it (a repeat changes nothing); undefined toggles (the mobile app's call). */
    async setParticipation(id: string, viewer: Viewer, participate?: boolean) {
      const { row, access } = await visibleRow(id, viewer)
      if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNoParticipants')
      if (access.isOwner) throw new HttpError(400, 'organizerCannotJoin')
      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        const none = { locked, joined: false, promoted: [] as string[] }
        // Leaving is always allowed; in the transaction, so "already joined" is decided atomically.
        if (participate !== true) {
          const { left, promoted } = await leaveSeat(conn, locked, viewer.id)
          if (left) return { ...none, promoted }
        }
        if (participate === false) return none
        if (participate === true && (await isParticipant(conn, id, viewer.id))) return none
        assertMayTakePart(row, access)
        return { locked, ...(await takeSeat(conn, locked, viewer.id)) }
      })
      await announceSeats(ctx, seats.locked, { joined: seats.joined ? viewer.id : null, promoted: seats.promoted })
      return { postId: id, ...(await seatsAsSeen(id, viewer)), maxParticipants: row.max_participants }
    },

    async participants(id: string, viewer: Viewer | null) {
      const { row } = await readableRow(id, viewer)
      const ids = (await loadSocial(db, [id], viewer)).participants.get(id) ?? []
      const users = await loadUserSummaries(db, [...ids, row.posted_by], publicUrl, viewer)
      const owner = users.get(row.posted_by)
      if (!owner) throw new HttpError(404, 'notFound')
      return {
        participants: ids.flatMap((u) => {
          const s = users.get(u)
          return s ? [s] : []
        }),
        postedBy: owner,
        maxParticipants: row.max_participants,
      }
    },

    async removeParticipant(id: string, userId: string, viewer: Viewer) {
      const row = await ownedRow(id, viewer)
      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        const { left, promoted } = await leaveSeat(conn, locked, userId)
        if (!left) throw new HttpError(404, 'notParticipant')
        return { locked, promoted }
      })
      await announceSeats(ctx, seats.locked, { promoted: seats.promoted })
      return { postId: id, ...(await seatsAsSeen(id, viewer)), maxParticipants: row.max_participants }
    },

    /**
     * PUT /event/{id}/waitlist: a place at the end of the line of a full event, for whoever may join it. A free
     * seat (nobody waiting for it) is taken at once instead.
     */
    async joinWaitlist(id: string, viewer: Viewer): Promise<WaitlistResponse> {
      const { row, access } = await visibleRow(id, viewer)
      if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNoParticipants')
      if (access.isOwner) throw new HttpError(400, 'organizerCannotJoin')
      const seats = await seatTransaction(ctx, async (conn) => {
        const locked = await lockPost(conn, ctx.dialect, id)
        if (await isParticipant(conn, id, viewer.id)) return { locked, joined: false, promoted: [] as string[] }
        assertMayTakePart(row, access)
        if (locked.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
        // A seat if one is free once the line is served (takeSeat serves it first), else the end of the line.
        try {
          return { locked, ...(await takeSeat(conn, locked, viewer.id)) }
        } catch (error) {
          if (!(error instanceof HttpError && error.code === 'eventFull')) throw error
        }
        await joinWaitlist(conn, id, viewer.id)
        return { locked, joined: false, promoted: [] as string[] }
      })
      await announceSeats(ctx, seats.locked, { joined: seats.joined ? viewer.id : null, promoted: seats.promoted })
      return waitlistState(id, viewer.id)
    },

    /** DELETE /event/{id}/waitlist: leaves the line (always allowed; a repeat changes nothing). */
    async leaveWaitlist(id: string, viewer: Viewer): Promise<WaitlistResponse> {
      await visibleRow(id, viewer)
      await seatTransaction(ctx, async (conn) => {
        await lockPost(conn, ctx.dialect, id)
        await leaveWaitlist(conn, id, viewer.id)
      })
      return waitlistState(id, viewer.id)
    },

    /** DELETE /event/{id}/waitlist/{userId}: the organizer takes someone out of the line. */
    async removeFromWaitlist(id: string, userId: string, viewer: Viewer): Promise<WaitlistResponse> {
      await ownedRow(id, viewer)
      const removed = await seatTransaction(ctx, async (conn) => {
        await lockPost(conn, ctx.dialect, id)
        return leaveWaitlist(conn, id, userId.slice(0, 100))
      })
      if (!removed) throw new HttpError(404, 'notWaiting')
      return waitlistState(id, null)
    },

    /** GET /event/{id}/waitlist: the line in order, for the organizer and moderators. */
    async waitlist(id: string, viewer: Viewer) {
      const { access } = await visibleRow(id, viewer)
      if (!access.isOwner && !access.isModerator) throw new HttpError(403, 'notOrganizer')
      const rows = await db
        .selectFrom('post_waitlist')
        .select(['user_id', 'created_at'])
        .where('post_id', '=', id)
        .orderBy('position')
        .execute()
      const users = await loadUserSummaries(db, rows.map((r) => r.user_id), publicUrl, viewer)
      return {
        postId: id,
        waiting: rows.flatMap((r, index) => {
          const user = users.get(r.user_id)
          return user ? [{ user, position: index + 1, since: r.created_at }] : []
        }),
      }
    },
  }
}

export type EventsService = ReturnType<typeof createEventsService>
