// Calendar sources (issue 42): /sources for the web's Settings → Calendars and the mobile app.
import { createSourceBodySchema, messageResponseSchema, sourceIdParamsSchema, sourceListQuerySchema, sourceListSchema, sourceSchema, updateSourceBodySchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { languageOf } from '../../lib/errors'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { createSourcesService } from './service'

export default async function sourcesRoutes(app: FastifyInstance) {
  const service = createSourcesService(app.ctx)
  app.addHook('onClose', () => service.close())
  const r = app.withTypeProvider<ZodTypeProvider>()
  const viewer = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req)
    return { id: u.id, role: u.role }
  }

  r.get(
    '/sources',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['sources'],
        security: bearerSecurity,
        summary: 'My calendar sources (all=true: everyone’s, for moderators)',
        querystring: sourceListQuerySchema,
        response: { 200: sourceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({ items: await service.list(viewer(req), req.query.all === 'true', languageOf(req)) }),
  )

  r.post(
    '/sources',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['sources'],
        security: bearerSecurity,
        summary: 'Import a calendar (an iCalendar feed address) as my events, kept in sync',
        description:
          'Runs the first sync at once: 201 with the source and how the sync went (lastOutcome, counts, skipped, lastError). Later syncs run hourly. 400 sourceExists for an address one already imports; 400 sourceLimit past 20 sources.',
        body: createSourceBodySchema,
        response: { 201: sourceSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(req.body, viewer(req), languageOf(req))),
  )

  r.get(
    '/sources/:id',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['sources'],
        security: bearerSecurity,
        summary: 'One calendar source (its owner or a moderator)',
        params: sourceIdParamsSchema,
        response: { 200: sourceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => service.get(req.params.id, viewer(req), languageOf(req)),
  )

  r.patch(
    '/sources/:id',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['sources'],
        security: bearerSecurity,
        summary: 'Change a source’s default categories and place (its owner), or trust or pause it (a moderator)',
        params: sourceIdParamsSchema,
        body: updateSourceBodySchema,
        response: { 200: sourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.update(req.params.id, req.body, viewer(req), languageOf(req)),
  )

  r.delete(
    '/sources/:id',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['sources'],
        security: bearerSecurity,
        summary: 'Stop importing a calendar; the events it imported stay',
        params: sourceIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await service.remove(req.params.id, viewer(req))
      return { message: 'OK' }
    },
  )

  r.post(
    '/sources/:id/sync',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['sources'],
        security: bearerSecurity,
        summary: 'Sync a calendar now',
        description: '200 with the source after the sync. 400 sourcePaused when a moderator paused it.',
        params: sourceIdParamsSchema,
        response: { 200: sourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.syncNow(req.params.id, viewer(req), languageOf(req)),
  )
}
