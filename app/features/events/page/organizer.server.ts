// The organizer's drawers over an event page (cancel, move, message to everyone) open for one of its organizers only;
// anyone else, a place, or an event the drawer does not fit goes back to the event page.
import { redirect } from '@remix-run/node'
import type { Event } from '#contract'
import { throwApiStatus } from '~/features/profile/profile.server'
import { ok } from '~/utils/api.server'
import { requireActivatedUser } from '~/utils/auth.server'
import { eventPath } from './shared'

export async function requireOrganizedEvent(request: Request, id: string, fits: (event: Event) => boolean = () => true) {
  const { api } = await requireActivatedUser(request)
  let event: Event
  try {
    event = await ok(api.typed.GET('/event/{id}', { params: { path: { id } } }))
  } catch (error) {
    return throwApiStatus(error)
  }
  if (!event.isOwner || event.eventType !== 'EVENT' || !fits(event)) throw redirect(eventPath(id))
  return { api, event }
}
