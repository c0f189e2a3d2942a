// SPEC §7 Invitations. Every route needs a signed-in, activated user; the rules are in service.ts.
import {
  createInvitationResponseSchema,
  createInvitationSchema,
  invitationIdParams,
  invitationStatusesSchema,
  myInvitationsQuerySchema,
  myInvitationsResponseSchema,
  respondInvitationResponseSchema,
  respondInvitationSchema,
  revokeInvitationResponseSchema,
  revokeInvitationSchema,
} from '#contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth'
import type { Viewer } from '../events/relations'
import { createInvitationsService } from './service'
import { bearerSecurity, errorResponses } from '../../lib/openapi'

const tags = ['invitations']
const security = bearerSecurity
const errors = errorResponses(400, 401, 403, 404, 409, 429)

export default async function invitationsRoutes(app: FastifyInstance) {
  const service = createInvitationsService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const me = (req: FastifyRequest): Viewer => {
    const u = currentUser(req)
    return { id: u.id, role: u.role, isActivated: u.isActivated }
  }

  r.post(
    '/invitations',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: "Invite followers to an event (organizer only; 1–50 recipients)",
        description:
          "Recipients must follow the organizer (400 notFollower / cannotInviteSelf, per index in errors). Not for places (400 invitationsNotForPlaces) nor ended events (400 eventEnded). Recipients invited before to this event (any status) or taking part already are skipped and reported with result alreadyInvited / alreadyParticipant; when nobody is left: 409 alreadyInvited. Each new recipient gets an `invite` notification (entityId = postId).",
        body: createInvitationSchema,
        response: { 201: createInvitationResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(req.body, me(req))),
  )

  r.get(
    '/invitations/my',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Invitations the caller received, newest first (20 per page)',
        description:
          'Each item is the event (as the caller may see it) plus postId, invitationId, status (PENDING/ACCEPTED/DECLINED), invitedAt and invitedBy. Deleted and rejected events are left out.',
        querystring: myInvitationsQuerySchema,
        response: { 200: myInvitationsResponseSchema, ...errors },
      },
    },
    async (req) => service.mine(me(req), req.query.page),
  )

  r.get(
    '/invitations/:id/statuses',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Recipients and their status (organizer only)',
        description: '{id}: an invitation id (its recipients) or the event id (every recipient of the event).',
        params: invitationIdParams,
        response: { 200: invitationStatusesSchema, ...errors },
      },
    },
    async (req) => service.statuses(req.params.id, me(req)),
  )

  r.post(
    '/invitations/:id/respond',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Accept or decline (the recipient only)',
        description:
          '{id}: the invitation id (or the event id). ACCEPTED joins the event within maxParticipants in one transaction: 409 eventFull leaves the status unchanged; 400 eventEnded. DECLINED leaves the event if the caller took part. Anyone but the recipient: 404 invitationNotFound.',
        params: invitationIdParams,
        body: respondInvitationSchema,
        response: { 200: respondInvitationResponseSchema, ...errors },
      },
    },
    async (req) => service.respond(req.params.id, req.body.status, me(req)),
  )

  r.delete(
    '/invitations/:id/user',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: "Revoke one recipient's invitation (organizer only; body {userId})",
        description:
          '{id}: an invitation id or the event id. The user loses the invitation-based access; one who had accepted also leaves the event. 404 notInvited when the user has no invitation to this event.',
        params: invitationIdParams,
        body: revokeInvitationSchema,
        response: { 200: revokeInvitationResponseSchema, ...errors },
      },
    },
    async (req) => service.revoke(req.params.id, req.body.userId, me(req)),
  )
}
