// Event reminders (docs/decisions/030-event-reminders.md). A job (api/jobs, every minute, one run across
// instances by its lease) finds the participants of events that start soon and sends each of them a reminder
// about a day before ('24h') and about an hour before ('1h'): a notification of type `eventReminder` through
// the notifications module (stored, then socket and web push), and a mail when the user wants mail.
// Once only: a reminder is claimed in `event_reminders` (primary key post, user, kind) by one INSERT … ON
// CONFLICT before anything is sent, so two instances (or a run that overlaps a late one) never both send.
// Still meaningful: the 24h reminder only while the start is more than an hour and at most a day away, the 1h
// one only before the start; so after a long downtime a late 24h reminder is not sent next to the 1h one.
import { formatDateTime, languageOr, type NotificationSettings, REMINDER_KINDS, type ReminderKind } from '#contract'
import { sql } from 'kysely'
import { activeAccounts, postsVisibleTo } from '../../access/policy'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import { HttpError } from '../../lib/errors'
import { checkinQrAttachment } from '../../mail/checkin-qr'
import { eventReminderMail } from '../../mail/templates'
import { checkinUrl } from '../events/checkin-codes'

const HOUR_MS = 3_600_000
const BATCH = 500

/** How far ahead of the start each reminder is due: start − now in (from, to]. */
export const REMINDER_WINDOWS: Record<ReminderKind, { fromMs: number; toMs: number }> = {
  '24h': { fromMs: HOUR_MS, toMs: 24 * HOUR_MS },
  '1h': { fromMs: 0, toMs: HOUR_MS },
}

const SWITCH: Record<ReminderKind, 'remind_24h' | 'remind_1h'> = { '24h': 'remind_24h', '1h': 'remind_1h' }

export interface RemindersOutcome {
  '24h': number
  '1h': number
  mails: number
}

