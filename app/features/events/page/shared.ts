// What the event page's server code and its components share (no server-only imports here).
import type { Event, EventMessage, JoinRequestList, JoinRequestState, UserSummary, WaitlistList } from '#contract'
import type { QrPath } from '#contract/qr'

/** A participant's way in at the door (issue 45): six characters, and the QR code of the organizer's check-in link. */
export interface Ticket {
  code: string
  checkedInAt: string | null
  qr: QrPath
}

export type PrivateReason = 'privateEvent' | 'subscribersOnly'

export type EventPageData =
  | {
      kind: 'event'
      event: Event
      /** Null for places, or when the list could not be loaded. */
      participants: UserSummary[] | null
      /** The waiting list in order: for the organizer only (else null). */
      waiting: WaitlistList['waiting'] | null
      /** The requests to join waiting for a decision: for the organizer of an event with approval (else null). */
      requests: JoinRequestList | null
      /** The viewer's check-in code and its QR code, while they take part in an event to come (else null). */
      ticket: Ticket | null
      /** The organizers' messages, newest first, for those they concern (else empty). */
      messages: EventMessage[]
      /** ?notice=login: a signed-out visitor pressed Join without JavaScript. */
      notice: 'login' | null
      pageUrl: string
      origin: string
    }
  | { kind: 'private'; id: string; reason: PrivateReason; signedIn: boolean; pageUrl: string; origin: string }

/** The answer of a fetcher submission (with JavaScript); without it every intent redirects. */
export type EventActionData =
  | {
      intent: 'participate'
      isParticipant: boolean
      participantsCount: number
      maxParticipants: number | null
      /** Set by the waiting-list intents (the join/leave answer does not carry the line). */
      waitlistPosition?: number | null
      waitlistCount?: number
    }
  | ({ intent: 'request' } & Pick<JoinRequestState, 'joinRequest' | 'isParticipant' | 'waitlistPosition'>)
  | { intent: 'like'; isLiked: boolean; likesCount: number }
  | { intent: 'login' }
  | { intent: 'error'; message: string }


export const eventPath = (id: string) => `/event/${encodeURIComponent(id)}`
export const signInPath = (id: string) => `/auth?redirectTo=${eventPath(id)}`
export const calendarPath = (id: string) => `${eventPath(id)}/calendar.ics`
export const invitePath = (id: string, page = 1) => `${eventPath(id)}/invite${page > 1 ? `?page=${page}` : ''}`
