// The event aggregate as it is stored: the `posts` row with its photos, categories and opening hours, the series
// link, and the rules every writer follows when it changes one — an organizer's form, a series' new dates and
// events arriving from the fediverse all write through here (issue 40). Each function takes the caller's
// transaction: an aggregate is written whole or not at all.
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { PostHoursTable, PostRow, PostsTable } from '../../db/schema'
import { newId } from '../../lib/crypto'

/** A photo of an event as stored: its file (or, for a remote event, its URL) and thumbnail. */
export interface StoredPhoto {
  name: string
  path: string
  thumb_path: string | null
}

export interface NewEvent {
  /** The whole row, id and times included. */
  row: Insertable<PostsTable>
  photos?: StoredPhoto[]
  categories?: string[]
  hours?: Pick<PostHoursTable, 'day' | 'open' | 'close'>[]
  /**
   * The row's unique key that may already be taken by a concurrent writer: a series' date (series, its start),
   * a remote object or an imported calendar's event (source, key). Taken: nothing is written and the answer is false.
   */
  unlessTaken?: 'seriesDate' | 'remoteObject' | 'sourceKey'
}

/** The columns an event made elsewhere (a calendar's, a followed server's) starts with: a public, active event of
 * `ownerId` with no seat limit, price or channel, in review (post-moderation) unless `approved`. */
export function eventFromElsewhere(ownerId: string, options: { approved?: boolean } = {}) {
  const review = options.approved ? 'APPROVED' : 'PENDING'
  return {
    event_type: 'EVENT',
    access_type: 'COMMON',
    channel_link: null,
    max_participants: null,
    price_donation: 0,
    price_amount: null,
    price_currency: null,
    price_range: null,
    posted_by: ownerId,
    created_by: ownerId,
    moderation_status: review,
    moderation_image_status: review,
    post_status: 'ACTIVE',
  } as const
}

/** Inserts an event with its photos, categories and hours; false when `unlessTaken` found its key taken. */
export async function insertEvent(trx: Db, event: NewEvent): Promise<boolean> {
  const id = event.row.id
  const insert = trx.insertInto('posts').values(event.row)
  const inserted = await (event.unlessTaken === 'seriesDate'
    ? insert.onConflict((oc) => oc.columns(['series_id', 'series_start']).doNothing())
    : event.unlessTaken === 'remoteObject'
      ? insert.onConflict((oc) => oc.column('remote_object').doNothing())
      : event.unlessTaken === 'sourceKey'
        ? insert.onConflict((oc) => oc.columns(['source_id', 'source_key']).doNothing())
        : insert
  ).executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  await addPhotos(trx, id, event.photos ?? [], 0, event.row.created_at)
  await replaceCategories(trx, id, event.categories ?? [], { fresh: true })
  await replaceHours(trx, id, event.hours ?? [], { fresh: true })
  return true
}

/** Adds photos after position `from - 1` (the first at `from`). */
export async function addPhotos(trx: Db, postId: string, photos: StoredPhoto[], from: number, createdAt: string) {
  if (photos.length === 0) return
  await trx
    .insertInto('post_images')
    .values(photos.map((photo, i) => ({ id: newId(), post_id: postId, ...photo, position: from + i, created_at: createdAt })))
    .execute()
}

/** The event's categories become `categories` (`fresh`: it has none yet). */
export async function replaceCategories(trx: Db, postId: string, categories: string[], options: { fresh?: boolean } = {}) {
  if (!options.fresh) await trx.deleteFrom('post_categories').where('post_id', '=', postId).execute()
  if (categories.length) await trx.insertInto('post_categories').values(categories.map((category) => ({ post_id: postId, category }))).execute()
}

/** A place's opening hours become `hours` (`fresh`: it has none yet). */
export async function replaceHours(trx: Db, postId: string, hours: Pick<PostHoursTable, 'day' | 'open' | 'close'>[], options: { fresh?: boolean } = {}) {
  if (!options.fresh) await trx.deleteFrom('post_hours').where('post_id', '=', postId).execute()
  if (hours.length) await trx.insertInto('post_hours').values(hours.map((h) => ({ id: newId(), post_id: postId, day: h.day, open: h.open, close: h.close }))).execute()
}

/** Whether new dates differ from a row's (as instants: the same time written two ways is no move). */
export function datesChanged(row: Pick<PostRow, 'start_date' | 'end_date'>, start: string | null, end: string | null): boolean {
  const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b))
  return !same(row.start_date, start) || !same(row.end_date, end)
}

/** What moving an event to new dates records: when, the first start it had, and a new iCalendar SEQUENCE. */
export function movedColumns(row: Pick<PostRow, 'start_date' | 'previous_start_date' | 'sequence'>, now: string) {
  return {
    rescheduled_at: now,
    previous_start_date: row.previous_start_date ?? row.start_date,
    sequence: Number(row.sequence) + 1,
  }
}

/**
 * An edit sends what it changed back to the moderators (post-moderation: the event stays listed meanwhile).
 * Its organizer's edit asks for a new review of the words whatever was decided; an edit from elsewhere (the
 * fediverse's Update) leaves a moderator's rejection standing.
 */
export function backToReview(
  existing: Pick<PostRow, 'moderation_status' | 'moderation_image_status'>,
  changed: { words: boolean; photos: boolean },
  by: 'organizer' | 'origin',
): Partial<Pick<PostRow, 'moderation_status' | 'moderation_image_status'>> {
  const reopens = (status: string) => by === 'organizer' || status !== 'REJECTED'
  return {
    ...(changed.words && reopens(existing.moderation_status) ? { moderation_status: 'PENDING' } : {}),
    ...(changed.photos && reopens(existing.moderation_image_status) ? { moderation_image_status: 'PENDING' } : {}),
  }
}
