// Writing posts (SPEC §5, §7 Events): create, edit (the organizer's and a super admin's), cancel, move,
// delete, and their photos. Edits and moves fill the waiting list in their own transaction (decision 028).
// See docs/decisions/014-events-rules.md for the rules.
import {
  type EditScope,
  type Event,
  type EventFields,
  cancelEventBodySchema,
  eventFormSchema,
  rescheduleBodySchema,
  eventRuleIssues,
  can,
  imageLimit,
} from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { type Work, writeTransaction } from '../../db/transaction'
import type { PostRow } from '../../db/schema'
import { newId } from '../../lib/crypto'
import { addError, type FieldErrors, HttpError, parseForErrors, validationError, zodIssuesToFieldErrors } from '../../lib/errors'
import { imageDto, isEnded } from './dto'
import { type Viewer } from './relations'
import { localParts, startAt } from '../series/recurrence'
import { createSeriesService, parseRepeat } from '../series/service'
import { addPhotos, backToReview, datesChanged, insertEvent, movedColumns, replaceCategories, replaceHours, type StoredPhoto } from './repository'
import { keepUnsentOnlineAccess, onlineAccessColumns } from './online-access'
import { announceSeats, fillFromWaitlist, lockPost, seatTransaction, type LockedPost } from './seats'
import type { Fields, PostRows } from './rows'
import { assertGroupUnchanged, groupToPostAs } from './group-posting'

const UPLOAD_FOLDER = 'posts'

/** A photo just saved by the image pipeline, as the aggregate stores it. */
const storedPhoto = (saved: { name: string; path: string; thumbPath: string | null }): StoredPhoto => ({
  name: saved.name,
  path: saved.path,
  thumb_path: saved.thumbPath,
})

