// A message to everyone of an event (issue 45): its organizers send, its people read. Registered by routes.ts.
import { eventMessageBodySchema, eventMessageListSchema, eventMessageSchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errors, idParams, me, security, tags } from './route-kit'
import type { EventsService } from './service'

export function messageRoutes(app: FastifyInstance, service: EventsService) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/event/:id/messages',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Send a message to the participants (its organizers), and to the waiting list with toWaiting: true',
        description:
          'Body {body} (1–500 characters) and optionally {toWaiting}. Each person it goes to gets a notification (bell, socket, push; our words in their language, the message as written) and a mail. 403 notOrganizer; 400 placeNoParticipants for a place; 429 eventMessageLimit after 5 messages to one event in 24 hours (Retry-After says when the next may go).',
        params: idParams,
        body: eventMessageBodySchema,
        response: { 201: eventMessageSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.sendMessage(req.params.id, req.body, me(req))),
  )

  r.get(
    '/event/:id/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The organizers’ messages of an event, newest first (its participants, organizers and moderators; a person waiting reads those sent to the line)',
        description: 'recipients (how many it went to) for organizers and moderators only. 403 eventMessagesParticipantsOnly for anyone else.',
        params: idParams,
        response: { 200: eventMessageListSchema, ...errors },
      },
    },
    async (req) => ({ messages: await service.messages(req.params.id, me(req)) }),
  )
}
