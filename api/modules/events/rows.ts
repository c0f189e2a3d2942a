// One post read for a call: by id, as the access policy lets this viewer see it, read or edit it; and the
// post as the API answers it. Shared by the writing, lists and participation parts of the events service.
import type { Event } from '#contract'
import type { AppContext } from '../../context'
import type { Db } from '../../db'
import type { PostRow } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { accessOf, toEventDtos } from './dto'
import { loadRelations, type Viewer } from './relations'
import { createSeriesService } from '../series/service'

/** A post's form fields as the routes pass them, before validation. */
export type Fields = Record<string, unknown>

export function createPostRows(ctx: AppContext) {
  const db: Db = ctx.db
  const publicUrl = ctx.config.publicUrl
  const seriesService = createSeriesService(ctx)

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

  /** The post for its organizers' day (the list, the door, a message to everyone; a group's owners, admins and editors
   * too): 404 when not visible, 403 notOrganizer for anyone else. */
  async function organizerRow(id: string, viewer: Viewer): Promise<PostRow> {
    const { row, access } = await visibleRow(id, viewer)
    if (!access.isOwner) throw new HttpError(403, 'notOrganizer')
    return row
  }

  async function dto(row: PostRow, viewer: Viewer | null): Promise<Event> {
    const [event] = await toEventDtos(db, [row], viewer, publicUrl)
    return event as Event
  }

  /** The post after a change, as GET /event/{id} answers it (with its series, decision 041). */
  async function reload(id: string, viewer: Viewer | null): Promise<Event> {
    const row = await getRow(id)
    if (!row) throw new HttpError(404, 'notFound')
    const [event, series] = await Promise.all([dto(row, viewer), seriesService.ofPost(row)])
    return series ? { ...event, series } : event
  }

  return { getRow, visibleRow, readableRow, ownedRow, organizerRow, dto, reload }
}

export type PostRows = ReturnType<typeof createPostRows>
