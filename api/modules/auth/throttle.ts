// Per-account throttles (docs/decisions/013-account-throttling.md). The per-IP limits of the routes stop one
// address; these stop many addresses guessing one account. Counters live in the database, so every API
// instance sees the same ones (and they survive restarts):
// - sign-in: 5 wrong passwords in 15 minutes lock the account's password sign-in for 15 minutes; the owner
//   is mailed once a day at most; a password reset (or Google sign-in) is the owner's way in meanwhile;
// - email codes: 10 wrong codes in an hour (across codes) lock code checks for an hour;
// - code mails: at most 5 codes mailed to one account an hour.
import { type Db, nowIso } from '../../db'
import { sha256 } from '../../lib/crypto'
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
  /** Seconds until the lock of `key` ends; 0 when not locked. */
  async function lockedFor(key: string): Promise<number> {
    const row = await db.selectFrom('auth_throttles').select('locked_until').where('key', '=', key).executeTakeFirst()
    if (!row?.locked_until) return 0
    const left = Date.parse(row.locked_until) - Date.now()
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  return {
    lockedFor,

    /** Throws 429 (Retry-After) while `key` is locked. */
    async assertOpen(key: string): Promise<void> {
      const seconds = await lockedFor(key)
      if (seconds > 0) throw new HttpError(429, 'accountLocked', {}, { 'retry-after': String(seconds) })
    },

    /**
     * Counts one failure (or one mail) in one statement, so instances racing on one account count each.
     * Answers whether this one started a lock.
     */
    async record(kind: ThrottleKind, key: string, userId: string | null): Promise<{ lockedNow: boolean }> {
      const policy = THROTTLE_POLICIES[kind]
      const now = new Date()
      const windowStart = nowIso(new Date(now.getTime() - policy.windowMinutes * 60_000))
      const row = await db
        .insertInto('auth_throttles')
        .values({ key, user_id: userId, failures: 1, window_started_at: nowIso(now), locked_until: null, notified_at: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            // A window that has passed starts over at this failure.
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
      if (Number(row.failures) < policy.max) return { lockedNow: false }
      // The failure that reaches the limit locks, and starts a new window after the lock.
      const lockedUntil = new Date(now.getTime() + policy.lockMinutes * 60_000)
      const locked = await db
        .updateTable('auth_throttles')
        .set({ locked_until: nowIso(lockedUntil), failures: 0, window_started_at: nowIso(lockedUntil) })
        .where('key', '=', key)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
        .executeTakeFirst()
      return { lockedNow: Number(locked.numUpdatedRows) === 1 }
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

    /** Forgets the failures of these kinds for a user (a success, or a password reset). */
    async clear(userId: string, kinds: ThrottleKind[]): Promise<void> {
      if (kinds.length === 0) return
      await db
        .deleteFrom('auth_throttles')
        .where('key', 'in', kinds.map((kind) => `${kind}:${userId}`))
        .execute()
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
