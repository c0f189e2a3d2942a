// Access tokens (JWT HS256, iss/aud/exp checked, algorithm allowlist) and opaque rotating refresh
// tokens stored hashed, grouped in families (one family = one sign-in session).
import { SignJWT, jwtVerify } from 'jose'
import type { Config } from '../../config'
import { type Db, nowIso } from '../../db'
import { newId, randomToken, sha256 } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'

export const ACCESS_TOKEN_AUDIENCE = 'nearby-api'

export interface AccessClaims {
  userId: string
  /** Refresh-token family of the session the access token was issued for. */
  sessionId: string | null
}

export interface RefreshOutcome {
  userId: string
  familyId: string
  refreshToken: string
}

/**
 * The user behind a token or ticket, and whether its session (refresh-token family) is still live, in one
 * read: every bearer request and every socket handshake asks it, so an ended session is refused at once.
 */
export function userWithLiveSession(db: Db, userId: string, sessionId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'is_activated', 'disabled_at', 'deletion_requested_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', sessionId)
            .where('refresh_tokens.user_id', '=', userId)
            .where('refresh_tokens.revoked_at', 'is', null),
        )
        .as('session_live'),
    )
    .where('id', '=', userId)
    .executeTakeFirst()
}

/** `onSessionsEnded`: told the families that were just revoked (e.g. to close their sockets). */
export function createTokenService(config: Config, db: Db, onSessionsEnded: (sessionIds: string[]) => void = () => {}) {
  const key = new TextEncoder().encode(config.jwtSecret)

  async function signAccessToken(
    user: { id: string; role: string; isActivated: boolean },
    sessionId: string,
  ): Promise<string> {
    return new SignJWT({ role: user.role, act: user.isActivated, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(config.publicUrl)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setJti(newId())
      // Rounded up: a token lives at least its configured lifetime (whole seconds would cut up to one off).
      .setExpirationTime(Math.ceil(Date.now() / 1000) + config.accessTokenTtlSeconds)
      .sign(key)
  }

  async function verifyAccessToken(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: config.publicUrl,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('no subject')
    return { userId: payload.sub, sessionId: typeof payload.sid === 'string' ? payload.sid : null }
  }

  function refreshExpiry(): string {
    return nowIso(new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000))
  }

  async function insertRefreshToken(
    userId: string,
    familyId: string,
  ): Promise<{ id: string; token: string }> {
    const token = randomToken(32)
    const id = newId()
    await db
      .insertInto('refresh_tokens')
      .values({
        id,
        user_id: userId,
        family_id: familyId,
        token_hash: sha256(token),
        expires_at: refreshExpiry(),
        replaced_at: null,
        replaced_by: null,
        revoked_at: null,
        created_at: nowIso(),
      })
      .execute()
    return { id, token }
  }

  /** Starts a new session (family) for the user. */
  async function startSession(userId: string): Promise<RefreshOutcome> {
    const familyId = newId()
    const { token } = await insertRefreshToken(userId, familyId)
    return { userId, familyId, refreshToken: token }
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute()
    onSessionsEnded([familyId])
  }

  async function revokeAllForUser(userId: string, keepFamilyId?: string | null): Promise<void> {
    let q = db
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
    if (keepFamilyId) q = q.where('family_id', '!=', keepFamilyId)
    const revoked = await q.returning('family_id').execute()
    onSessionsEnded([...new Set(revoked.map((row) => row.family_id))])
  }

  async function findByToken(token: string) {
    return db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst()
  }

  /**
   * Rotates a refresh token. A token that was already replaced is accepted only while it is the one just
   * replaced (its successor has not been rotated) and within REFRESH_GRACE_SECONDS of its replacement
   * (parallel requests of one page), answering a fresh pair of the same family; any other reuse revokes
   * the whole family.
   */
  async function rotate(token: string): Promise<RefreshOutcome> {
    const invalid = () =>
      new HttpError(401, 'tokenInvalid', {}, { 'www-authenticate': 'Bearer error="invalid_token"' })
    const row = await findByToken(token)
    if (!row || row.revoked_at || row.expires_at <= nowIso()) throw invalid()

    const next = await insertRefreshToken(row.user_id, row.family_id)
    const now = nowIso()
    let winner = false
    if (!row.replaced_at) {
      const res = await db
        .updateTable('refresh_tokens')
        .set({ replaced_at: now, replaced_by: next.id })
        .where('id', '=', row.id)
        .where('replaced_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      winner = Number(res.numUpdatedRows) === 1
    }
    if (!winner) {
      const current = await db
        .selectFrom('refresh_tokens')
        .select(['replaced_at', 'revoked_at', 'replaced_by'])
        .where('id', '=', row.id)
        .executeTakeFirst()
      // Only the token just replaced (its successor not rotated yet) gets the grace window (RFC 9700 §4.14.2):
      // a token two rotations old is reuse, however recent.
      const successor = current?.replaced_by
        ? await db
            .selectFrom('refresh_tokens')
            .select('replaced_at')
            .where('id', '=', current.replaced_by)
            .executeTakeFirst()
        : undefined
      const replacedAt = current?.replaced_at ? Date.parse(current.replaced_at) : NaN
      const withinGrace =
        !current?.revoked_at &&
        !!successor &&
        !successor.replaced_at &&
        Number.isFinite(replacedAt) &&
        Date.now() - replacedAt <= config.refreshGraceSeconds * 1000
      if (!withinGrace) {
        await revokeFamily(row.family_id)
        throw invalid()
      }
      // Still check the family was not revoked meanwhile (e.g. by logout).
      const revoked = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', row.family_id)
        .where('revoked_at', 'is not', null)
        .executeTakeFirst()
      if (revoked) {
        await revokeFamily(row.family_id)
        throw invalid()
      }
    }
    return { userId: row.user_id, familyId: row.family_id, refreshToken: next.token }
  }

  return {
    signAccessToken,
    verifyAccessToken,
    startSession,
    rotate,
    revokeFamily,
    revokeAllForUser,
    findByToken,
  }
}

export type TokenService = ReturnType<typeof createTokenService>
