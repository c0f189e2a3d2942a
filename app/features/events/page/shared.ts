// What the event page's server code and its components share (no server-only imports here).
import type { Event, JoinRequestList, JoinRequestState, UserSummary, WaitlistList } from '#contract'

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
