// Check-in at the door (issue 45): each seat's code (GET /event/{id}/checkin/my, for its holder), and the organizer
// letting people in by the code typed or scanned, or by ticking their name (POST /event/{id}/checkin), once: a
// second use of a code changes nothing and says when it was used. A code works only for its event's seats.
import type { CheckinBody, CheckinResult, MyCheckin } from '#contract'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import { HttpError, validationError } from '../../lib/errors'
import { checkinUrl, normalizeCheckinCode } from './checkin-codes'
import { hiddenUserSummary, loadUserSummaries, type Viewer } from './relations'
import type { PostRows } from './rows'

export function createCheckin(ctx: AppContext, rows: PostRows) {
  const db: Db = ctx.db

  async function counts(postId: string) {
    const row = await db
      .selectFrom('post_participants')
      .select((eb) => [eb.fn.countAll<number | string>().as('participants'), eb.fn.count<number | string>('checked_in_at').as('came')])
      .where('post_id', '=', postId)
      .executeTakeFirst()
    return { came: Number(row?.came ?? 0), participants: Number(row?.participants ?? 0) }
  }

  async function summaryOf(userId: string, viewer: Viewer) {
    return (await loadUserSummaries(db, [userId], ctx.config.publicUrl, viewer)).get(userId) ?? hiddenUserSummary(userId)
  }

  return {
    async myCheckin(id: string, viewer: Viewer): Promise<MyCheckin> {
      await rows.readableRow(id, viewer)
      const seat = await db
        .selectFrom('post_participants')
        .select(['checkin_code', 'checked_in_at'])
        .where('post_id', '=', id)
        .where('user_id', '=', viewer.id)
        .executeTakeFirst()
      if (!seat?.checkin_code) throw new HttpError(404, 'notParticipant')
      return { code: seat.checkin_code, url: checkinUrl(ctx.config.webUrl, id, seat.checkin_code), checkedInAt: seat.checked_in_at }
    },

    async checkIn(id: string, body: CheckinBody, viewer: Viewer): Promise<CheckinResult> {
      await rows.organizerRow(id, viewer)
      let seatOf: { user_id: string } | undefined
      if (body.code !== undefined) {
        const code = normalizeCheckinCode(body.code)
        if (!code) throw validationError({ code: ['checkinCodeInvalid'] })
        seatOf = await db.selectFrom('post_participants').select('user_id').where('post_id', '=', id).where('checkin_code', '=', code).executeTakeFirst()
        if (!seatOf) throw new HttpError(404, 'checkinUnknown', { code: ['checkinUnknown'] })
      } else {
        seatOf = await db.selectFrom('post_participants').select('user_id').where('post_id', '=', id).where('user_id', '=', body.userId!).executeTakeFirst()
        if (!seatOf) throw new HttpError(404, 'notParticipant')
      }
      const now = nowIso(ctx.now())
      // Once: only a seat not yet checked in is marked, so two doors scanning one code at once mark it once.
      const marked = await db
        .updateTable('post_participants')
        .set({ checked_in_at: now, checked_in_by: viewer.id })
        .where('post_id', '=', id)
        .where('user_id', '=', seatOf.user_id)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst()
      const seat = await db
        .selectFrom('post_participants')
        .select('checked_in_at')
        .where('post_id', '=', id)
        .where('user_id', '=', seatOf.user_id)
        .executeTakeFirstOrThrow()
      return { user: await summaryOf(seatOf.user_id, viewer), checkedInAt: seat.checked_in_at ?? now, already: Number(marked.numUpdatedRows) === 0, ...(await counts(id)) }
    },

    /** A mistake at the door undone: the seat is not checked in any more (its code works again). */
    async undoCheckin(id: string, userId: string, viewer: Viewer): Promise<Omit<CheckinResult, 'checkedInAt' | 'already'>> {
      await rows.organizerRow(id, viewer)
      const res = await db
        .updateTable('post_participants')
        .set({ checked_in_at: null, checked_in_by: null })
        .where('post_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) throw new HttpError(404, 'notParticipant')
      return { user: await summaryOf(userId, viewer), ...(await counts(id)) }
    },
  }
}
