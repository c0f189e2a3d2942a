// Access tokens (JWT HS256, iss/aud/exp checked, algorithm allowlist) and opaque rotating refresh
// tokens stored hashed, grouped in families (one family = one sign-in session). One rotation per session at a
// time, decided in the database, so any number of API and web instances agree on it (decision 003).
import { createHmac } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { Config } from '../../config'
import { type Db, dialectOf, nowIso } from '../../db'
import { lockedRows, writeTransaction } from '../../db/transaction'
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
  const dialect = dialectOf(db)
  /** Derives refresh tokens' successors (successorOf); a key of its own, not the JWT key itself. */
  const rotationKey = createHmac('sha256', config.jwtSecret).update('nearby refresh rotation v1').digest()

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

  function refreshRow(id: string, userId: string, familyId: string, token: string) {
    return {
      id,
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(token),
      expires_at: refreshExpiry(),
      replaced_at: null,
      replaced_by: null,
      revoked_at: null,
      created_at: nowIso(),
      first_used_at: null,
    }
  }

  /** Starts a new session (family) for the user. */
  async function startSession(userId: string): Promise<RefreshOutcome> {
    const familyId = newId()
    const token = randomToken(32)
    await db.insertInto('refresh_tokens').values(refreshRow(newId(), userId, familyId, token)).execute()
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
   * The token that replaces `token`: derived from it with a key of the server's secret, so every caller that
   * presents the same token — parallel loaders, another web instance, a retry after a lost answer — is given
   * the same successor, while the database still stores only hashes.
   */
  function successorOf(token: string): string {
    return createHmac('sha256', rotationKey).update(token).digest('base64url')
  }

  /**
   * Answers a refresh token with the session's current one (decision 003), in one write transaction with the
   * presented row locked, so the answer is the same whichever instance asks and however many ask at once:
   * - the current token, younger than REFRESH_ROTATE_AFTER_SECONDS: itself (a burst of page loads rotates
   *   nothing; every answer carries one token);
   * - the current token, older: its successor, which becomes current;
   * - the token just replaced: its successor, while the successor has not been presented yet or within
   *   REFRESH_GRACE_SECONDS of the replacement (an answer that arrived late or was lost never signs anyone out);
   * - anything else (older tokens, a predecessor whose successor is in use) is reuse: the family is revoked.
   */
  async function rotate(token: string): Promise<RefreshOutcome> {
    const invalid = () =>
      new HttpError(401, 'tokenInvalid', {}, { 'www-authenticate': 'Bearer error="invalid_token"' })
    const outcome = await writeTransaction({ db, dialect }, async ({ db: trx }) => {
      const row = await lockedRows(dialect, trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token))).executeTakeFirst()
      const now = nowIso()
      if (!row || row.revoked_at || row.expires_at <= now) return null
      const answer = (refreshToken: string) => ({ userId: row.user_id, familyId: row.family_id, refreshToken })
      if (!row.replaced_by) {
        const used = row.first_used_at ?? now
        if (Date.now() - Date.parse(row.created_at) < config.refreshRotateAfterSeconds * 1000) {
          if (!row.first_used_at) await trx.updateTable('refresh_tokens').set({ first_used_at: used }).where('id', '=', row.id).execute()
          return answer(token)
        }
        const next = successorOf(token)
        const id = newId()
        await trx.insertInto('refresh_tokens').values(refreshRow(id, row.user_id, row.family_id, next)).execute()
        await trx.updateTable('refresh_tokens').set({ replaced_at: now, replaced_by: id, first_used_at: used }).where('id', '=', row.id).execute()
        return answer(next)
      }
      const successor = await lockedRows(dialect, trx.selectFrom('refresh_tokens').selectAll().where('id', '=', row.replaced_by)).executeTakeFirst()
      const next = successorOf(token)
      const justReplaced =
        !!successor &&
        !successor.replaced_by &&
        !successor.revoked_at &&
        successor.token_hash === sha256(next) &&
        (!successor.first_used_at || Date.now() - Date.parse(row.replaced_at!) <= config.refreshGraceSeconds * 1000)
      return justReplaced ? answer(next) : ('reuse' as const)
    })
    if (outcome === null) throw invalid()
    if (outcome === 'reuse') {
      const row = await findByToken(token)
      if (row) await revokeFamily(row.family_id)
      throw invalid()
    }
    return outcome
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
