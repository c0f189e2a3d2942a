// The day of the event (issue 45): the organizer's list of the people coming (GET /event/{id}/roster, and as CSV at
// GET /event/{id}/participants.csv), for the printable page and the door.
import { z } from 'zod'
import { formSwitch } from './common'
import { EVENT_MESSAGES } from './constants'
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

/** GET /event/{id}/checkin/my: the caller's code for the door, and what the QR code holds (the organizer's page). */
export const myCheckinSchema = z.object({
  code: z.string(),
  /** The organizer's check-in page with this code filled in: what the QR code holds, so a phone's camera app opens it. */
  url: z.string(),
  checkedInAt: z.string().nullable(),
})
export type MyCheckin = z.infer<typeof myCheckinSchema>

/** POST /event/{id}/checkin: the code typed or scanned at the door, or the person ticked on the list; one of them. */
export const checkinBodySchema = z
  .object({
    code: z.string({ error: 'invalidValue' }).trim().max(20, 'checkinCodeInvalid').optional(),
    userId: z.string({ error: 'invalidValue' }).min(1, 'required').max(100, 'invalidValue').optional(),
  })
  .strict()
  .refine((body) => (body.code === undefined) !== (body.userId === undefined), { message: 'checkinCodeInvalid', path: ['code'] })
export type CheckinBody = z.infer<typeof checkinBodySchema>

/** Who was let in, when and by whom (or, with `already`, when they had been: a code works once). */
export const checkinResultSchema = z.object({
  user: userSummarySchema,
  checkedInAt: z.string(),
  /** They had been checked in before: a code works once, and a second scan says when it was used (still 200). */
  already: z.boolean(),
  /** How many of the event's participants came, of how many. */
  came: z.number().int(),
  participants: z.number().int(),
})
export type CheckinResult = z.infer<typeof checkinResultSchema>

/** The web's door page (/event/{id}/checkin): a code typed (or scanned), a name ticked, a check-in undone. */
export const checkinIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('code'), code: z.string({ error: 'checkinCodeInvalid' }).trim().min(1, 'checkinCodeInvalid').max(20, 'checkinCodeInvalid') }),
  z.object({ intent: z.literal('tick'), userId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal('undo'), userId: z.string().min(1).max(100) }),
])

// --- a message to everyone (issue 45) -------------------------------------------------------------------------

const messageBodyField = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(EVENT_MESSAGES.maxLength, 'tooLong')

/** POST /event/{id}/messages: what the organizer tells the participants, and whether the waiting list hears it too. */
export const eventMessageBodySchema = z
  .object({
    body: messageBodyField,
    toWaiting: z.boolean({ error: 'invalidValue' }).optional().default(false),
  })
  .strict()
export type EventMessageBody = z.input<typeof eventMessageBodySchema>

/** The web's form of it (/event/{id}/message): the same rules, the switch a checkbox. */
export const eventMessageFormSchema = z.object({ body: messageBodyField, toWaiting: formSwitch })

/** A message as the people it went to (and the organizers) see it. */
export const eventMessageSchema = z.object({
  _id: z.string(),
  body: z.string(),
  /** Who sent it: one of the organizers (null once their account is gone). */
  sender: userSummarySchema.nullable(),
  toWaiting: z.boolean(),
  createdAt: z.string(),
  /** How many people it was sent to: for the organizers only (else null). */
  recipients: z.number().int().nullable(),
})
export type EventMessage = z.infer<typeof eventMessageSchema>

/** GET /event/{id}/messages: newest first; the organizers see every one, a participant those sent to them. */
export const eventMessageListSchema = z.object({ messages: z.array(eventMessageSchema) })
export type EventMessageList = z.infer<typeof eventMessageListSchema>
