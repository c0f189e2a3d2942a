// Realtime tickets: a short-lived JWT (HS256) that lets one user open the socket. Same discipline as the
// access token (api/modules/auth/tokens.ts: algorithm allowlist, iss, aud, exp) with its own audience AND
// its own key (derived from JWT_SECRET), so a ticket is never an access token and an access token is never
// a ticket. Stateless: any API instance verifies it; it is only checked at the socket handshake.
import { createHmac } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { Config } from '../config'
import { newId } from '../lib/crypto'

export const REALTIME_TICKET_AUDIENCE = 'nearby-realtime'

export interface TicketService {
  /**
   * A ticket of the user's session (refresh-token family): the socket lives only as long as the session.
   * ttlSeconds defaults to REALTIME_TICKET_TTL_SECONDS (tests pass a negative one for an expired ticket).
   */
  sign(userId: string, sessionId: string, ttlSeconds?: number): Promise<{ ticket: string; expiresIn: number }>
  /** The user and session of a valid ticket; throws otherwise. */
  verify(ticket: string): Promise<{ userId: string; sessionId: string }>
}

export function createTicketService(config: Config): TicketService {
  const key = createHmac('sha256', config.jwtSecret).update('nearby realtime ticket v1').digest()
  return {
    async sign(userId, sessionId, ttlSeconds = config.realtime.ticketTtlSeconds) {
      const now = Math.floor(Date.now() / 1000)
      const ticket = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'nearby-ws+jwt' })
        .setSubject(userId)
        .setIssuer(config.publicUrl)
        .setAudience(REALTIME_TICKET_AUDIENCE)
        .setIssuedAt(now)
        .setJti(newId())
        .setExpirationTime(now + ttlSeconds)
        .sign(key)
      return { ticket, expiresIn: ttlSeconds }
    },
    async verify(ticket) {
      if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > 2000) throw new Error('no ticket')
      const { payload } = await jwtVerify(ticket, key, {
        algorithms: ['HS256'],
        issuer: config.publicUrl,
        audience: REALTIME_TICKET_AUDIENCE,
        typ: 'nearby-ws+jwt',
        requiredClaims: ['sub', 'exp', 'iat'],
      })
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('no subject')
      if (typeof payload.sid !== 'string' || payload.sid === '') throw new Error('no session')
      return { userId: payload.sub, sessionId: payload.sid }
    },
  }
}
