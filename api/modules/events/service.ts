// The events service (SPEC §4, §5, §7 Events; ARCHITECTURE "Rules the spec leaves open"), in parts a reader
// can hold: writing posts, lists and reads, taking part. Routes and the moderation console use this one face.
import type { AppContext } from '../../context'
import { createEventLists } from './lists'
import { createJoinRequests } from './join-requests'
import { createParticipation } from './participation'
import { createPostRows } from './rows'
import { createRoster } from './roster'
import { createCheckin } from './checkin'
import { createEventMessages } from './messages'
import { createPostWriting } from './writing'

export function createEventsService(ctx: AppContext) {
  const rows = createPostRows(ctx)
  return {
    ...createPostWriting(ctx, rows),
    ...createEventLists(ctx, rows),
    ...createParticipation(ctx, rows),
    ...createJoinRequests(ctx, rows),
    ...createRoster(ctx, rows),
    ...createCheckin(ctx, rows),
    ...createEventMessages(ctx, rows),
    /** A post row by id, whatever its status (the console's calls). */
    row: rows.getRow,
  }
}

export type EventsService = ReturnType<typeof createEventsService>
