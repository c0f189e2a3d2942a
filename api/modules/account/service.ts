// Account deletion (ARCHITECTURE "Account deletion"; docs/decisions/020-account-deletion.md): a request
// deactivates the account at once (every session ended, everything it made hidden, pending invitations
// withdrawn) and is confirmed by mail; signing in within the purge delay can cancel it; the purge job
// (purge.ts) deletes the data afterwards.
import { DATE_LOCALES, languageOr, type AccountDeletionInput, type AccountDeletionStatus, type Language } from '#contract'
import type { AppContext } from '../../context'
import { nowIso } from '../../db'
import type { UserRow } from '../../db/schema'
import { HttpError } from '../../lib/errors'
import { verifyPassword } from '../../lib/passwords'
import { deletionRequestedMail } from '../../mail/templates'
import type { createAuthService } from '../auth/service'
import type { TokenService } from '../auth/tokens'

const DAY_MS = 86_400_000

export function purgeAtOf(requestedAt: string, purgeDays: number): string {
  return new Date(Date.parse(requestedAt) + purgeDays * DAY_MS).toISOString()
}

export function createAccountService(
  ctx: AppContext,
  deps: { tokens: TokenService; auth: Pick<ReturnType<typeof createAuthService>, 'sendDeletionCode' | 'checkDeletionCode'> },
) {
  const { db, config } = ctx

  async function own(userId: string): Promise<UserRow> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (!row || row.disabled_at) throw new HttpError(401, 'tokenInvalid')
    return row
  }

  const statusOf = (requestedAt: string): AccountDeletionStatus => ({
    requestedAt,
    purgeAt: purgeAtOf(requestedAt, config.accountPurgeDays),
  })

  return {
    async status(userId: string): Promise<AccountDeletionStatus> {
      const row = await own(userId)
      if (!row.deletion_requested_at) throw new HttpError(404, 'noDeletionRequest')
      return statusOf(row.deletion_requested_at)
    },

    /** Mails a code for accounts without a password (Google sign-in). */
    async sendCode(userId: string, language: Language): Promise<void> {
      await deps.auth.sendDeletionCode(await own(userId), language)
    },

    async request(userId: string, input: AccountDeletionInput, language: Language): Promise<AccountDeletionStatus> {
      const row = await own(userId)
      if (row.deletion_requested_at) return statusOf(row.deletion_requested_at)
      if (row.password_hash) {
        if (!input.password) throw new HttpError(400, 'validationFailed', { password: ['required'] })
        if (!(await verifyPassword(row.password_hash, input.password)))
          throw new HttpError(400, 'wrongPassword', { password: ['wrongPassword'] })
      } else {
        if (!input.verificationCode) throw new HttpError(400, 'validationFailed', { verificationCode: ['required'] })
        await deps.auth.checkDeletionCode(row, input.verificationCode)
      }
      const requestedAt = nowIso(ctx.now())
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ deletion_requested_at: requestedAt, updated_at: requestedAt })
          .where('id', '=', userId)
          .execute()
        // Pending invitations to and from the account are withdrawn; answered ones stay with their events.
        await trx.deleteFrom('invitation_recipients').where('recipient_id', '=', userId).where('status', '=', 'PENDING').execute()
        await trx
          .deleteFrom('invitation_recipients')
          .where('status', '=', 'PENDING')
          .where('invitation_id', 'in', (eb) => eb.selectFrom('invitations').select('id').where('sender_id', '=', userId))
          .execute()
      })
      await deps.tokens.revokeAllForUser(userId)
      await ctx.domainEvents.emit({ type: 'accountGone', userFrom: userId, purged: false })
      const status = statusOf(requestedAt)
      if (row.email) {
        const lang = languageOr(row.locale, language)
        const date = new Date(status.purgeAt).toLocaleDateString(DATE_LOCALES[lang], {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        })
        ctx.sendMail({ to: row.email, ...deletionRequestedMail(lang, row.name, date, `${config.webUrl}/auth`) })
      }
      return status
    },

    async cancel(userId: string): Promise<{ cancelled: true }> {
      const res = await db
        .updateTable('users')
        .set({ deletion_requested_at: null, updated_at: nowIso(ctx.now()) })
        .where('id', '=', userId)
        .where('deletion_requested_at', 'is not', null)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) throw new HttpError(404, 'noDeletionRequest')
      return { cancelled: true }
    },
  }
}
