// Realtime notifications in the browser (SPEC §7 socket, ARCHITECTURE "Realtime"): with JavaScript, a
// signed-in, activated user's page opens a socket.io connection to the API at /ws with a short-lived
// ticket from the web (asked again on every (re)connection), says `online`, sends a heartbeat every 30 s,
// and 400 ms after `server-message:newNotification` revalidates the page's data, so the bell's count and
// list update without a reload. socket.io-client is loaded only when needed.
import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { Socket } from 'socket.io-client'
import { REALTIME } from '#contract'

const RETRY_MS = 10_000

async function fetchTicket(): Promise<string> {
  const response = await fetch('/resources/realtime-ticket', { method: 'POST', headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`ticket: HTTP ${response.status}`)
  return ((await response.json()) as { ticket: string }).ticket
}

export function useLiveNotifications(enabled: boolean) {
  const revalidator = useRevalidator()
  // The socket outlives renders: its handler calls the latest revalidate, kept here after each commit.
  const revalidate = useRef(revalidator.revalidate)
  useEffect(() => {
    revalidate.current = revalidator.revalidate
  })

  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let socket: Socket | null = null
    let heartbeat: ReturnType<typeof setInterval> | undefined
    let refetch: ReturnType<typeof setTimeout> | undefined
    let retry: ReturnType<typeof setTimeout> | undefined

    void import('./socket-client').then(({ io }) => {
      if (stopped) return
      // An API under a path (https://example.org/api behind a balancer): socket.io would take the path for a
      // namespace, so the origin is the address and the path goes before the socket's own.
      const api = new URL(window.ENV.PUBLIC_API_URL)
      const client = io(api.origin, {
        path: `${api.pathname.replace(/\/+$/, '')}${REALTIME.path}`,
        // WebSocket only: no long-polling requests across origins, and the API checks the Origin header.
        transports: ['websocket'],
        auth: (send) => {
          fetchTicket().then(
            (ticket) => send({ ticket }),
            () => send({ ticket: '' }),
          )
        },
      })
      socket = client
      client.on('connect', () => client.emit(REALTIME.events.online))
      // A refused handshake (expired session, API restarting) is not retried by socket.io itself.
      client.on('connect_error', () => {
        clearTimeout(retry)
        retry = setTimeout(() => !stopped && !client.connected && client.connect(), RETRY_MS)
      })
      client.on(REALTIME.events.newNotification, () => {
        clearTimeout(refetch)
        refetch = setTimeout(() => revalidate.current(), REALTIME.refetchDelayMs)
      })
      heartbeat = setInterval(() => {
        if (client.connected) client.emit(REALTIME.events.heartbeat)
      }, REALTIME.heartbeatMs)
    })

    return () => {
      stopped = true
      clearInterval(heartbeat)
      clearTimeout(refetch)
      clearTimeout(retry)
      if (socket?.connected) socket.emit(REALTIME.events.offline)
      socket?.disconnect()
    }
  }, [enabled])
}
