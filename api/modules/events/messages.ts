// A message to everyone of an event (issue 45): an organizer (a group's owners, admins and editors too) tells the
// participants, and if they choose the waiting list, something that matters on the day ("we moved to room 2"). Each
// person hears it as a notification (bell, socket, push) with our words in their language and the organizer's as
// written, and by mail. A few a day per event (EVENT_MESSAGES.perDay); every message is kept with its sender and
// how many it reached (the log), and shown on the event page to those it concerns.
import { EVENT_MESSAGES, type EventMessage, type EventMessageBody, languageOr } from '#contract'
import { activeAccounts } from '../../access/policy'
import type { AppContext } from '../../context'
import { type Db, nowIso } from '../../db'
import type { EventMessagesTable } from '../../db/schema'
import { newId } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'
import { eventMessageMail } from '../../mail/templates'
import { loadUserSummaries, type Viewer } from './relations'
import type { PostRows } from './rows'

const DAY_MS = 24 * 3_600_000

export function createEventMessages(ctx: AppContext, rows: PostRows) {
  const db: Db = ctx.db

  async function toDtos(messages: EventMessagesTable[], viewer: Viewer, organizer: boolean): Promise<EventMessage[]> {
    const senders = await loadUserSummaries(db, messages.flatMap((m) => (m.sender_id ? [m.sender_id] : [])), ctx.config.publicUrl, viewer)
    return messages.map((m) => ({
      _id: m.id,
      body: m.body,
      sender: (m.sender_id && senders.get(m.sender_id)) || null,
      toWaiting: m.to_waiting === 1,
      createdAt: m.created_at,
      recipients: organizer ? m.recipients : null,
    }))
  }

  /** Mails in each person's language, sent in the background (the notification is the message's first way). */
  async function mailEach(recipientIds: string[], senderName: string, title: string, body: string, postId: string) {
    if (recipientIds.length === 0) return
    const url = `${ctx.config.webUrl}/event/${encodeURIComponent(postId)}`
    for (let i = 0; i < recipientIds.length; i += 500) {
      const people = await db
        .selectFrom('users')
        .select(['email', 'name', 'locale'])
        .where('id', 'in', recipientIds.slice(i, i + 500))
        .where('email', 'is not', null)
        .where('remote_actor', 'is', null)
        .where(activeAccounts())
        .execute()
      for (const person of people)
        if (person.email) ctx.sendMail({ to: person.email, ...eventMessageMail(languageOr(person.locale), person.name, senderName, title, body, url) })
    }
  }

  return {
    async sendMessage(id: string, input: EventMessageBody, viewer: Viewer): Promise<EventMessage> {
      const row = await rows.organizerRow(id, viewer)
      if (row.event_type !== 'EVENT') throw new HttpError(400, 'placeNoParticipants')
      const now = ctx.now()
      const recent = await db
        .selectFrom('event_messages')
        .select(['created_at'])
        .where('post_id', '=', id)
        .where('created_at', '>', nowIso(new Date(now.getTime() - DAY_MS)))
        .orderBy('created_at')
        .execute()
      if (recent.length >= EVENT_MESSAGES.perDay) {
        // The next one may go when the oldest of the day's messages is a day old.
        const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0]!.created_at) + DAY_MS - now.getTime()) / 1000))
        throw new HttpError(429, 'eventMessageLimit', {}, { 'retry-after': String(retryAfter) })
      }
      const [seated, waiting] = await Promise.all([
        db.selectFrom('post_participants').select('user_id').where('post_id', '=', id).execute(),
        input.toWaiting ? db.selectFrom('post_waitlist').select('user_id').where('post_id', '=', id).execute() : Promise.resolve([]),
      ])
      const recipientIds = [...new Set([...seated, ...waiting].map((r) => r.user_id))].filter((userId) => userId !== viewer.id)
      const message: EventMessagesTable = {
        id: newId(),
        post_id: id,
        sender_id: viewer.id,
        body: input.body,
        to_waiting: input.toWaiting ? 1 : 0,
        recipients: recipientIds.length,
        created_at: nowIso(now),
      }
      await db.insertInto('event_messages').values(message).execute()
      ctx.log.info({ postId: id, messageId: message.id, senderId: viewer.id, recipients: recipientIds.length, toWaiting: message.to_waiting === 1 }, 'event message sent')
      await ctx.domainEvents.emit({ type: 'eventMessage', userFrom: viewer.id, postId: id, messageId: message.id, recipientIds })
      const [dto] = await toDtos([message], viewer, true)
      const sender = dto!.sender
      const senderName = sender ? `${sender.name} ${sender.lastname}`.trim() || sender.username : ''
      await mailEach(recipientIds, senderName, row.title, input.body, id)
      return dto!
    },

    /**
     * The messages of an event, newest first: every one for its organizers and moderators, every one for a participant
     * (also those sent before they joined: what was said about the event still holds), and those sent to the line for
     * a person waiting. 403 for anyone else.
     */
    async messages(id: string, viewer: Viewer): Promise<EventMessage[]> {
      const { access } = await rows.readableRow(id, viewer)
      const organizer = access.isOwner || access.isModerator
      let onlyToWaiting = false
      if (!organizer && !access.isParticipant) {
        const waits = await db.selectFrom('post_waitlist').select('user_id').where('post_id', '=', id).where('user_id', '=', viewer.id).executeTakeFirst()
        if (!waits) throw new HttpError(403, 'eventMessagesParticipantsOnly')
        onlyToWaiting = true
      }
      let query = db.selectFrom('event_messages').selectAll().where('post_id', '=', id)
      if (onlyToWaiting) query = query.where('to_waiting', '=', 1)
      const found = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute()
      return toDtos(found, viewer, organizer)
    },
  }
}
