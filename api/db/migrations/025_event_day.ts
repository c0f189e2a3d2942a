// Migration 025: the day of the event (issue 45). Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { randomInt } from 'node:crypto'
import { type Db, id, ts } from './kit'

/** The check-in codes' alphabet and length as they were at this migration (contract CHECKIN holds the live ones). */
const FROZEN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const FROZEN_CODE_LENGTH = 6

/**
 * users.share_email_with_organizers: the person lets the organizers of events they join see their email address in
 * the participant list (off unless they turn it on).
 * post_participants.checkin_code: six characters, unique within the event, shown to the participant (QR and text)
 * and typed or scanned at the door; checked_in_at / checked_in_by: when and by whom they were let in (once).
 * Seats taken before this migration get their codes here.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('users').addColumn('share_email_with_organizers', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('post_participants').addColumn('checkin_code', 'text').execute()
    await db.schema.alterTable('post_participants').addColumn('checked_in_at', ts).execute()
    // No foreign key: SQLite cannot drop a column that holds one (down), and a purged checker's id names nobody.
    await db.schema.alterTable('post_participants').addColumn('checked_in_by', id).execute()
    const seats: { post_id: string; user_id: string }[] = await db.selectFrom('post_participants').select(['post_id', 'user_id']).execute()
    const taken = new Map<string, Set<string>>()
    for (const seat of seats) {
      const codes = taken.get(seat.post_id) ?? new Set<string>()
      taken.set(seat.post_id, codes)
      const draw = () => Array.from({ length: FROZEN_CODE_LENGTH }, () => FROZEN_CODE_ALPHABET[randomInt(FROZEN_CODE_ALPHABET.length)]).join('')
      let code = draw()
      while (codes.has(code)) code = draw()
      codes.add(code)
      await db.updateTable('post_participants').set({ checkin_code: code }).where('post_id', '=', seat.post_id).where('user_id', '=', seat.user_id).execute()
    }
    await db.schema.createIndex('post_participants_checkin_code_idx').on('post_participants').columns(['post_id', 'checkin_code']).unique().execute()
  },
  async down(db: Db) {
    await db.schema.dropIndex('post_participants_checkin_code_idx').execute()
    await db.schema.alterTable('post_participants').dropColumn('checked_in_by').execute()
    await db.schema.alterTable('post_participants').dropColumn('checked_in_at').execute()
    await db.schema.alterTable('post_participants').dropColumn('checkin_code').execute()
    await db.schema.alterTable('users').dropColumn('share_email_with_organizers').execute()
  },
}
