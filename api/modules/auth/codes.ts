// Six-digit email codes (confirming an address, confirming an account deletion): issued and mailed, checked
// and consumed under the account throttle and a per-code attempt limit (decision 013).
import type { Language } from '#contract'
import { type Db, nowIso } from '../../db'
import type { UserRow } from '../../db/schema'
import type { AppContext } from '../../context'
import { hmac, newId, safeEqual, sixDigitCode } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'
import { verificationCodeMail } from '../../mail/templates'
import { type createThrottle, throttleKey } from './throttle'
import { type AccountLookup, userLanguage } from './accounts'

export const CODE_TTL_MINUTES = 10
export const CODE_MAX_ATTEMPTS = 5
const CODE_PURPOSE = 'email'
/** email: confirm the address; deleteAccount: confirm a deletion request of an account without a password. */
export type CodePurpose = typeof CODE_PURPOSE | 'deleteAccount'

export function createEmailCodes(
  ctx: AppContext,
  throttle: ReturnType<typeof createThrottle>,
  accounts: AccountLookup,
) {
  const db: Db = ctx.db
  const { config } = ctx
  const { userByEmail } = accounts

  function codeHash(userId: string, code: string): string {
    return hmac(config.jwtSecret, `email-code:${userId}:${code}`)
  }

  /** Issues a new code (earlier unused codes of the purpose stop working) and mails it. */
  async function sendCode(
    user: UserRow,
    language: Language,
    purpose: CodePurpose = CODE_PURPOSE,
  ): Promise<void> {
    if (!user.email) return
    const code = sixDigitCode()
    const now = nowIso()
    await db
      .updateTable('email_codes')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute()
    await db
      .insertInto('email_codes')
      .values({
        id: newId(),
        user_id: user.id,
        purpose,
        code_hash: codeHash(user.id, code),
        expires_at: nowIso(new Date(Date.now() + CODE_TTL_MINUTES * 60_000)),
        used_at: null,
        created_at: now,
      })
      .execute()
    const content = verificationCodeMail(userLanguage(user, language), user.name, code, CODE_TTL_MINUTES)
    ctx.sendMail({ to: user.email, ...content })
  }

  /**
   * Checks and consumes a code. Every check counts before it is made, per account (throttle) and per code
   * (at most CODE_MAX_ATTEMPTS, taken atomically), so parallel guesses cannot get past either limit.
   */
  async function consumeCode(
    email: string,
    code: string,
    purpose: CodePurpose = CODE_PURPOSE,
  ): Promise<UserRow> {
    const wrong = () => new HttpError(400, 'codeWrong', { verificationCode: ['codeWrong'] })
    const user = await userByEmail(email)
    const key = throttleKey('code', user, email)
    await throttle.begin('code', key, user?.id ?? null)
    if (!user || user.disabled_at) throw wrong()
    const row = await db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (!row) throw wrong()
    const attempt = await db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst()
    if (!attempt)
      throw new HttpError(400, 'codeAttemptsExceeded', { verificationCode: ['codeAttemptsExceeded'] })
    if (!safeEqual(row.code_hash, codeHash(user.id, code))) {
      if (Number(attempt.attempts) < CODE_MAX_ATTEMPTS) throw wrong()
      // The last attempt was wrong: the code is burnt.
      await db.updateTable('email_codes').set({ used_at: nowIso() }).where('id', '=', row.id).execute()
      throw new HttpError(400, 'codeAttemptsExceeded', { verificationCode: ['codeAttemptsExceeded'] })
    }
    const res = await db
      .updateTable('email_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw wrong()
    await throttle.clear([key])
    return user
  }

  return { sendCode, consumeCode }
}
