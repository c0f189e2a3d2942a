// Hook for notifications (a later issue): the events service calls notify() where SPEC §3/ARCHITECTURE
// notifications are created — newPost (author's followers), updatePost (participants), newParticipate
// (organizer), postLike (post owner). Today it only emits on this bus; the notifications module will
// subscribe (or replace notify) without touching the events code.
import { EventEmitter } from 'node:events'

export type EventNotificationType = 'newPost' | 'updatePost' | 'newParticipate' | 'postLike'

export interface EventNotification {
  type: EventNotificationType
  postId: string
  /** Who caused it (author, liker, joiner). */
  userFrom: string
}

export const eventHooks = new EventEmitter()
eventHooks.setMaxListeners(50)

export function notify(notification: EventNotification): void {
  eventHooks.emit('notification', notification)
}
