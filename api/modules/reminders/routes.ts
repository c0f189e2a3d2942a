// The caller's reminder settings (Settings → Notifications): GET and PUT /profile/notificationSettings.
// Sending reminders is a job (api/jobs, service.ts here; docs/decisions/030-event-reminders.md).
import { notificationSettingsSchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import { createRemindersService } from './service'

const tags = ['profile']
const security = bearerSecurity
const errors = errorResponses(400, 401, 403, 404, 429)

export default async function remindersRoutes(app: FastifyInstance) {
  const service = createRemindersService(app.ctx)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/profile/notificationSettings',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: "The caller's reminder switches: a day before, an hour before, and by email",
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (req) => service.settings(currentUser(req).id),
  )

  r.put(
    '/profile/notificationSettings',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: "Save the caller's reminder switches (all three)",
        description:
          'remind24h and remind1h: whether the reminder about a day and about an hour before an event the caller takes part in is sent (as a notification, and by web push on devices with push on). remindByMail: whether those reminders also come by email.',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (req) => service.saveSettings(currentUser(req).id, req.body),
  )
}
