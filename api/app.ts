// Builds the Fastify instance of the API (tests use it; main.ts starts it).
import fs from 'node:fs'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify'
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { AppContext } from './context'
import { createDb, type DbHandle } from './db'
import { createDomainEvents } from './lib/domain-events'
import { HttpError, registerErrorHandling, validatorCompiler } from './lib/errors'
import { findInputIssues } from './lib/input-scan'
import { connectRedis } from './lib/redis'
import { createFederationService } from './federation'
import { listenForFederation } from './federation/listener'
import { setUpWebhooks } from './modules/webhooks'
import { createMailer, type Mailer, type OutgoingMail } from './mail'
import { createImageStore } from './media/images'
import { type FileStorage, storageFor } from './media/storage'
import { createTokenService } from './modules/auth/tokens'
import { modules } from './modules'
import { createWebPush, type PushTransport } from './modules/push/web-push'
import authPlugin from './plugins/auth'
import { attachRealtime } from './realtime/server'
import { declareRoutePermissions } from './access/route-permissions'
import { createPrettyStream } from './lib/pretty-log'
import { redactUrl } from './lib/redact-url'

export interface BuildOverrides {
  mailer?: Mailer
  logger?: FastifyBaseLogger
  /** An already open database (the caller closes it). */
  db?: DbHandle
  /** Where the built-in pino logger writes (tests capture it); ignored with `logger`. */
  logStream?: NodeJS.WritableStream
  /** How web push requests are sent (default: fetch to the subscription's endpoint). */
  pushTransport?: PushTransport
  /** The time of the app's rules (report ages, the account purge); tests move it. Default: the system clock. */
  clock?: () => Date
  /** Where photos are kept (default: the configuration's S3 bucket or UPLOADS_DIR). */
  storage?: FileStorage
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.password_hash',
  '*.accessToken',
  '*.refreshToken',
  '*.credential',
  '*.verificationCode',
  '*.activatedLink',
  '*.token',
]

