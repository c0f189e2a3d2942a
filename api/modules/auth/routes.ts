// HTTP layer of SPEC §7 Auth. Request bodies are the contract schemas; answers are documented in
// the OpenAPI document generated from the same zod schemas.
import {
  activateEmailSchema,
  appVersionResponseSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  loginByGoogleSchema,
  loginSchema,
  logoutSchema,
  messageResponseSchema,
  newPasswordSchema,
  refreshSchema,
  registrationSchema,
  resetPasswordSchema,
  translateMessage,
  userSchema,
  verificateEmailSchema,
} from '#contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { languageOf } from '../../lib/errors'
import { currentUser, PENDING_DELETION_OK } from '../../plugins/auth'
import { createGoogleVerifier } from './google'
import { createAuthService } from './service'
import { bearerSecurity, errorResponses } from '../../lib/openapi'

const tags = ['auth']
const errors = errorResponses(400, 401, 403, 409, 429)

export default async function authRoutes(app: FastifyInstance) {
  const { config } = app.ctx
  const service = createAuthService(app.ctx, app.tokens, createGoogleVerifier(config))
  const r = app.withTypeProvider<ZodTypeProvider>()
  const m = config.rateLimitMultiplier
  const perIp = (max: number, minutes: number) => ({
    rateLimit: {
      max: Math.max(1, Math.round(max * m)),
      timeWindow: minutes * 60_000,
      keyGenerator: (req: FastifyRequest) => `ip:${req.ip}`,
    },
  })
  const loginLimit = perIp(10, 15)
  const registrationLimit = perIp(5, 30)
  const codeLimit = perIp(10, 30)
  const msg = (req: FastifyRequest, code: Parameters<typeof translateMessage>[0]) => ({
    message: translateMessage(code, languageOf(req)),
  })

  r.post(
    '/auth/registration',
    {
      config: registrationLimit,
      schema: {
        tags,
        summary: 'Create an account (not activated) and mail a 6-digit code',
        body: registrationSchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await service.register(req.body, languageOf(req))
      return reply.status(201).send(result)
    },
  )

  r.post(
    '/auth/login',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Sign in with email or username and password',
        body: loginSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (req) => service.login(req.body.email, req.body.password, req.body.deviceToken),
  )

  r.post(
    '/auth/loginByGoogle',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        description:
          'Answers 400 googleNotConfigured when GOOGLE_CLIENT_ID is not set; 401 googleTokenInvalid for a forged, expired or foreign token.',
        body: loginByGoogleSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (req) => service.loginByGoogle(req.body.credential, languageOf(req)),
  )

  r.post(
    '/auth/activateEmail',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Mail a new 6-digit code (same answer whether or not the email exists)',
        body: activateEmailSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.activateEmail(req.body.email, languageOf(req))
      return msg(req, 'codeSent')
    },
  )

  r.post(
    '/auth/verificateEmail',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Confirm the email with the code; signs the user in',
        body: verificateEmailSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (req) => service.verifyEmail(req.body.email, req.body.verificationCode),
  )

  r.post(
    '/auth/resetPassword',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Check the code and mail a password reset link',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.requestResetLink(req.body.email, req.body.verificationCode, languageOf(req))
      return msg(req, 'resetLinkSent')
    },
  )

  r.post(
    '/auth/newPassword',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Set a new password with the reset link (ends every session)',
        body: newPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.setNewPassword(req.body.activatedLink, req.body.password)
      return msg(req, 'passwordSet')
    },
  )

  r.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      // An account waiting for deletion may still see itself and sign out.
      config: PENDING_DELETION_OK,
      schema: {
        tags,
        summary: 'End the session: revokes the family of the given refresh token and of the bearer token',
        security: bearerSecurity,
        body: logoutSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req)
      await service.logout(user.id, user.sessionId, req.body.refreshToken)
      return msg(req, 'loggedOut')
    },
  )

  r.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: refreshSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (req) => service.refresh(req.body.refreshToken),
  )

  r.post(
    '/auth/changePassword',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Change the password; ends the user's other sessions",
        description:
          'Keeps the session of `refreshToken` when the body carries it, else the session of the bearer token.',
        security: bearerSecurity,
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req)
      await service.changePassword(
        user.id,
        user.sessionId,
        req.body.oldPassword,
        req.body.password,
        req.body.refreshToken,
      )
      return msg(req, 'passwordChanged')
    },
  )

  r.get(
    '/auth/app-version',
    {
      schema: { tags, summary: 'Store links of the mobile app', response: { 200: appVersionResponseSchema } },
    },
    async () => ({ androidStoreUrl: config.androidStoreUrl, iosStoreUrl: config.iosStoreUrl }),
  )

  r.get(
    '/auth/my',
    {
      preHandler: app.authenticate,
      // An account waiting for deletion may still see itself and sign out.
      config: PENDING_DELETION_OK,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearerSecurity,
        response: { 200: userSchema, ...errors },
      },
    },
    async (req) => service.me(currentUser(req).id),
  )
}
