// What the events' route files share: the OpenAPI tags and refusals, the id parameter, and who is asking.
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { bearerSecurity, errorResponses } from '../../lib/openapi'
import { currentUser } from '../../plugins/auth'
import type { Viewer } from './relations'

export const tags = ['events']
export const security = bearerSecurity
export const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429)
export const idParams = z.object({ id: z.string().min(1).max(100) })

/** The signed-in caller, or null for a visitor. */
export const viewerOf = (req: FastifyRequest): Viewer | null =>
  req.user ? { id: req.user.id, role: req.user.role, isActivated: req.user.isActivated } : null

/** The signed-in caller (the route's preHandler made sure there is one). */
export const me = (req: FastifyRequest): Viewer => {
  const u = currentUser(req)
  return { id: u.id, role: u.role, isActivated: u.isActivated }
}
