// Authentication for every module: a bearer access token gives request.user {id, role, isActivated}.
// Use `preHandler: app.authenticate`, `app.requireActivated`, `app.requirePermission('moderate')`, or
// `app.optionalAuth` on public routes that answer differently to a signed-in viewer.
import { can, type Permission, type Role } from '#contract'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../lib/errors'
import { userWithLiveSession, type AccessClaims, type TokenService } from '../modules/auth/tokens'

export interface AuthUser {
  id: string
  role: Role
  isActivated: boolean
  /** Refresh-token family of the current session, when the token carries one. */
  sessionId: string | null
  /** The account asked to be deleted: it may only see itself, cancel the request or sign out. */
  deletionPending: boolean
}

/** Route config of the few calls an account waiting for deletion may still make (`config: PENDING_DELETION_OK`). */
export const PENDING_DELETION_OK = { allowPendingDeletion: true } as const

function allowsPendingDeletion(request: FastifyRequest): boolean {
  return request.routeOptions.config?.allowPendingDeletion === true
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers an account waiting for deletion too (see PENDING_DELETION_OK). */
    allowPendingDeletion?: boolean
  }
  interface FastifyRequest {
    user: AuthUser | null
    /** Claims of a valid bearer token (set early, before rate limiting); not yet checked against the DB. */
    authClaims: AccessClaims | null
    /** A bearer token was sent but did not verify. */
    authInvalid: boolean
  }
  interface FastifyInstance {
    tokens: TokenService
    authenticate: preHandlerAsyncHookHandler
    requireActivated: preHandlerAsyncHookHandler
    optionalAuth: preHandlerAsyncHookHandler
    /** Signed in, activated, and a role that may do `action` (contract can()); else 401/403. */
    requirePermission(action: Permission): preHandlerAsyncHookHandler
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return m?.[1] ?? null
}

/** The signed-in user of a route guarded by authenticate/requireActivated/requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('unauthorized')
  return request.user
}

const unauthorized = (code: 'unauthorized' | 'tokenInvalid') =>
  new HttpError(
    401,
    code,
    {},
    { 'www-authenticate': code === 'tokenInvalid' ? 'Bearer error="invalid_token"' : 'Bearer' },
  )

async function authPlugin(app: FastifyInstance, opts: { tokens: TokenService }) {
  app.decorate('tokens', opts.tokens)
  app.decorateRequest('user', null)
  app.decorateRequest('authClaims', null)
  app.decorateRequest('authInvalid', false)

  app.addHook('onRequest', async (request) => {
    const token = bearer(request)
    if (!token) return
    try {
      request.authClaims = await opts.tokens.verifyAccessToken(token)
    } catch {
      request.authInvalid = true
    }
  })

  async function authenticate(request: FastifyRequest): Promise<void> {
    if (request.user) return
    const claims = request.authClaims
    if (!claims) throw unauthorized(request.authInvalid ? 'tokenInvalid' : 'unauthorized')
    // The session is read with the user on every request (one indexed lookup, no cache): a logged-out
    // session, or one ended by a password change, is refused at once on every API instance.
    const sessionId = claims.sessionId
    const row = await userWithLiveSession(app.ctx.db, claims.userId, sessionId ?? '')
    if (!row || row.disabled_at || !sessionId || !row.session_live) throw unauthorized('tokenInvalid')
    request.user = {
      id: row.id,
      role: row.role as Role,
      isActivated: row.is_activated === 1,
      sessionId: claims.sessionId,
      deletionPending: row.deletion_requested_at !== null,
    }
    if (request.user.deletionPending && !allowsPendingDeletion(request)) {
      request.user = null
      throw new HttpError(403, 'deletionPending')
    }
  }

  app.decorate('authenticate', authenticate)
  // Public routes: no token is fine; a valid one makes the viewer known; an invalid one answers 401 (so the
  // web refreshes it instead of showing a signed-out page).
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    if (!request.authClaims && !request.authInvalid) return
    try {
      await authenticate(request)
    } catch (error) {
      // An account waiting for deletion sees public pages as a visitor does.
      if (!(error instanceof HttpError && error.code === 'deletionPending')) throw error
    }
  })
  app.decorate('requireActivated', async (request: FastifyRequest) => {
    await authenticate(request)
    if (!request.user?.isActivated) throw new HttpError(403, 'notActivated')
  })
  app.decorate('requirePermission', (action: Permission) => async (request: FastifyRequest) => {
    await authenticate(request)
    if (!request.user?.isActivated) throw new HttpError(403, 'notActivated')
    if (!can(request.user.role, action)) throw new HttpError(403, 'forbidden')
  })
}

export default fp(authPlugin, { name: 'nearby-auth' })
