// The realtime socket (SPEC §7 "Realtime socket at /ws", ARCHITECTURE Realtime): socket.io attached to the
// API's own HTTP server on path /ws. The handshake needs a ticket from POST /realtime/ticket (auth.ticket)
// and, when the client sends an Origin (browsers do), WEB_URL's origin. Each socket joins the room of its
// user, so a notification reaches every tab and device of the recipient. With REDIS_URL the Redis adapter
// joins the sockets of several API instances into one space. See docs/decisions/007-notifications-realtime.md.
import type http from 'node:http'
import { createAdapter } from '@socket.io/redis-adapter'
import { messages, type MessageCode, REALTIME } from '#contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { connectRedis } from '../lib/redis'
import { Server, type Socket } from 'socket.io'
import type { Config } from '../config'
import type { Db } from '../db'
import { userWithLiveSession } from '../modules/auth/tokens'
import { createTicketService, type TicketService } from './tickets'

export interface SocketData {
  userId: string
  /** The session (refresh-token family) the ticket was made for: ending it disconnects the socket. */
  sessionId: string
  /** The client said `online` (and not `offline` since). */
  online: boolean
  /** A heartbeat (or `online`) came within REALTIME_PRESENCE_TIMEOUT_MS. */
  fresh: boolean
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEvents = Record<string, (...args: any[]) => void>
export type RealtimeServer = Server<AnyEvents, AnyEvents, AnyEvents, SocketData>
type RealtimeSocket = Socket<AnyEvents, AnyEvents, AnyEvents, SocketData>

export interface Realtime {
  io: RealtimeServer
  tickets: TicketService
  /** Sends an event to every socket of the user, on every API instance. */
  emitToUser(userId: string, event: string, payload: unknown): void
  /** Ids of the users online now (all instances), sorted. */
  onlineUserIds(): Promise<string[]>
  /** Resolves when the Redis subscriptions are in place (at once without Redis). */
  ready(): Promise<void>
  /** Disconnects every socket of these sessions, on every API instance (sign-out, password change). */
  endSessions(sessionIds: string[]): void
  /** Disconnects every socket of this instance (before the HTTP server closes). */
  disconnectAll(): void
  close(): Promise<void>
}

const userRoom = (userId: string) => `user:${userId}`
const sessionRoom = (sessionId: string) => `session:${sessionId}`
/** Presence changes within this window are announced with one get-users. */
const BROADCAST_DELAY_MS = 100

function refusal(code: MessageCode): Error {
  const err = new Error(code) as Error & { data?: unknown }
  err.data = { code, message: messages.en[code] }
  return err
}

export function originAllowed(origin: string | undefined, webUrl: string): boolean {
  // Non-browser clients (the mobile app, servers) send no Origin; a browser always does.
  if (origin === undefined) return true
  try {
    return new URL(origin).origin === new URL(webUrl).origin && origin !== 'null'
  } catch {
    return false
  }
}

export function attachRealtime(
  httpServer: http.Server,
  deps: { config: Config; db: Db; log: FastifyBaseLogger },
): Realtime {
  const { config, db, log } = deps
  const tickets = createTicketService(config)

  let pub: Redis | undefined
  let sub: Redis | undefined
  if (config.redisUrl) {
    pub = connectRedis(config.redisUrl, log, 'realtime-pub', 'publisher')
    sub = connectRedis(config.redisUrl, log, 'realtime-sub', 'subscriber')
  }

  const io: RealtimeServer = new Server(httpServer, {
    path: REALTIME.path,
    serveClient: false,
    // WebSocket only: one connection stays on the instance it reached, so several instances behind a balancer
    // need no sticky routing (long-polling's requests would each land anywhere; decision 038).
    transports: ['websocket'],
    // Clients only send small events.
    maxHttpBufferSize: 16 * 1024,
    cors: { origin: [config.webUrl], credentials: true, methods: ['GET', 'POST'] },
    allowRequest: (req, callback) => {
      const ok = originAllowed(req.headers.origin, config.webUrl)
      if (!ok) log.info({ origin: req.headers.origin }, 'realtime: origin refused')
      callback(ok ? null : messages.en.originNotAllowed, ok)
    },
    ...(pub && sub
      ? { adapter: createAdapter(pub, sub, { key: config.realtime.redisKey, requestsTimeout: 3000 }) }
      : {}),
  })

  // --- handshake: the ticket says who it is ----------------------------------------------------------
  io.use((socket, next) => {
    const ticket = (socket.handshake.auth as { ticket?: unknown } | undefined)?.ticket
    tickets
      .verify(typeof ticket === 'string' ? ticket : '')
      .then(
        async ({ userId, sessionId }) => {
          const user = await userWithLiveSession(db, userId, sessionId)
          // The session the ticket was made for must still be live (a ticket outlives no sign-out).
          if (!user || user.disabled_at || user.is_activated !== 1 || !user.session_live) return next(refusal('ticketInvalid'))
          socket.data.userId = user.id
          socket.data.sessionId = sessionId
          socket.data.online = false
          socket.data.fresh = true
          next()
        },
        () => next(refusal('ticketInvalid')),
      )
      .catch((err: unknown) => {
        log.error({ err }, 'realtime handshake failed')
        next(refusal('internalError'))
      })
  })

  // --- presence: online / offline / heartbeat ------------------------------------------------------
  const lastSeen = new Map<string, number>()
  let broadcastTimer: NodeJS.Timeout | null = null
  let closed = false

  async function onlineUserIds(): Promise<string[]> {
    let sockets: { data: Partial<SocketData> }[]
    try {
      sockets = await io.fetchSockets()
    } catch (err) {
      // Another instance did not answer in time: announce what this one knows.
      log.warn({ err: (err as Error).message }, 'realtime: fetchSockets across instances failed')
      sockets = await io.local.fetchSockets()
    }
    const ids = new Set<string>()
    for (const s of sockets) if (s.data.online && s.data.fresh && s.data.userId) ids.add(s.data.userId)
    return [...ids].sort()
  }

  function announce() {
    if (broadcastTimer || closed) return
    broadcastTimer = setTimeout(() => {
      broadcastTimer = null
      if (closed) return
      onlineUserIds().then(
        (ids) => io.emit(REALTIME.events.getUsers, ids),
        (err: unknown) => log.warn({ err }, 'realtime: presence broadcast failed'),
      )
    }, BROADCAST_DELAY_MS)
  }

  function touch(socket: RealtimeSocket) {
    lastSeen.set(socket.id, Date.now())
    if (!socket.data.fresh) {
      socket.data.fresh = true
      if (socket.data.online) announce()
    }
  }

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)])
    lastSeen.set(socket.id, Date.now())
    socket.on(REALTIME.events.online, () => {
      touch(socket)
      if (!socket.data.online) {
        socket.data.online = true
        announce()
      }
    })
    socket.on(REALTIME.events.offline, () => {
      if (socket.data.online) {
        socket.data.online = false
        announce()
      }
    })
    socket.on(REALTIME.events.heartbeat, (...args: unknown[]) => {
      touch(socket)
      const ack = args[args.length - 1]
      if (typeof ack === 'function') (ack as (v: unknown) => void)({ ok: true })
    })
    socket.on('disconnect', () => {
      lastSeen.delete(socket.id)
      if (socket.data.online) announce()
    })
    // The newcomer learns who is online at once.
    onlineUserIds().then(
      (ids) => socket.emit(REALTIME.events.getUsers, ids),
      () => undefined,
    )
  })

  // Users silent for longer than the presence timeout (~2.5 heartbeats) drop out of the online list.
  const timeoutMs = config.realtime.presenceTimeoutMs
  const sweep = setInterval(
    () => {
      const now = Date.now()
      let changed = false
      for (const socket of io.of('/').sockets.values()) {
        const seen = lastSeen.get(socket.id) ?? 0
        if (socket.data.fresh && now - seen > timeoutMs) {
          socket.data.fresh = false
          if (socket.data.online) changed = true
        }
      }
      if (changed) announce()
    },
    Math.max(50, Math.min(5000, Math.floor(timeoutMs / 5))),
  )
  sweep.unref()

  return {
    io,
    tickets,
    emitToUser(userId, event, payload) {
      if (!closed) io.to(userRoom(userId)).emit(event, payload)
    },
    onlineUserIds,
    endSessions(sessionIds) {
      if (closed || sessionIds.length === 0) return
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true)
    },
    async ready() {
      if (sub) await sub.ping()
    },
    disconnectAll() {
      io.local.disconnectSockets(true)
      io.engine.close()
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(sweep)
      if (broadcastTimer) clearTimeout(broadcastTimer)
      io.local.disconnectSockets(true)
      io.engine.close()
      await io.of('/').adapter.close()
      await Promise.all(
        [pub, sub].map(async (client) => {
          if (!client) return
          await client.quit().catch(() => client.disconnect())
        }),
      )
    },
  }
}
