// What happened in the API that other areas react to (notifications → realtime and web push). One bus
// per app instance, on `app.ctx.domainEvents`: several instances in one process (tests, a test of two
// API nodes) never hear each other. `emit` waits for its listeners, so a notification is stored before
// the response that caused it is sent.
//
// Emitted on its own, a listener's failure is logged and never fails the request. Emitted inside a write
// transaction (`emit(event, work)`, decision 032), the listeners write through that transaction and queue
// their deliveries for after the commit; a failure fails the whole unit, which rolls back: a decision never
// commits without its notifications, nor they without it.
import type { ReminderKind } from '#contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Work } from '../db/transaction'

export type DomainEvent =
  /** newPost → the author's followers; updatePost → participants; newParticipate → organizer; postLike → owner. */
  | { type: 'newPost' | 'updatePost' | 'newParticipate' | 'postLike'; postId: string; userFrom: string }
  | { type: 'follow'; userFrom: string; followeeId: string }
  /** Someone stopped following someone (a followed remote actor's server hears Undo; decision 040). */
  | { type: 'unfollow'; userFrom: string; followeeId: string }
  | { type: 'invite'; userFrom: string; postId: string; invitationId: string; recipientIds: string[] }
  /** A moderator's decision that the owner must hear of (a REJECTED status, a DELETED post): the log row tells what. */
  | { type: 'moderation'; userFrom: string; recipientId: string; targetId: string; logId: string }
  /** A moderator closed a report: its reporter hears that it was reviewed. */
  | { type: 'reportClosed'; userFrom: string; recipientId: string; reportId: string }
  /** Seats freed and these people, first on the waiting list, now take part (userFrom: the organizer). */
  | { type: 'waitlistSeat'; userFrom: string; postId: string; recipientIds: string[] }
  /** Someone asks to join an event that needs approval: its organizer hears of it (decision 042). */
  | { type: 'joinRequest'; userFrom: string; postId: string }
  /** The organizer decided on requests: seated, put in line (a full event) or declined (userFrom: the organizer). */
  | { type: 'joinAccepted' | 'joinWaitlisted' | 'joinDeclined'; userFrom: string; postId: string; recipientIds: string[] }
  /** The organizer cancelled the event or moved it: its participants, people waiting and invitees hear of it. */
  | { type: 'eventCancelled' | 'eventMoved'; userFrom: string; postId: string }
  /** The organizer deleted their post, or added or removed a photo (the fediverse hears it; decision 039). */
  | { type: 'postRemoved' | 'postPhotosChanged'; userFrom: string; postId: string }
  /** An account asked to be deleted (deactivated now) or was purged: its events leave the fediverse. */
  | { type: 'accountGone'; userFrom: string; purged: boolean }
  /** Someone was invited to a group (issue 45): the invitee's bell rings (they hear by mail too). */
  | { type: 'groupInvite'; userFrom: string; groupId: string; recipientIds: string[] }
  /** A group was suspended, restored or deleted (by its owners, a moderator, or its last member's purge; issue 45):
   * the fediverse hears of its events, and of the actor when it is gone. */
  | { type: 'groupChanged'; userFrom: string | null; groupId: string; gone: boolean }
  /** A person turned the federation of their events on or off (Settings). */
  | { type: 'federationSwitch'; userFrom: string }
  /** Someone left an event, or its organizer took them off (webhooks hear of it; no bell rings). */
  | { type: 'participantLeft'; postId: string; userFrom: string }
  /** A calendar sync imported these events of its owner (issue 42): the fediverse hears of them, no bell rings. */
  | { type: 'postsImported'; userFrom: string; postIds: string[] }
  /** An event starts soon: its participants whose reminder was claimed (api/modules/reminders); from nobody. */
  | { type: 'eventReminder'; userFrom: null; postId: string; kind: ReminderKind; recipientIds: string[] }
  /** An organizer's message to the people of an event (issue 45): the participants, and the line if they chose. */
  | { type: 'eventMessage'; userFrom: string; postId: string; messageId: string; recipientIds: string[] }

export type DomainEventListener = (event: DomainEvent, work?: Work) => void | Promise<void>

export interface DomainEvents {
  emit(event: DomainEvent, work?: Work): Promise<void>
  /** Returns the unsubscribe function. */
  on(listener: DomainEventListener): () => void
}

export function createDomainEvents(log: FastifyBaseLogger): DomainEvents {
  const listeners = new Set<DomainEventListener>()
  return {
    async emit(event, work) {
      if (work) {
        // One transaction runs one statement at a time: the listeners take their turns.
        for (const listener of listeners) await listener(event, work)
        return
      }
      const outcomes = await Promise.allSettled([...listeners].map(async (listener) => listener(event)))
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') log.error({ err: outcome.reason, event }, 'domain event listener failed')
    },
    on(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
