// The day of the event (issue 45): the organizer's list of the people coming (GET /event/{id}/roster, and as CSV at
// GET /event/{id}/participants.csv), for the printable page and the door.
import { z } from 'zod'
import { userSummarySchema } from './event-answers'

/** One person on the list: who, their email where they agreed to show it to organizers, since when, checked in when. */
export const rosterEntrySchema = z.object({
  user: userSummarySchema,
  /** Only where the person agreed (Settings → Profile: organizers may see my email); else null. */
  email: z.string().nullable(),
  /** When they took their seat, or joined the line. */
  since: z.string(),
  /** When they were checked in at the door (participants only), or null. */
  checkedInAt: z.string().nullable(),
})
export type RosterEntry = z.infer<typeof rosterEntrySchema>

export const rosterSchema = z.object({
  postId: z.string(),
  title: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  address: z.string(),
  /** In the order they took their seats. */
  participants: z.array(rosterEntrySchema),
  /** In line, first first. */
  waiting: z.array(rosterEntrySchema.extend({ position: z.number().int() })),
})
export type Roster = z.infer<typeof rosterSchema>
