import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkDb } from '../../db'
import { errorResponseSchema } from '#contract'

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), database: z.literal('error') }).or(errorResponseSchema),
        },
      },
    },
    async (_req, reply) => {
      try {
        await checkDb(app.ctx.db)
        return { status: 'ok' as const, database: 'ok' as const }
      } catch (err) {
        app.log.error({ err }, 'health: database check failed')
        return reply.status(503).send({ status: 'error' as const, database: 'error' as const })
      }
    },
  )
}