export function createPostWriting(ctx: AppContext, rows: PostRows) {
  const db: Db = ctx.db
  const { config } = ctx
  const publicUrl = config.publicUrl
  const { images } = ctx
  const { ownedRow, reload } = rows
  const seriesService = createSeriesService(ctx)

  function validateFields(
    fields: Fields,
    viewer: Viewer,
    extra: { existing?: PostRow; fileCount: number; requirePhotos: boolean },
  ): EventFields {
    const isAdmin = can(viewer.role, 'eventAdminFields')
    const errors: FieldErrors = {}
    const existing = extra.existing
    if (existing) {
      if (fields.accessType !== undefined && fields.accessType !== existing.access_type)
        addError(errors, 'accessType', 'cannotChange')
      if (fields.eventType !== undefined && fields.eventType !== existing.event_type)
        addError(errors, 'eventType', 'cannotChange')
      // Who can join is set once, with the access type (decision 042).
      const approval = Number(existing.join_approval) === 1
      if (fields.joinApproval !== undefined && fields.joinApproval !== '' && ['true', 'on', '1'].includes(String(fields.joinApproval).toLowerCase()) !== approval)
        addError(errors, 'joinApproval', 'cannotChange')
      fields = { ...fields, accessType: existing.access_type, eventType: existing.event_type, joinApproval: approval }
      fields = keepUnsentOnlineAccess(fields, existing)
    }
    const ruleOptions = {
      isAdmin,
      mayCreatePlace: can(viewer.role, 'createPlace'),
      existingStartDate: existing?.start_date ?? null,
      existingEndDate: existing?.end_date ?? null,
    }
    const schema = eventFormSchema(ruleOptions)
    const parsed = parseForErrors(schema, fields)
    if (!parsed.success) {
      for (const [k, codes] of Object.entries(zodIssuesToFieldErrors(parsed.error.issues))) {
        // Nested price/hours errors keep their path (price.amount, hours.0.open).
        for (const c of codes) addError(errors, k, c)
      }
      // zod skips the cross-field rules when a field fails: add them for the fields without an error.
      for (const issue of eventRuleIssues(fields, ruleOptions))
        if (!errors[issue.path]) addError(errors, issue.path, issue.message)
    }
    const eventType = parsed.success
      ? parsed.data.eventType
      : fields.eventType === 'PLACE'
        ? 'PLACE'
        : 'EVENT'
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
      join_approval: !place && v.joinApproval ? 1 : 0,
      start_date: place ? null : (v.startDate ?? null),
      end_date: place ? null : (v.endDate ?? null),
      address: v.address,
      lon: v.coordinates[0],
      lat: v.coordinates[1],
      channel_link: place || isAdmin ? (v.channelLink ?? null) : null,
      ...onlineAccessColumns(v),
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
    if (v.eventType === 'EVENT' && !can(editor.role, 'eventAdminFields'))
      cols.channel_link = existing.channel_link
    const moved = datesChanged(existing, cols.start_date, cols.end_date)
    return writeTransaction(ctx, async (work) => {
      const trx = work.db
      await trx
        .updateTable('posts')
        .set({ ...cols, ...statuses, ...(moved ? movedColumns(existing, nowIso()) : {}), updated_at: nowIso() })
        .where('id', '=', id)
        .execute()
      await replaceCategories(trx, id, v.categories)
      if (v.eventType === 'PLACE') await replaceHours(trx, id, v.hours ?? [])
      const locked = await lockPost(trx, ctx.dialect, id)
      const promoted = await fillFromWaitlist(trx, locked)
      if (within) await within(work)
      return { locked, promoted }
    })
  }

  /** Who takes part, as `viewer` may see it (hidden accounts left out), the seats taken and the viewer's own. */

  async function changeableEvent(id: string, viewer: Viewer): Promise<PostRow> {
    const row = await ownedRow(id, viewer)
    if (row.event_type === 'PLACE') throw new HttpError(400, 'placeNotCancellable')
    if (row.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
    return row
  }

  /** A post's change time, and its image status when the change sets one (undefined: unchanged). */
  const touchPost = (conn: Db, id: string, imageStatus: string | undefined, now = nowIso()) =>
    conn.updateTable('posts').set(imageStatus ? { moderation_image_status: imageStatus, updated_at: now } : { updated_at: now }).where('id', '=', id).execute()

  /** Adds photos within the limit; `imageStatus` is what the post's image status becomes (unchanged when undefined). */
  async function addImagesTo(row: PostRow, files: Buffer[], imageStatus: string | undefined) {
    const id = row.id
    if (files.length === 0) throw validationError({ files: ['uploadPhoto'] })
    const current = await imageRows(id)
    if (current.length + files.length > imageLimit(row.event_type))
      throw validationError({ files: ['tooManyPhotos'] })
    const stored = await images.saveAll(UPLOAD_FOLDER, files)
    const now = nowIso()
    const start = current.reduce((m, r) => Math.max(m, r.position), -1) + 1
    try {
      await db.transaction().execute(async (trx) => {
        await addPhotos(trx, id, stored.map(storedPhoto), start, now)
        await touchPost(trx, id, imageStatus, now)
      })
    } catch (err) {
      await images.remove(stored.flatMap((s) => [s.path, s.thumbPath]))
      throw err
    }
    return {
      postId: id,
      images: (await imageRows(id)).map((r) => imageDto(r, publicUrl)),
      added: stored.map((s) => s.name),
    }
  }

  /** Removes one photo (never the last); `imageStatus` as in addImagesTo. */
  async function removeImageFrom(
    row: PostRow,
    body: { name?: string; imageId?: string },
    imageStatus: string | undefined,
  ) {
    const id = row.id
    const current = await imageRows(id)
    const target = current.find(
      (r) => (body.imageId && r.id === body.imageId) || (body.name && r.name === body.name),
    )
    if (!target) throw new HttpError(404, 'imageNotFound')
    if (current.length <= 1) throw new HttpError(400, 'lastImage', { files: ['lastImage'] })
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('post_images').where('id', '=', target.id).execute()
      await touchPost(trx, id, imageStatus)
    })
    // The dates of a series share their photos' files (decision 041): a file goes when no post names it.
    const shared = await db.selectFrom('post_images').select('id').where('path', '=', target.path).limit(1).executeTakeFirst()
    if (!shared) await images.remove([target.path, target.thumb_path])
    return {
      postId: id,
      images: current.filter((r) => r.id !== target.id).map((r) => imageDto(r, publicUrl)),
      removed: target.name,
    }
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

  /** Cancels one date (a repeat changes nothing) and tells everyone it concerns. */
  async function cancelOne(id: string, message: string | null, viewer: Viewer): Promise<void> {
    const now = nowIso()
    const result = await db
      .updateTable('posts')
      .set((eb) => ({ cancelled_at: now, cancel_message: message, sequence: eb('sequence', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) > 0) await ctx.domainEvents.emit({ type: 'eventCancelled', postId: id, userFrom: viewer.id })
  }

  /** One post's edit by its organizer: the fields, the seats a new limit frees, and who is told. */
  async function updateOne(id: string, fields: Fields, viewer: Viewer): Promise<Event> {
    const existing = await ownedRow(id, viewer)
    if (existing.cancelled_at !== null) throw new HttpError(400, 'eventCancelled')
    await assertGroupUnchanged(db, fields, existing)
    // Post-moderation: the owner's edit sends the information back for review.
    const seats = await applyEdit(existing, fields, viewer, backToReview(existing, { words: true, photos: false }, 'organizer'))
    // New dates are news for everyone who planned around the old ones; other edits for participants.
    const moved = datesChanged(existing, seats.locked.start_date, seats.locked.end_date)
    await ctx.domainEvents.emit({
      type: moved ? 'eventMoved' : 'updatePost',
      postId: id,
      userFrom: viewer.id,
    })
    await announceSeats(ctx, seats.locked, { promoted: seats.promoted })
    return reload(id, viewer)
  }

  return {
    async create(fields: Fields, files: Buffer[], viewer: Viewer): Promise<Event> {
      const v = validateFields(fields, viewer, { fileCount: files.length, requirePhotos: true })
      // "Repeats" (decision 041): the rule, checked against the first date before anything is stored.
      const repeating = fields.repeat !== undefined && fields.repeat !== '' && fields.repeat !== null
      if (repeating && v.eventType === 'PLACE') throw validationError({ repeat: ['invalidValue'] })
      // Invitations are made for one date: a private event's other dates would have nobody who may open them.
      if (repeating && v.accessType === 'PRIVATE') throw validationError({ repeat: ['repeatNotPrivate'] })
      const series = repeating ? parseRepeat(fields.repeat, v.startDate, config.timeZone) : null
      const groupId = await groupToPostAs(db, v.group, v.eventType, viewer)
      const stored = await images.saveAll(UPLOAD_FOLDER, files)
      const id = newId()
      const now = nowIso()
      try {
        await db.transaction().execute(async (trx) => {
          await insertEvent(trx, {
            row: {
              id,
              ...columns(v, viewer),
              posted_by: viewer.id,
              group_id: groupId,
              created_by: viewer.id,
              moderation_status: 'PENDING',
              moderation_image_status: 'PENDING',
              post_status: 'ACTIVE',
              created_at: now,
              updated_at: now,
            },
            photos: stored.map(storedPhoto),
            categories: v.categories,
            hours: v.eventType === 'PLACE' ? v.hours : [],
          })
          // The series and its first dates commit with the event: never a lone event where a series was asked.
          if (series) await seriesService.start(trx, { id, posted_by: viewer.id, start_date: v.startDate ?? null, end_date: v.endDate ?? null }, series.rule)
        })
      } catch (err) {
        await images.remove(stored.flatMap((s) => [s.path, s.thumbPath]))
        throw err
      }
      await ctx.domainEvents.emit({ type: 'newPost', postId: id, userFrom: viewer.id })
      return reload(id, viewer)
    },

    /**
     * PUT /event/{id}. `following`: a date of a series and every later one that can still change take the same
     * fields, each on its own day at this date's new local time and length; new dates copy this one.
     */
    async update(id: string, fields: Fields, viewer: Viewer, scope: EditScope = 'this'): Promise<Event> {
      if (scope !== 'following') return updateOne(id, fields, viewer)
      const before = await ownedRow(id, viewer)
      await assertGroupUnchanged(db, fields, before)
      const later = await seriesService.laterDates(before)
      // Checked before anything is written: this date's form, then each later date's, so a refusal changes none.
      const edited = validateFields(fields, viewer, { existing: before, fileCount: 0, requirePhotos: false })
      const timeChanged = datesChanged(before, edited.startDate ?? null, edited.endDate ?? null)
      const now = ctx.now().getTime()
      // New times spread only when this date's times changed: a date moved on its own keeps its own otherwise.
      const newTime = timeChanged && edited.startDate ? localParts(edited.startDate, config.timeZone).time : null
      const length = edited.startDate && edited.endDate ? Date.parse(edited.endDate) - Date.parse(edited.startDate) : null
      const plans: { date: PostRow; fields: Fields }[] = []
      for (const date of later) {
        let dates: Fields = { startDate: date.start_date, endDate: date.end_date }
        if (newTime !== null && edited.startDate) {
          const day = localParts(date.start_date ?? edited.startDate, config.timeZone).date
          const startDate = startAt(day, newTime, config.timeZone)
          // A date the new time would put in the past keeps its own (it is about to happen).
          if (Date.parse(startDate) > now)
            dates = { startDate, endDate: length === null ? undefined : new Date(Date.parse(startDate) + length).toISOString() }
        }
        const planned = { ...fields, ...dates }
        validateFields(planned, viewer, { existing: date, fileCount: 0, requirePhotos: false })
        plans.push({ date, fields: planned })
      }
      await updateOne(id, fields, viewer)
      for (const plan of plans) await updateOne(plan.date.id, plan.fields, viewer)
      const row = await rows.getRow(id)
      if (row) await seriesService.followFrom(row)
      return reload(id, viewer)
    },

    /** POST /event/{id}/cancel: final; the event stays visible, marked cancelled, and cannot be joined. */
    async cancel(id: string, body: unknown, viewer: Viewer): Promise<Event> {
      const row = await changeableEvent(id, viewer)
      const parsed = parseForErrors(cancelEventBodySchema, body ?? {})
      if (!parsed.success) throw validationError(zodIssuesToFieldErrors(parsed.error.issues))
      if (parsed.data.scope === 'series') {
        // The whole series (decision 041): no new dates, and every date still to come is cancelled with the word.
        if (!row.series_id) throw new HttpError(400, 'notInSeries')
        await seriesService.stop(row.series_id)
        const dates = await db
          .selectFrom('posts')
          .select('id')
          .where('series_id', '=', row.series_id)
          .where('cancelled_at', 'is', null)
          .where('post_status', '=', 'ACTIVE')
          .where('ends_at', '>=', ctx.now().toISOString())
          .execute()
        for (const date of dates) await cancelOne(date.id, parsed.data.message ?? null, viewer)
        return reload(id, viewer)
      }
      if (isEnded(row)) throw new HttpError(400, 'eventEnded')
      await cancelOne(id, parsed.data.message ?? null, viewer)
      return reload(id, viewer)
    },

    /** POST /event/{id}/reschedule: new dates under the form's date rules; everyone concerned is told. */
    async reschedule(id: string, body: unknown, viewer: Viewer): Promise<Event> {
      const row = await changeableEvent(id, viewer)
      const parsed = parseForErrors(
        rescheduleBodySchema({
          existingStartDate: row.start_date,
          existingEndDate: row.end_date,
          now: ctx.now(),
        }),
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
          .set({ start_date: start, end_date: end, ...movedColumns(row, nowIso()), updated_at: nowIso() })
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
      await db
        .updateTable('posts')
        .set({ post_status: 'DELETED', updated_at: nowIso() })
        .where('id', '=', id)
        .execute()
      await ctx.domainEvents.emit({ type: 'postRemoved', postId: id, userFrom: viewer.id })
      return { postId: id, postStatus: 'DELETED' }
    },

    async addImages(id: string, files: Buffer[], viewer: Viewer) {
      const row = await ownedRow(id, viewer)
      // Post-moderation: new photos are reviewed again.
      const { postId, images } = await addImagesTo(row, files, backToReview(row, { words: false, photos: true }, 'organizer').moderation_image_status)
      await ctx.domainEvents.emit({ type: 'postPhotosChanged', postId, userFrom: viewer.id })
      return { postId, images }
    },

    async removeImage(id: string, body: { name?: string; imageId?: string }, viewer: Viewer) {
      const row = await ownedRow(id, viewer)
      // Removing a photo of a REJECTED set sends the rest for review again.
      const { postId, images } = await removeImageFrom(
        row,
        body,
        row.moderation_image_status === 'REJECTED' ? 'PENDING' : undefined,
      )
      await ctx.domainEvents.emit({ type: 'postPhotosChanged', postId, userFrom: viewer.id })
      return { postId, images }
    },

    /** The console's photo calls (POST/DELETE /admin/posts/{postId}/{userId}): any post, statuses unchanged. */
    addImagesAsModerator: (row: PostRow, files: Buffer[]) => addImagesTo(row, files, undefined),
    removeImageAsModerator: (row: PostRow, body: { name?: string; imageId?: string }) =>
      removeImageFrom(row, body, undefined),
  }
}
