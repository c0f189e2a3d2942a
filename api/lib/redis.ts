// The API's Redis connections (REDIS_URL: shared rate limits, socket.io's adapter). Redis going away must not
// stop the API: commands fail at once instead of queueing (the rate limiter then lets the request through,
// realtime stays on this instance), and the outage is logged once when it starts and once when it ends, not
// per request or per reconnect attempt. ioredis reconnects by itself.
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/** `queueWhileDown`: commands wait for the connection (socket.io's subscriptions, made before it is up). */
export function connectRedis(url: string, log: FastifyBaseLogger, name: string, options: { queueWhileDown?: boolean } = {}): Redis {
  const client = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: options.queueWhileDown ?? false,
    // Reconnect every second at most, for ever.
    retryStrategy: (times) => Math.min(times * 200, 1000),
  })
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
