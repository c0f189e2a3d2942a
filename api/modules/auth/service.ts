// Rules of sign-up, sign-in, password reset and sessions (SPEC §4, §7 Auth); finding accounts in
// accounts.ts, email codes in codes.ts.
import type { AuthResponse, Language } from '#contract'
import { type Db, isUniqueViolation, nowIso } from '../../db'
import type { UserRow } from '../../db/schema'
import type { AppContext } from '../../context'
import { newId, randomToken, sha256 } from '../../lib/crypto'
import { HttpError } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { accountLockedMail, resetLinkMail } from '../../mail/templates'
import { writeTransaction } from '../../db/transaction'
import { loadUserDto } from '../users/dto'
import { nameInUseHeld } from '../users/names'
import type { GoogleVerifier } from './google'
import { AccountLockedError, createDeviceTokens, createThrottle, THROTTLE_POLICIES, throttleKey } from './throttle'
import type { TokenService } from './tokens'
import { createAccountLookup, newAccountRow, userLanguage } from './accounts'
import { createEmailCodes } from './codes'

export const RESET_LINK_TTL_MINUTES = 60

export interface RegistrationInput {
  name: string
  lastname: string
  username: string
  email: string
  password: string
}

export function createAuthService(ctx: AppContext, tokens: TokenService, google: GoogleVerifier | null) {
  const db: Db = ctx.db
  const { config } = ctx
  const throttle = createThrottle(db)
  const devices = createDeviceTokens(config.jwtSecret)

  const accounts = createAccountLookup(db)
  const { userById, userByEmail, userByLogin, usernameTaken } = accounts
  const { sendCode, consumeCode } = createEmailCodes(ctx, throttle, accounts)

  /** Inserts a new account unless a person or a group took its username meanwhile (then false): one namespace. */
  async function insertHoldingName(user: UserRow): Promise<boolean> {
    return writeTransaction(ctx, async (work) => {
      if (await nameInUseHeld(work, user.username)) return false
      await work.db.insertInto('users').values(user).execute()
      return true
    })
  }

  async function session(user: UserRow, familyId?: string, refreshToken?: string): Promise<AuthResponse> {
    let family = familyId
    let refresh = refreshToken
    if (!family || !refresh) {
      const started = await tokens.startSession(user.id)
      family = started.familyId
      refresh = started.refreshToken
    }
    const accessToken = await tokens.signAccessToken(
      { id: user.id, role: user.role, isActivated: user.is_activated === 1 },
      family,
    )
    return { accessToken, refreshToken: refresh, user: await loadUserDto(db, user, config.publicUrl) }
  }

  return {
    /** Mails a code that confirms an account deletion (accounts without a password). */
    async sendDeletionCode(user: UserRow, language: Language): Promise<void> {
      await sendCode(user, language, 'deleteAccount')
    },

    /** Checks and consumes a deletion code, with the limits of every code (throttle, 5 checks a code). */
    async checkDeletionCode(user: UserRow, code: string): Promise<void> {
      if (!user.email) throw new HttpError(400, 'codeWrong', { verificationCode: ['codeWrong'] })
      await consumeCode(user.email, code, 'deleteAccount')
    },

    async register(input: RegistrationInput, language: Language): Promise<AuthResponse> {
      const email = input.email.trim().toLowerCase()
      const username = input.username.trim()
      const [emailRow, nameTaken] = await Promise.all([userByEmail(email), usernameTaken(username)])
      const conflicts: Record<string, ('emailTaken' | 'usernameTaken')[]> = {}
      if (emailRow) conflicts.email = ['emailTaken']
      if (nameTaken) conflicts.username = ['usernameTaken']
      if (Object.keys(conflicts).length > 0) {
        throw new HttpError(409, conflicts.email ? 'emailTaken' : 'usernameTaken', conflicts)
      }
      const now = nowIso()
      const user = newAccountRow(
        {
          email,
          password_hash: await hashPassword(input.password),
          google_sub: null,
          name: input.name.trim(),
          lastname: input.lastname.trim(),
          username,
          is_activated: 0,
          locale: language,
        },
        newId(),
        now,
      )
      try {
        if (!(await insertHoldingName(user))) throw new HttpError(409, 'usernameTaken', { username: ['usernameTaken'] })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        // Lost a race with a concurrent sign-up: answer as if we had seen it.
        const again = await userByEmail(email)
        if (again) throw new HttpError(409, 'emailTaken', { email: ['emailTaken'] })
        throw new HttpError(409, 'usernameTaken', { username: ['usernameTaken'] })
      }
      await sendCode(user, language)
      return session(user)
    },

    async login(login: string, password: string, deviceToken?: string): Promise<AuthResponse> {
      const user = await userByLogin(login)
      // Per account as well as per address, counted before the check. A locked account refuses even the right
      // password until the lock ends (else the lock would tell a guesser when a guess was right); a login
      // naming no account is counted alike. A device this account signed in on before has a count of its
      // own, so the owner is never locked out of it by guesses from elsewhere (decision 013).
      const device = user ? devices.verify(user.id, deviceToken) : null
      const key = user && device ? `login:${user.id}:device:${device}` : throttleKey('login', user, login)
      try {
        await throttle.begin('login', key, user?.id ?? null)
      } catch (error) {
        if (error instanceof AccountLockedError && error.lockedNow && user?.email && !device && (await throttle.claimNotification(key))) {
          const minutes = THROTTLE_POLICIES.login.lockMinutes
          const resetUrl = `${config.webUrl}/auth/forgotPassword`
          ctx.sendMail({ to: user.email, ...accountLockedMail(userLanguage(user, 'en'), user.name, resetUrl, minutes) })
        }
        throw error
      }
      const ok = await verifyPassword(user?.password_hash, password)
      if (!user || !ok) throw new HttpError(401, 'invalidCredentials')
      if (user.disabled_at) throw new HttpError(403, 'accountDisabled')
      await throttle.clear([key])
      return { ...(await session(user)), deviceToken: device && deviceToken ? deviceToken : devices.issue(user.id) }
    },

    async loginByGoogle(credential: string, language: Language): Promise<AuthResponse> {
      if (!google) throw new HttpError(400, 'googleNotConfigured')
      const identity = await google(credential)
      let user = await db
        .selectFrom('users')
        .selectAll()
        .where('google_sub', '=', identity.sub)
        .executeTakeFirst()
      if (!user) {
        const byEmail = await userByEmail(identity.email)
        if (byEmail) {
          if (byEmail.google_sub && byEmail.google_sub !== identity.sub)
            throw new HttpError(401, 'googleTokenInvalid')
          // Google verified the address: link the account and count the email as confirmed.
          await db
            .updateTable('users')
            .set({ google_sub: identity.sub, is_activated: 1, updated_at: nowIso() })
            .where('id', '=', byEmail.id)
            .execute()
          user = await userById(byEmail.id)
        } else {
          user = await createGoogleUser(identity, language)
        }
      }
      if (!user) throw new HttpError(401, 'googleTokenInvalid')
      if (user.disabled_at) throw new HttpError(403, 'accountDisabled')
      return session(user)
    },

    async activateEmail(email: string, language: Language): Promise<void> {
      const user = await userByEmail(email)
      if (!user || user.disabled_at) return
      // At most a few code mails an hour per account, however many addresses ask; the answer stays the same.
      try {
        await throttle.begin('mail', throttleKey('mail', user), user.id)
      } catch (error) {
        if (error instanceof AccountLockedError) return
        throw error
      }
      await sendCode(user, language)
    },

    async verifyEmail(email: string, code: string): Promise<AuthResponse> {
      const user = await consumeCode(email, code)
      if (user.is_activated !== 1) {
        await db
          .updateTable('users')
          .set({ is_activated: 1, updated_at: nowIso() })
          .where('id', '=', user.id)
          .execute()
      }
      const fresh = await userById(user.id)
      if (!fresh) throw new HttpError(400, 'codeWrong', { verificationCode: ['codeWrong'] })
      return session(fresh)
    },

    async requestResetLink(email: string, code: string, language: Language): Promise<void> {
      const user = await consumeCode(email, code)
      const token = randomToken(32)
      const now = nowIso()
      await db
        .updateTable('password_reset_links')
        .set({ used_at: now })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute()
      await db
        .insertInto('password_reset_links')
        .values({
          id: newId(),
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: nowIso(new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000)),
          used_at: null,
          created_at: now,
        })
        .execute()
      const link = `${config.webUrl}/auth/resetPassword/${token}`
      ctx.sendMail({
        to: user.email ?? email,
        ...resetLinkMail(userLanguage(user, language), user.name, link, RESET_LINK_TTL_MINUTES),
      })
    },

    async setNewPassword(activatedLink: string, password: string): Promise<void> {
      // Accept the bare token or the whole link.
      const token = activatedLink.trim().split('/').filter(Boolean).pop() ?? ''
      const invalid = () => new HttpError(400, 'resetLinkInvalid', { activatedLink: ['resetLinkInvalid'] })
      const row = await db
        .selectFrom('password_reset_links')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()
      if (!row || row.used_at || row.expires_at <= nowIso()) throw invalid()
      const passwordHash = await hashPassword(password)
      const res = await db
        .updateTable('password_reset_links')
        .set({ used_at: nowIso() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw invalid()
      // The link proves ownership of the mailbox, so the email counts as confirmed.
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, is_activated: 1, updated_at: nowIso() })
        .where('id', '=', row.user_id)
        .execute()
      await tokens.revokeAllForUser(row.user_id)
      // The mailbox owner is back in: whatever a guesser locked is open again.
      await throttle.clearUser(row.user_id)
    },

    async refresh(refreshToken: string): Promise<AuthResponse> {
      const outcome = await tokens.rotate(refreshToken)
      const user = await userById(outcome.userId)
      if (!user || user.disabled_at) {
        await tokens.revokeFamily(outcome.familyId)
        throw new HttpError(401, 'tokenInvalid')
      }
      return session(user, outcome.familyId, outcome.refreshToken)
    },

    /** Revokes the family of the given refresh token (if it is the user's) and of the current session. */
    async logout(userId: string, sessionId: string | null, refreshToken?: string): Promise<void> {
      if (refreshToken) {
        const row = await tokens.findByToken(refreshToken)
        if (row && row.user_id === userId) await tokens.revokeFamily(row.family_id)
      }
      if (sessionId) await tokens.revokeFamily(sessionId)
    },

    /**
     * Changes the password and ends every OTHER session of the user. The caller's session is kept:
     * the family of `refreshToken` from the body when given (and the user's), else the session the
     * access token was issued for.
     */
    async changePassword(
      userId: string,
      sessionId: string | null,
      oldPassword: string,
      password: string,
      refreshToken?: string,
    ): Promise<void> {
      const user = await userById(userId)
      if (!user) throw new HttpError(401, 'tokenInvalid')
      const ok = await verifyPassword(user.password_hash, oldPassword)
      if (!ok) throw new HttpError(400, 'wrongOldPassword', { oldPassword: ['wrongOldPassword'] })
      if (oldPassword === password) throw new HttpError(400, 'samePassword', { password: ['samePassword'] })
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
        .where('id', '=', userId)
        .execute()
      let keep = sessionId
      if (refreshToken) {
        const row = await tokens.findByToken(refreshToken)
        if (row && row.user_id === userId && !row.revoked_at) keep = row.family_id
      }
      await tokens.revokeAllForUser(userId, keep)
    },

    async me(userId: string) {
      const user = await userById(userId)
      if (!user) throw new HttpError(401, 'tokenInvalid')
      return loadUserDto(db, user, config.publicUrl)
    },
  }

  async function createGoogleUser(
    identity: Awaited<ReturnType<GoogleVerifier>>,
    language: Language,
  ): Promise<UserRow | undefined> {
    const base = usernameBase(identity)
    for (let attempt = 0; attempt < 20; attempt++) {
      const suffix = attempt === 0 ? '' : String(Math.floor(1000 + Math.random() * 9000))
      const username = (base + suffix).slice(0, 30)
      if (await usernameTaken(username)) continue
      const now = nowIso()
      const name = (identity.givenName ?? identity.name ?? username).slice(0, 50)
      const row = newAccountRow(
        {
          email: identity.email,
          password_hash: null,
          google_sub: identity.sub,
          name,
          lastname: (identity.familyName ?? '').slice(0, 50),
          username,
          is_activated: 1,
          locale: identity.locale?.toLowerCase().startsWith('ru') ? 'ru' : language,
        },
        newId(),
        now,
      )
      try {
        if (await insertHoldingName(row)) return row
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const existing = await db
          .selectFrom('users')
          .selectAll()
          .where('google_sub', '=', identity.sub)
          .executeTakeFirst()
        if (existing) return existing
      }
    }
    throw new HttpError(409, 'usernameTaken')
  }
}

function usernameBase(identity: { email: string; givenName: string | null }): string {
  const local = identity.email.split('@')[0] ?? ''
  let base = local
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_]/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
  if (base.length < 4) base = (base + '_user').replace(/^_/, '')
  if (base.length < 4) base = 'user'
  return base.slice(0, 24)
}

export type AuthService = ReturnType<typeof createAuthService>
