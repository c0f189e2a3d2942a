// The API's Redis connections (REDIS_URL: shared rate limits, socket.io's adapter). Redis going away must not
// stop the API: commands fail at once instead of queueing (the rate limiter then lets the request through,
// realtime stays on this instance), and the outage is logged once when it starts and once when it ends, not
// per request or per reconnect attempt. ioredis reconnects by itself.
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/**
 * What a connection is for, which decides how it behaves while Redis is away — at boot as well as later:
 * - `commands` (the rate limiter, /health): fail at once; the limiter then lets the request through.
 * - `publisher` (socket.io's broadcasts to other instances): fail at once, and nobody waits for a publish, so
 *   a failed one is dropped here rather than left as an unhandled rejection that would stop the process.
 * - `subscriber` (socket.io's subscriptions, made when the server starts): wait for Redis however long it
 *   takes; ioredis subscribes again after every reconnect.
 */
export type RedisRole = 'commands' | 'publisher' | 'subscriber'

export function connectRedis(url: string, log: FastifyBaseLogger, name: string, role: RedisRole = 'commands'): Redis {
  const client = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: role === 'subscriber' ? null : 1,
    enableOfflineQueue: role === 'subscriber',
    // Reconnect every second at most, for ever.
    retryStrategy: (times) => Math.min(times * 200, 1000),
  })
  if (role === 'publisher') {
    const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>
    client.publish = ((...args: unknown[]) => {
      const sent = publish(...args)
      sent.catch(() => undefined) // the outage is logged once by watchRedis
      return sent
    }) as typeof client.publish
  }
  watchRedis(client, log, name)
  return client
}

/** Logs when `client` loses Redis and when it has it back, once each. */
function watchRedis(client: Redis, log: FastifyBaseLogger, name: string) {
  let down = false
  client.on('error', (err: Error) => {
    if (down) return
    down = true
    log.warn({ err: err.message, client: name }, 'redis unreachable: shared limits and realtime degrade until it is back')
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    log.info({ client: name }, 'redis reachable again')
  })
}
