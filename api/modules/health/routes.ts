import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkDb } from '../../db'
import { errorResponseSchema } from '#contract'

const state = z.enum(['ok', 'error'])

/** Whether Redis answers within a second (commands fail at once while it is away: api/lib/redis.ts). */
async function redisAnswers(redis: NonNullable<FastifyInstance['ctx']['redis']>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, 1000, false)
  })
  try {
    return await Promise.race([redis.ping().then(() => true, () => false), late])
  } finally {
    clearTimeout(timer)
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the database and, with REDIS_URL, Redis',
        description:
          'A load balancer takes an instance out while this answers 503: the database or (with REDIS_URL) Redis does not answer. Pages keep working without Redis; shared rate limits and realtime across instances do not.',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.literal('ok').optional() }),
          503: z.object({ status: z.literal('error'), database: state, redis: state.optional() }).or(errorResponseSchema),
        },
      },
    },
    async (_req, reply) => {
      const { db, redis } = app.ctx
      const [database, redisOk] = await Promise.all([
        checkDb(db).then(
          () => true,
          (err: unknown) => {
            app.log.error({ err }, 'health: database check failed')
            return false
          },
        ),
        redis ? redisAnswers(redis) : Promise.resolve(null),
      ])
      const body = {
        database: database ? ('ok' as const) : ('error' as const),
        ...(redisOk === null ? {} : { redis: redisOk ? ('ok' as const) : ('error' as const) }),
      }
      if (database && redisOk !== false) return { status: 'ok' as const, database: 'ok' as const, ...(redisOk ? { redis: 'ok' as const } : {}) }
      return reply.status(503).send({ status: 'error' as const, ...body })
    },
  )
}
