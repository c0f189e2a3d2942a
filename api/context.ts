// What every module needs, decorated on the Fastify instance as `app.ctx`.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { Db, Dialect } from './db'
import type { DomainEvents } from './lib/domain-events'
import type { Mailer, OutgoingMail } from './mail'

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
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
}
