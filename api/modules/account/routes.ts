// Account deletion (SPEC static page /docs/deleteAccount; ARCHITECTURE "Account deletion"):
// POST /profile/my/deletion/code, POST|GET|DELETE /profile/my/deletion.
import { accountDeletionSchema, accountDeletionStatusSchema, messageResponseSchema } from '#contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languageOf } from '../../lib/errors'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser, PENDING_DELETION_OK } from '../../plugins/auth'
import { createGoogleVerifier } from '../auth/google'
import { createAuthService } from '../auth/service'
import { createAccountService } from './service'

export default async function accountRoutes(app: FastifyInstance) {
  const auth = createAuthService(app.ctx, app.tokens, createGoogleVerifier(app.ctx.config))
  const service = createAccountService(app.ctx, { tokens: app.tokens, auth })
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['profile']
  const security = bearerSecurity
  const errors = errorResponses(400, 401, 403, 404, 429)

  r.post(
    '/profile/my/deletion/code',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Mail a code that confirms the deletion of an account without a password (Google sign-in)',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.sendCode(currentUser(req).id, languageOf(req))
      return { message: 'sent' }
    },
  )

  r.post(
    '/profile/my/deletion',
    {
      preHandler: app.requireActivated,
      schema: {
        tags,
        security,
        summary: 'Ask for the account to be deleted: deactivated now, purged after ACCOUNT_PURGE_DAYS (30)',
        description:
          'Body {password}, or {verificationCode} for an account without a password. Every session ends at once; the profile, posts, follows and participation are hidden; pending invitations are withdrawn; a mail confirms it and says how to cancel. Signing in within the delay allows only GET /auth/my, GET and DELETE /profile/my/deletion and POST /auth/logout (403 deletionPending elsewhere). A repeat answers the pending request.',
        body: accountDeletionSchema,
        response: { 200: accountDeletionStatusSchema, ...errors },
      },
    },
    async (req) => service.request(currentUser(req).id, req.body, languageOf(req)),
  )

  r.get(
    '/profile/my/deletion',
    {
      preHandler: app.authenticate,
      config: PENDING_DELETION_OK,
      schema: {
        tags,
        security,
        summary: 'The pending deletion request: when it was made and when the data goes (404 when there is none)',
        response: { 200: accountDeletionStatusSchema, ...errors },
      },
    },
    async (req) => service.status(currentUser(req).id),
  )

  r.delete(
    '/profile/my/deletion',
    {
      preHandler: app.authenticate,
      config: PENDING_DELETION_OK,
      schema: {
        tags,
        security,
        summary: 'Cancel the deletion request: everything comes back as it was',
        response: { 200: z.object({ cancelled: z.literal(true) }), ...errors },
      },
    },
    async (req) => service.cancel(currentUser(req).id),
  )
}
