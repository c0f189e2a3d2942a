// SPEC §7 "POST /push/web {subscription, userId}", plus DELETE /push/web and GET /push/vapidPublicKey for
// the web's service worker. Sending happens in api/modules/notifications (every new notification).
import {
  errorResponseSchema,
  pushUnsubscribeBodySchema,
  pushWebBodySchema,
  pushWebResponseSchema,
  vapidPublicKeyResponseSchema,
} from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../lib/errors'
import { currentUser } from '../../plugins/auth'
import { createPushService } from './service'
import { bearerSecurity, errorResponses } from '../../lib/openapi'

const tags = ['push']
const security = bearerSecurity
const errors = errorResponses(400, 401, 403, 404, 429)

export default async function pushRoutes(app: FastifyInstance) {
  const service = createPushService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/push/vapidPublicKey',
    {
      schema: {
        tags,
        summary: 'The VAPID public key (applicationServerKey) for pushManager.subscribe; null when web push is off',
        response: { 200: vapidPublicKeyResponseSchema, 429: errorResponseSchema },
      },
    },
    async () => ({ publicKey: app.ctx.webPush.publicKey, enabled: app.ctx.webPush.enabled }),
  )

  r.post(
    '/push/web',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: "Save the caller's push subscription (upsert by endpoint)",
        description:
          'The subscription is stored for the bearer token\'s user. userId is optional; a userId other than the caller\'s answers 403 pushUserMismatch. An endpoint already stored moves to the caller. At most 20 subscriptions per user (the oldest go). Endpoints must be https:// on a public host.',
        body: pushWebBodySchema,
        response: { 201: pushWebResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const me = currentUser(req)
      if (req.body.userId !== undefined && req.body.userId !== '' && req.body.userId !== me.id)
        throw new HttpError(403, 'pushUserMismatch', { userId: ['pushUserMismatch'] })
      return reply.status(201).send(await service.subscribe(me.id, req.body.subscription))
    },
  )

  r.delete(
    '/push/web',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Remove one of the caller's push subscriptions (body {endpoint})",
        body: pushUnsubscribeBodySchema,
        response: { 200: z.object({ endpoint: z.string(), deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => service.unsubscribe(currentUser(req).id, req.body.endpoint),
  )
}
