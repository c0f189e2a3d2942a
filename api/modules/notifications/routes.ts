// SPEC §7 Notifications. Only the recipient sees or touches a notification (others get 404). The module
// also listens to the domain events of the app (api/lib/domain-events.ts) and turns them into notifications.
import {
  deleteNotificationResponseSchema,
  latestNotificationsSchema,
  markAllOpenedResponseSchema,
  notificationIdParams,
  notificationPageSchema,
  notificationSchema,
  notificationsQuerySchema,
} from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth'
import { createNotificationsService } from './service'
import { bearerSecurity, errorResponses } from '../../lib/openapi'

const tags = ['notifications']
const security = bearerSecurity
const errors = errorResponses(400, 401, 403, 404, 429)

export default async function notificationsRoutes(app: FastifyInstance) {
  const service = createNotificationsService(app.ctx)
  const unsubscribe = app.ctx.domainEvents.on((event, work) => service.handle(event, work))
  app.addHook('onClose', async () => {
    unsubscribe()
    await service.flush()
  })

  const r = app.withTypeProvider<ZodTypeProvider>()
  const guard = { preHandler: app.requireActivated }
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id

  r.get(
    '/notifications',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first (20 per page)",
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (req) => service.list(me(req), req.query.page),
  )

  r.get(
    '/notifications/latest',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'The latest 10 notifications (opened or not) and count = the number not opened yet',
        response: { 200: latestNotificationsSchema, ...errors },
      },
    },
    async (req) => service.latest(me(req)),
  )

  r.put(
    '/notifications/markAsOpened',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: "Mark all the caller's notifications opened",
        response: { 200: markAllOpenedResponseSchema, ...errors },
      },
    },
    async (req) => service.markAllOpened(me(req)),
  )

  r.put(
    '/notifications/:id/markAsOpened',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Mark one notification opened (keeps the first openedAt)',
        params: notificationIdParams,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (req) => service.markOpened(me(req), req.params.id),
  )

  r.delete(
    '/notifications/:id',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Delete one notification',
        params: notificationIdParams,
        response: { 200: deleteNotificationResponseSchema, ...errors },
      },
    },
    async (req) => service.remove(me(req), req.params.id),
  )
}
