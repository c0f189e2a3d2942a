// Webhooks (issue 42): /webhooks for the web's Settings → Webhooks and the mobile app.
import { createdWebhookSchema, createWebhookBodySchema, messageResponseSchema, updateWebhookBodySchema, webhookDeliveryListSchema, webhookIdParamsSchema, webhookListSchema, webhookSchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { languageOf } from '../../lib/errors'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { webhooksOf } from './index'

export default async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const service = () => webhooksOf(app.ctx).service
  const viewer = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req)
    return { id: u.id, role: u.role }
  }
  const tags = ['webhooks']
  const security = bearerSecurity

  r.get('/webhooks', { preHandler: app.requireActivated, schema: { tags, security, summary: 'My webhooks', response: { 200: webhookListSchema, ...errorResponses(401, 403) } } }, async (req) => ({
    items: await service().list(viewer(req), languageOf(req)),
  }))

  r.post(
    '/webhooks',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Register an endpoint for events (Standard Webhooks); the answer holds its secret, this once',
        description:
          'events: event.created, event.updated, event.cancelled, event.deleted, participant.joined, participant.left. scope OWN (default): the caller’s events; SITE: every public event (admins; 403 webhookSiteAdminsOnly). Each message is signed: webhook-id, webhook-timestamp, webhook-signature (v1, HMAC-SHA256 over id.timestamp.body with the whsec_ secret).',
        body: createWebhookBodySchema,
        response: { 201: createdWebhookSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => reply.status(201).send(await service().create(req.body, viewer(req), languageOf(req))),
  )

  r.get('/webhooks/:id', { preHandler: app.requireActivated, schema: { tags, security, summary: 'One of my webhooks', params: webhookIdParamsSchema, response: { 200: webhookSchema, ...errorResponses(401, 403, 404) } } }, async (req) =>
    service().get(req.params.id, viewer(req), languageOf(req)),
  )

  r.patch(
    '/webhooks/:id',
    {
      preHandler: app.requireActivated,
      schema: { tags, security, summary: 'Change a webhook’s address, events or description; enabled: true turns it on again', params: webhookIdParamsSchema, body: updateWebhookBodySchema, response: { 200: webhookSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (req) => service().update(req.params.id, req.body, viewer(req), languageOf(req)),
  )

  r.delete('/webhooks/:id', { preHandler: app.requireActivated, schema: { tags, security, summary: 'Remove a webhook and its log', params: webhookIdParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) } } }, async (req) => {
    await service().remove(req.params.id, viewer(req))
    return { message: 'OK' }
  })

  r.get(
    '/webhooks/:id/deliveries',
    { preHandler: app.requireActivated, schema: { tags, security, summary: 'The last 50 deliveries: status, attempts, the receiver’s answer and its time', params: webhookIdParamsSchema, response: { 200: webhookDeliveryListSchema, ...errorResponses(401, 403, 404) } } },
    async (req) => ({ items: await service().deliveries(req.params.id, viewer(req)) }),
  )

  r.post(
    '/webhooks/:id/test',
    { preHandler: app.requireActivated, schema: { tags, security, summary: 'Send a webhook.test message through the queue', params: webhookIdParamsSchema, response: { 202: messageResponseSchema, ...errorResponses(401, 403, 404) } } },
    async (req, reply) => {
      await service().test(req.params.id, viewer(req))
      return reply.status(202).send({ message: 'Queued' })
    },
  )
}
