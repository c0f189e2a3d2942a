// Loader and action of the console's post editor: the event form's, for a super admin, on any post.
import type { EventType } from '#contract'
import { eventFormAction, eventFormLoader } from '~/features/events/form/event-form.server'

/** The table the editor was opened from, with its filters (the editor's URL keeps them). */
export function tablePathOf(request: Request, kind: 'events' | 'places'): string {
  return `/moderation/${kind}${new URL(request.url).search}`
}

export function postEditorLoader(request: Request, kind: 'events' | 'places', id: string) {
  const eventType: EventType = kind === 'events' ? 'EVENT' : 'PLACE'
  return eventFormLoader(request, { kind: 'moderate', id, eventType, back: tablePathOf(request, kind) })
}

export function postEditorAction(request: Request, kind: 'events' | 'places', id: string) {
  const eventType: EventType = kind === 'events' ? 'EVENT' : 'PLACE'
  return eventFormAction(request, { kind: 'moderate', id, eventType, back: tablePathOf(request, kind) })
}
