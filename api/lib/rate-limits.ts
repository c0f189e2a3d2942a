// Route-level rate limits shared by several modules (the global limit is in app.ts).
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/** Photo and avatar uploads: 30 per 30 minutes per user (per address when signed out). */
export function uploadRateLimit(config: Pick<Config, 'rateLimitMultiplier'>) {
  return {
    rateLimit: {
      max: Math.max(1, Math.round(30 * config.rateLimitMultiplier)),
      timeWindow: 30 * 60_000,
      keyGenerator: (req: FastifyRequest) => (req.authClaims ? `upload:u:${req.authClaims.userId}` : `upload:ip:${req.ip}`),
    },
  }
}

/** Invitations to groups (issue 45): 30 an hour per person, so invite-and-withdraw cannot mail an address without end. */
export function groupInvitationRateLimit(config: Pick<Config, 'rateLimitMultiplier'>) {
  return {
    rateLimit: {
      max: Math.max(1, Math.round(30 * config.rateLimitMultiplier)),
      timeWindow: 60 * 60_000,
      keyGenerator: (req: FastifyRequest) => (req.authClaims ? `group-invite:u:${req.authClaims.userId}` : `group-invite:ip:${req.ip}`),
    },
  }
}