export const BODY_LIMIT_BYTES = 1024 * 1024
/** How long a stopping instance lets requests in flight finish before it cuts their connections. */
const CLOSE_GRACE_MS = 5000

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(overrides.logger
      ? { loggerInstance: overrides.logger }
      : {
          logger: {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              // Fastify's own request fields, with the URL's secrets hidden.
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
            ...(overrides.logStream
              ? { stream: overrides.logStream }
              : config.logFormat === 'pretty'
                ? { stream: createPrettyStream() }
                : {}),
          },
        }),
    // Fastify accepts a hop count at run time although its typings omit it.
    trustProxy: config.trustProxy as string | boolean,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // On close (SIGTERM): idle keep-alive connections end at once; requests in flight finish (graceful stop).
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  // JSON only: an empty JSON body counts as no body; text/plain is refused with 415.
  const defaultJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined)
    defaultJson(req, body as string, done)
  })
  // A route with a body schema and no body at all validates `{}` so every missing field is named.
  app.addHook('preValidation', async (request) => {
    if ((request.body === undefined || request.body === null) && request.routeOptions.schema?.body) {
      request.body = {}
    }
    // NUL characters cannot be stored as text (PostgreSQL refuses them), and no payload of ours is deeply
    // nested: answer 400, never 500.
    const bad = {
      ...findInputIssues(request.body),
      ...findInputIssues(request.query),
      ...findInputIssues(request.params),
    }
    if (Object.keys(bad).length > 0) throw new HttpError(400, 'validationFailed', bad)
  })

  // --- context ------------------------------------------------------------------------------
  if (config.database.dialect === 'sqlite') {
    fs.mkdirSync(config.dataDir, { recursive: true })
  }
  const dbHandle =
    overrides.db ?? createDb(config.database, { onPoolError: (err) => app.log.error({ err }, 'database pool error') })
  const mailer = overrides.mailer ?? createMailer(config, app.log)
  const pendingMail = new Set<Promise<void>>()
  const ctx: AppContext = {
    config,
    db: dbHandle.db,
    dialect: dbHandle.dialect,
    mailer,
    log: app.log,
    domainEvents: createDomainEvents(app.log),
    realtime: attachRealtime(app.server, { config, db: dbHandle.db, log: app.log }),
    webPush: createWebPush(config, app.log, overrides.pushTransport),
    redis: config.redisUrl ? connectRedis(config.redisUrl, app.log, 'rate-limit') : null,
    now: overrides.clock ?? (() => new Date()),
    images: createImageStore(overrides.storage ?? storageFor(config)),
    federation: null,
    sendMail(mail: OutgoingMail) {
      const p: Promise<void> = mailer
        .send(mail)
        .catch((err: unknown) => app.log.error({ err, to: mail.to, subject: mail.subject }, 'mail failed'))
        .finally(() => pendingMail.delete(p))
      pendingMail.add(p)
    },
    async flushMail() {
      await Promise.allSettled([...pendingMail])
    },
  }
  // ActivityPub (decision 039): actors, inboxes and deliveries; its queue starts with the jobs (main.ts).
  if (config.federation.enabled) {
    const federation = createFederationService(ctx)
    ctx.federation = federation
    const listener = listenForFederation(ctx, federation)
    app.addHook('onClose', async () => {
      listener.stop()
      await listener.flush()
      await federation.close()
    })
    app.decorate('federationSent', () => listener.flush())
  }
  // Webhooks (decision 050): what happens is queued for each endpoint that wants it, and sent by the worker.
  const webhooks = setUpWebhooks(ctx)
  app.addHook('onClose', () => webhooks.close())
  app.decorate('ctx', ctx)
  // Upgraded (WebSocket) connections keep the HTTP server from closing: end them first. Requests still in
  // flight are answered with `Connection: close`, so their keep-alive connections end with them and the close
  // does not wait for the keep-alive timeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
    ctx.realtime.disconnectAll()
    // A request that has not finished within the grace is cut (a stopping instance does not wait for ever).
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref()
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
  app.addHook('onClose', async () => {
    await ctx.realtime.close()
    await ctx.flushMail()
    await mailer.close()
    if (!overrides.db) await dbHandle.destroy()
    await ctx.redis?.quit().catch(() => ctx.redis?.disconnect())
  })

  // Every answer, errors included, is read as the type it declares: a browser never sniffs a JSON error or an
  // uploaded photo into HTML or script.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    // Which of several instances answered (INSTANCE_ID; the cluster's tests and a balancer's logs read it).
    if (config.instanceId) reply.header('x-nearby-instance', config.instanceId)
  })
  // Behind https (WEB_URL), browsers are told to use nothing else for a year (the web sets the same).
  if (config.webUrl.startsWith('https://')) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('strict-transport-security', HSTS_VALUE)
    })
  }

  await app.register(cors, {
    origin: [config.webUrl],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  })

  // An ended session also ends its realtime sockets, on every instance.
  const tokens = createTokenService(config, dbHandle.db, (sessionIds) => ctx.realtime.endSessions(sessionIds))
  await app.register(authPlugin, { tokens })

  // --- rate limits (Mastodon-like; every max times RATE_LIMIT_MULTIPLIER) ---------------------
  const redis = ctx.redis ?? undefined
  await app.register(rateLimit, {
    global: true,
    max: Math.max(1, Math.round(300 * config.rateLimitMultiplier)),
    timeWindow: 5 * 60_000,
    keyGenerator: (req: FastifyRequest) => (req.authClaims ? `u:${req.authClaims.userId}` : `ip:${req.ip}`),
    ...(redis ? { redis, nameSpace: 'nearby-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, 'rateLimited', {}, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  })

  // --- OpenAPI --------------------------------------------------------------------------------
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Nearby API',
        version: '1.1.3',
        description: 'REST API of Nearby (SPEC §7). Error bodies are {message, errors}.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  )

  // --- modules: one folder per area under api/modules/ ----------------------------------------
  // Each of their routes names its role permission, or none (api/access/route-permissions.ts).
  const permissions = declareRoutePermissions(app)
  for (const module of modules) await app.register(module.plugin)
  permissions.assertAllDeclared()

  return app
}
