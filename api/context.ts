// What every module needs, decorated on the Fastify instance as `app.ctx`.
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import type { Config } from './config'
import type { Db, Dialect } from './db'
import type { FederationService } from './federation'
import type { DomainEvents } from './lib/domain-events'
import type { Mailer, OutgoingMail } from './mail'
import type { ImageStore } from './media/images'
import type { WebPush } from './modules/push/web-push'
import type { Realtime } from './realtime/server'

export interface AppContext {
  config: Config
  db: Db
  dialect: Dialect
  mailer: Mailer
  /** Sends a mail without making the caller wait (no timing oracle); failures are logged. */
  sendMail(mail: OutgoingMail): void
  /** Resolves when every mail handed to sendMail has been sent or has failed. */
  flushMail(): Promise<void>
  log: FastifyBaseLogger
  /** What happened (a like, a follow…), for the areas that react to it. */
  domainEvents: DomainEvents
  /** socket.io on /ws: send to a user's sockets, online users, tickets (api/realtime). */
  realtime: Realtime
  /** Encrypts, signs and sends web push messages; `enabled` is false without VAPID keys. */
  webPush: WebPush
  /** Photos and avatars: processed, written and read in the instance's storage (disk or S3, decision 037). */
  images: ImageStore
  /** Redis of REDIS_URL (shared rate limits), or null without it; its state answers /health. */
  redis: Redis | null
  /** ActivityPub (decision 039), or null with FEDERATION off. */
  federation: FederationService | null
  /** The current time for rules that depend on it (report ages, the account purge); injectable in tests. */
  now(): Date
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
    /** With federation on: resolves when the changes the app has heard of are enqueued for delivery (tests). */
    federationSent?: () => Promise<void>
  }
}
