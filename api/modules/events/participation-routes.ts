// The events' routes about taking part (SPEC §7 Events): like, view, participate, the participants, the waiting
// list and requests to join. Registered by routes.ts inside its plugin.
import {
  likeBodySchema,
  likeResponseSchema,
  participantsResponseSchema,
  rosterSchema,
  myCheckinSchema,
  checkinBodySchema,
  checkinResultSchema,
  waitlistListSchema,
  joinDecisionBodySchema,
  joinDecisionResultSchema,
  joinRequestListSchema,
  joinRequestStateSchema,
  waitlistResponseSchema,
  participateBodySchema,
  participateResponseSchema,
  viewResponseSchema,
} from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errors, idParams, me, security, tags, viewerOf } from './route-kit'
import type { EventsService } from './service'
import { rosterCsv } from './roster'
import { languageOf } from '../../lib/errors'

export function participationRoutes(app: FastifyInstance, service: EventsService) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.put(
    '/event/:id/like',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Like or unlike: body {like: true|false} sets it (idempotent); no body toggles. Answers the user ids who like it',
        params: idParams,
        body: likeBodySchema,
        response: { 200: likeResponseSchema, ...errors },
      },
    },
    async (req) => service.setLike(req.params.id, me(req), req.body.like),
  )

  r.put(
    '/event/:id/view',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Register a view (once per user); answers the view count',
        params: idParams,
        response: { 200: viewResponseSchema, ...errors },
      },
    },
    async (req) => service.view(req.params.id, me(req)),
  )

  r.put(
    '/event/:id/participate',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Join or leave: body {participate: true|false} sets it (idempotent); no body toggles. Never exceeds maxParticipants',
        description:
          '409 eventFull when no seat is left; 400 eventEnded, placeNoParticipants, organizerCannotJoin; 403 privateEvent/subscribersOnly.',
        params: idParams,
        body: participateBodySchema,
        response: { 200: participateResponseSchema, ...errors },
      },
    },
    async (req) => service.setParticipation(req.params.id, me(req), req.body.participate),
  )

  r.get(
    '/event/:id/participants',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Participants, organizer and limit',
        params: idParams,
        response: { 200: participantsResponseSchema, ...errors },
      },
    },
    async (req) => service.participants(req.params.id, viewerOf(req)),
  )

  r.get(
    '/event/:id/roster',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The list for the day: participants (with check-in) and the waiting list (its organizers only)',
        description:
          'Participants in the order they took their seats, then the waiting list in line. `email` only of people who let organizers see it (PATCH /profile/my shareEmailWithOrganizers). 403 notOrganizer for anyone else (a group’s owners, admins and editors organize its events).',
        params: idParams,
        response: { 200: rosterSchema, ...errors },
      },
    },
    async (req) => service.roster(req.params.id, me(req)),
  )

  r.get(
    '/event/:id/participants.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The list for the day as CSV (its organizers only)',
        description:
          'text/csv, UTF-8 with a BOM, CRLF line ends, a header row in the caller’s language (Accept-Language): list, number, first name, last name, username, email (only where the person agreed), since, checked in (times in the site’s zone, "YYYY-MM-DD HH:mm"). Cells a spreadsheet would run as formulas start with an apostrophe.',
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const list = await service.roster(req.params.id, me(req))
      const name = `participants-${list.postId}.csv`
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(rosterCsv(list, languageOf(req), app.ctx.config.timeZone))
    },
  )

  r.get(
    '/event/:id/checkin/my',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My check-in code for this event (a participant): six characters, and the URL its QR code holds',
        description: '404 notParticipant when the caller has no seat. checkedInAt: when they were let in, or null.',
        params: idParams,
        response: { 200: myCheckinSchema, ...errors },
      },
    },
    async (req) => service.myCheckin(req.params.id, me(req)),
  )

  r.post(
    '/event/:id/checkin',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Check someone in at the door (its organizers): by their code, or by ticking their name',
        description:
          'Body {code} (six characters, any case, spaces ignored) or {userId}. Once: a second use changes nothing and answers already: true with the first time. 400 checkinCodeInvalid, 404 checkinUnknown (no seat of this event has the code: codes work only for their event), 404 notParticipant, 403 notOrganizer.',
        params: idParams,
        body: checkinBodySchema,
        response: { 200: checkinResultSchema, ...errors },
      },
    },
    async (req) => service.checkIn(req.params.id, req.body, me(req)),
  )

  r.delete(
    '/event/:id/checkin/:userId',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Undo a check-in (its organizers): the seat is not checked in any more; answers who, and the counts',
        params: z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) }),
        response: { 200: checkinResultSchema.pick({ user: true, came: true, participants: true }), ...errors },
      },
    },
    async (req) => service.undoCheckin(req.params.id, req.params.userId, me(req)),
  )

  r.put(
    '/event/:id/participant/:userId',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Remove a participant (organizer only)',
        params: z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) }),
        response: { 200: participateResponseSchema, ...errors },
      },
    },
    async (req) => service.removeParticipant(req.params.id, req.params.userId, me(req)),
  )

  const userParams = z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) })

  r.put(
    '/event/:id/waitlist',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Join the waiting list of a full event (or take a free seat at once); idempotent',
        description:
          'Who may join may wait. Seats that free go to the first person waiting in the same transaction, with a notification and a mail. 400 eventEnded, eventCancelled, placeNoParticipants, organizerCannotJoin; 403 privateEvent/subscribersOnly.',
        params: idParams,
        response: { 200: waitlistResponseSchema, ...errors },
      },
    },
    async (req) => service.joinWaitlist(req.params.id, me(req)),
  )

  r.delete(
    '/event/:id/waitlist',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Leave the waiting list (idempotent)',
        params: idParams,
        response: { 200: waitlistResponseSchema, ...errors },
      },
    },
    async (req) => service.leaveWaitlist(req.params.id, me(req)),
  )

  r.get(
    '/event/:id/waitlist',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The waiting list in order (organizer and moderators)',
        params: idParams,
        response: { 200: waitlistListSchema, ...errors },
      },
    },
    async (req) => service.waitlist(req.params.id, me(req)),
  )

  r.delete(
    '/event/:id/waitlist/:userId',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Take someone off the waiting list (organizer only)',
        description: '404 notWaiting when the user is not in line.',
        params: userParams,
        response: { 200: waitlistResponseSchema, ...errors },
      },
    },
    async (req) => service.removeFromWaitlist(req.params.id, req.params.userId, me(req)),
  )

  r.put(
    '/event/:id/join-request',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Ask to join an event that needs the organizer’s approval (idempotent)',
        description:
          'For events with joinApproval, by anyone the access type lets join, except invitees (they join directly: 400 approvalNotNeeded, as for other events). The organizer is notified. 403 requestDeclined after the organizer declined; 400 eventEnded, eventCancelled, placeNoParticipants, organizerCannotJoin; 403 privateEvent/subscribersOnly.',
        params: idParams,
        response: { 200: joinRequestStateSchema, ...errors },
      },
    },
    async (req) => service.askToJoin(req.params.id, me(req)),
  )

  r.delete(
    '/event/:id/join-request',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Withdraw a pending request to join (idempotent; a declined request stays)',
        params: idParams,
        response: { 200: joinRequestStateSchema, ...errors },
      },
    },
    async (req) => service.withdrawRequest(req.params.id, me(req)),
  )

  r.get(
    '/event/:id/join-requests',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The requests waiting for the organizer’s decision, oldest first (organizer and moderators)',
        params: idParams,
        response: { 200: joinRequestListSchema, ...errors },
      },
    },
    async (req) => service.joinRequests(req.params.id, me(req)),
  )

  r.put(
    '/event/:id/join-requests',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Accept or decline every pending request, oldest first (organizer only)',
        description:
          'ACCEPT seats each person while seats are free and puts the rest on the waiting list, in one seat transaction; each hears the answer (bell, socket, push, mail). 400 eventEnded, eventCancelled; 403 notOrganizer.',
        params: idParams,
        body: joinDecisionBodySchema,
        response: { 200: joinDecisionResultSchema, ...errors },
      },
    },
    async (req) => service.decideJoinRequests(req.params.id, null, req.body, me(req)),
  )

  r.put(
    '/event/:id/join-requests/:userId',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Accept or decline one pending request (organizer only)',
        description: 'As PUT /event/{id}/join-requests for one person. 404 noJoinRequest when they have no pending request.',
        params: userParams,
        body: joinDecisionBodySchema,
        response: { 200: joinDecisionResultSchema, ...errors },
      },
    },
    async (req) => service.decideJoinRequests(req.params.id, req.params.userId, req.body, me(req)),
  )
}
