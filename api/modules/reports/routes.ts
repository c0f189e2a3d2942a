// POST /reports (ARCHITECTURE "Reports are real"): signed-in, activated users report a post or a user.
import { reportResponseSchema, reportSchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { createReportsService } from './service'

export default async function reportsRoutes(app: FastifyInstance) {
  const service = createReportsService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/reports',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['reports'],
        security: bearerSecurity,
        summary: 'Report a post or a user (spam, inappropriate, harassment, fraud, other: details required)',
        description:
          '201 with a new report; 200 when the caller already has an OPEN report of the same target (it is updated). 400 cannotReportYourself for oneself or one’s own post; 404 when the target does not exist for the caller; 429 over 20 reports an hour.',
        body: reportSchema,
        response: { 200: reportResponseSchema, 201: reportResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req, reply) => {
      const u = currentUser(req)
      const { created, report } = await service.report(req.body, { id: u.id, role: u.role, isActivated: u.isActivated })
      return reply.status(created ? 201 : 200).send(report)
    },
  )
}
