// Per-account throttles (docs/decisions/013-account-throttling.md). The per-IP limits of the routes stop one
// address; these stop many addresses guessing one account. Counters live in the database, so every API
// instance sees the same ones (and they survive restarts):
// - sign-in: 5 wrong passwords in 15 minutes lock the account's password sign-in for 15 minutes; the owner
//   is mailed once a day at most; a password reset (or Google sign-in) is the owner's way in meanwhile;
// - email codes: 10 wrong codes in an hour (across codes) lock code checks for an hour;
// - code mails: at most 5 codes mailed to one account an hour.
import { type Db, nowIso } from '../../db'
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'

export type ThrottleKind = 'login' | 'code' | 'mail'

interface Policy {
  /** Failures (or mails) allowed in the window… */
  max: number
  windowMinutes: number
  /** …then everything of this kind is refused this long. */
  lockMinutes: number
}

export const THROTTLE_POLICIES: Record<ThrottleKind, Policy> = {
  login: { max: 5, windowMinutes: 15, lockMinutes: 15 },
  code: { max: 10, windowMinutes: 60, lockMinutes: 60 },
  mail: { max: 5, windowMinutes: 60, lockMinutes: 60 },
}

/** The owner of a locked account is mailed at most this often. */
const NOTIFY_EVERY_MS = 24 * 3_600_000

/** The counter of an account, or of a login that names no account (so both answer alike). */
export function throttleKey(kind: ThrottleKind, user: { id: string } | undefined, login = ''): string {
  return user ? `${kind}:${user.id}` : `${kind}:?${sha256(login.trim().toLowerCase())}`
}

export function createThrottle(db: Db) {
  return {
    /**
     * Counts an attempt BEFORE it is checked, in one statement, so parallel attempts (from many instances)
     * are each counted and none slips past the limit: the attempt after `max` failures in the window starts
     * the lock; while locked every attempt is refused with 429. A success calls `clear`, so what stays
     * counted are failures (and attempts still running). The refusal is an AccountLockedError whose
     * `lockedNow` says this attempt started the lock.
     */
    async begin(kind: ThrottleKind, key: string, userId: string | null): Promise<void> {
      const policy = THROTTLE_POLICIES[kind]
      const now = new Date()
      const windowStart = nowIso(new Date(now.getTime() - policy.windowMinutes * 60_000))
      const row = await db
        .insertInto('auth_throttles')
        .values({ key, user_id: userId, failures: 1, window_started_at: nowIso(now), locked_until: null, notified_at: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            // A window that has passed starts over at this attempt.
            failures: eb
              .case()
              .when('auth_throttles.window_started_at', '<', windowStart)
              .then(1)
              .else(eb('auth_throttles.failures', '+', 1))
              .end(),
            window_started_at: eb
              .case()
              .when('auth_throttles.window_started_at', '<', windowStart)
              .then(nowIso(now))
              .else(eb.ref('auth_throttles.window_started_at'))
              .end(),
          })),
        )
        .returning(['failures', 'locked_until'])
        .executeTakeFirstOrThrow()
      const lockedSeconds = secondsLeft(row.locked_until)
      if (lockedSeconds > 0) throw lockedError(lockedSeconds)
      if (Number(row.failures) <= policy.max) return
      // Over the limit: lock (once, whoever gets here first) and start the next window after the lock.
      const lockedUntil = new Date(now.getTime() + policy.lockMinutes * 60_000)
      const locked = await db
        .updateTable('auth_throttles')
        .set({ locked_until: nowIso(lockedUntil), failures: 0, window_started_at: nowIso(lockedUntil) })
        .where('key', '=', key)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
        .executeTakeFirst()
      throw lockedError(policy.lockMinutes * 60, Number(locked.numUpdatedRows) === 1)
    },

    /** True once a day at most per key, for one instance only: the caller then mails the owner. */
    async claimNotification(key: string): Promise<boolean> {
      const now = new Date()
      const res = await db
        .updateTable('auth_throttles')
        .set({ notified_at: nowIso(now) })
        .where('key', '=', key)
        .where((eb) =>
          eb.or([eb('notified_at', 'is', null), eb('notified_at', '<', nowIso(new Date(now.getTime() - NOTIFY_EVERY_MS)))]),
        )
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    /** Forgets the counts of these keys (a success), unless locked: a lock runs its time. */
    async clear(keys: string[]): Promise<void> {
      if (keys.length === 0) return
      await db
        .deleteFrom('auth_throttles')
        .where('key', 'in', keys)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso())]))
        .execute()
    },

    /** Opens every lock of a user (a password reset through the mailed link proves the mailbox is theirs). */
    async clearUser(userId: string): Promise<void> {
      await db.deleteFrom('auth_throttles').where('user_id', '=', userId).execute()
    },

    /** Rows whose window and lock have both ended: nothing left to remember (the jobs prune them). */
    async prune(now = new Date()): Promise<number> {
      const oldest = Math.max(...Object.values(THROTTLE_POLICIES).map((p) => p.windowMinutes))
      const res = await db
        .deleteFrom('auth_throttles')
        .where('window_started_at', '<', nowIso(new Date(now.getTime() - oldest * 60_000)))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
        .executeTakeFirst()
      return Number(res.numDeletedRows)
    },
  }
}

/** The refusal while locked; `lockedNow` tells the caller this attempt started the lock (to mail the owner). */
export class AccountLockedError extends HttpError {
  constructor(
    seconds: number,
    readonly lockedNow = false,
  ) {
    super(429, 'accountLocked', {}, { 'retry-after': String(seconds) })
  }
}

function lockedError(seconds: number, lockedNow = false) {
  return new AccountLockedError(seconds, lockedNow)
}

function secondsLeft(lockedUntil: string | null): number {
  if (!lockedUntil) return 0
  const left = Date.parse(lockedUntil) - Date.now()
  return left > 0 ? Math.ceil(left / 1000) : 0
}

export type Throttle = ReturnType<typeof createThrottle>

/**
 * Device tokens (OWASP "device cookies"): a password sign-in answers one, bound to the account, that the
 * client sends with its next sign-ins. A device that has signed in before counts its failures apart from
 * the account's, so a guesser elsewhere can lock the account but never its owner's own devices.
 */
export function createDeviceTokens(secret: string) {
  const sign = (userId: string, nonce: string) => hmac(secret, `device:${userId}:${nonce}`)
  return {
    issue(userId: string): string {
      const nonce = randomToken(12)
      return `${nonce}.${sign(userId, nonce)}`
    },
    /** The device's own id when `token` was issued to this account, else null. */
    verify(userId: string, token: string | undefined): string | null {
      const [nonce, mac, extra] = (token ?? '').split('.')
      if (!nonce || !mac || extra !== undefined) return null
      return safeEqual(mac, sign(userId, nonce)) ? nonce : null
    },
  }
}
