// POST /realtime/ticket: a short-lived ticket for the socket handshake (never the refresh token, never the
// access token). The web asks for it server-side with the user's bearer token and hands it to the browser.
import { errorResponseSchema, realtimeTicketResponseSchema, REALTIME } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../plugins/auth'
import { bearerSecurity } from '../lib/openapi'
import { HttpError } from '../lib/errors'

export default async function realtimeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/realtime/ticket',
    {
      preHandler: app.requireActivated,
      schema: {
        tags: ['realtime'],
        security: bearerSecurity,
        summary: `A ticket for the socket.io connection at ${REALTIME.path}`,
        description: `Connect socket.io with path "${REALTIME.path}" and auth {ticket} within expiresIn seconds (REALTIME_TICKET_TTL_SECONDS, 60); fetch a new ticket for every (re)connection. Browsers may connect only from WEB_URL. Client → server: online, offline, heartbeat (every ${REALTIME.heartbeatMs} ms). Server → client: get-users (online user ids), server-message:newNotification (the notification).`,
        response: {
          200: realtimeTicketResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const user = currentUser(req)
      // authenticate has checked the session is live; a token without one has no session to tie a socket to.
      if (!user.sessionId) throw new HttpError(401, 'tokenInvalid')
      return app.ctx.realtime.tickets.sign(user.id, user.sessionId)
    },
  )
}