export function createRemindersService(ctx: AppContext) {
  const { db, config, log } = ctx

  /** Participants owed a `kind` reminder now (at most BATCH), not yet claimed for the event's current start. */
  async function due(kind: ReminderKind, now: Date) {
    const window = REMINDER_WINDOWS[kind]
    return db
      .selectFrom('post_participants as pp')
      .innerJoin('posts as p', 'p.id', 'pp.post_id')
      .innerJoin('users as u', 'u.id', 'pp.user_id')
      .select(['pp.post_id', 'pp.user_id', 'pp.checkin_code', 'p.start_date', 'p.title', 'p.online_url', 'p.attendance_mode', 'u.email', 'u.name', 'u.locale', 'u.remind_by_mail'])
      .where('p.event_type', '=', 'EVENT')
      // What everyone may see (decision 015): active, not rejected, its organizer's account active.
      .where(postsVisibleTo(null, 'p'))
      .where('p.cancelled_at', 'is', null)
      .where('p.start_date', 'is not', null)
      .where('p.start_date', '>', nowIso(new Date(now.getTime() + window.fromMs)))
      .where('p.start_date', '<=', nowIso(new Date(now.getTime() + window.toMs)))
      .where((eb) => eb.or([eb('p.end_date', 'is', null), eb('p.end_date', '>', nowIso(now))]))
      // The participant: active, and wants this reminder.
      .where('u.is_activated', '=', 1)
      .where(activeAccounts('u'))
      .where(`u.${SWITCH[kind]}`, '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('event_reminders as r')
              .select(sql<number>`1`.as('one'))
              .whereRef('r.post_id', '=', 'pp.post_id')
              .whereRef('r.user_id', '=', 'pp.user_id')
              .where('r.kind', '=', kind)
              .whereRef('r.start_date', '=', 'p.start_date'),
          ),
        ),
      )
      .orderBy('p.start_date')
      .orderBy('pp.post_id')
      .orderBy('pp.user_id')
      .limit(BATCH)
      .execute()
  }

  /**
   * Claims the reminders: a new row, or a row of an earlier start (the event moved) taken over. Answers the
   * (post, user) pairs this call claimed; a pair another instance claimed first is not among them.
   */
  async function claim(kind: ReminderKind, rows: { post_id: string; user_id: string; start_date: string }[], now: Date) {
    const sentAt = nowIso(now)
    const claimed = await db
      .insertInto('event_reminders')
      .values(rows.map((r) => ({ post_id: r.post_id, user_id: r.user_id, kind, start_date: r.start_date, sent_at: sentAt })))
      .onConflict((oc) =>
        oc
          .columns(['post_id', 'user_id', 'kind'])
          .doUpdateSet((eb) => ({ start_date: eb.ref('excluded.start_date'), sent_at: eb.ref('excluded.sent_at') }))
          .where((eb) => eb('event_reminders.start_date', '!=', eb.ref('excluded.start_date'))),
      )
      .returning(['post_id', 'user_id'])
      .execute()
    return new Set(claimed.map((c) => `${c.post_id}|${c.user_id}`))
  }

  return {
    /** The job: every reminder due now, each sent once across instances. */
    async sendDue(): Promise<RemindersOutcome> {
      const outcome: RemindersOutcome = { '24h': 0, '1h': 0, mails: 0 }
      for (const kind of REMINDER_KINDS) {
        // Each pass claims or skips every row it read (claimed rows are no longer due), so this ends; the cap
        // is only a guard against a start date that keeps changing under the loop.
        for (let pass = 0; pass < 1000; pass++) {
          const now = ctx.now()
          const rows = await due(kind, now)
          if (rows.length === 0) break
          const dated = rows.flatMap((r) => (r.start_date ? [{ ...r, start_date: r.start_date }] : []))
          const claimed = await claim(kind, dated, now)
          const mine = dated.filter((r) => claimed.has(`${r.post_id}|${r.user_id}`))
          const byPost = new Map<string, string[]>()
          for (const r of mine) byPost.set(r.post_id, [...(byPost.get(r.post_id) ?? []), r.user_id])
          // Notification + push: the one path of every notification (api/modules/notifications).
          for (const [postId, recipientIds] of byPost)
            await ctx.domainEvents.emit({ type: 'eventReminder', userFrom: null, postId, kind, recipientIds })
          for (const r of mine) {
            if (r.remind_by_mail !== 1 || !r.email) continue
            const language = languageOr(r.locale)
            const url = `${config.webUrl}/event/${encodeURIComponent(r.post_id)}`
            const time = formatDateTime(r.start_date, language, config.timeZone)
            // The way in at the door (issue 45), for an event in person: the code, and its QR code as the mail's picture.
            const checkinCode = r.attendance_mode === 'ONLINE' ? null : r.checkin_code
            const mail = eventReminderMail(language, r.name, kind, r.title, time, url, r.online_url, checkinCode)
            // The reminder is claimed already: a picture that cannot be drawn must not cost the mail.
            const attachments = checkinCode
              ? await checkinQrAttachment(checkinUrl(config.webUrl, r.post_id, checkinCode)).then(
                  (picture) => [picture],
                  (err: unknown) => (log.error({ err }, 'check-in QR code for a reminder failed'), []),
                )
              : []
            ctx.sendMail({ to: r.email, ...mail, attachments })
            outcome.mails += 1
          }
          outcome[kind] += mine.length
        }
      }
      if (outcome['24h'] || outcome['1h']) log.info({ reminders: outcome }, 'event reminders sent')
      return outcome
    },

    async settings(userId: string): Promise<NotificationSettings> {
      const row = await db
        .selectFrom('users')
        .select(['remind_24h', 'remind_1h', 'remind_by_mail'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!row) throw new HttpError(404, 'notFound')
      return { remind24h: row.remind_24h === 1, remind1h: row.remind_1h === 1, remindByMail: row.remind_by_mail === 1 }
    },

    async saveSettings(userId: string, input: NotificationSettings): Promise<NotificationSettings> {
      await db
        .updateTable('users')
        .set({
          remind_24h: input.remind24h ? 1 : 0,
          remind_1h: input.remind1h ? 1 : 0,
          remind_by_mail: input.remindByMail ? 1 : 0,
          updated_at: nowIso(ctx.now()),
        })
        .where('id', '=', userId)
        .execute()
      return this.settings(userId)
    },
  }
}

export type RemindersService = ReturnType<typeof createRemindersService>
