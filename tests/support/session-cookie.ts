// The web's session cookie for tokens a test made itself, as the sign-in action writes it (a browser that
// signed in), and the expiry of an access token. The session module reads the web env when first loaded:
// set SESSION_SECRET (and WEB_URL) before the first call.
type SessionTokens = { accessToken: string; refreshToken: string; userId: string }

/** The Set-Cookie value of a signed-in session. */
export async function sessionSetCookie({ accessToken, refreshToken, userId }: SessionTokens): Promise<string> {
  const { authSessionStorage } = await import('../../app/utils/session.server')
  const session = await authSessionStorage.getSession()
  session.set('accessToken', accessToken)
  session.set('refreshToken', refreshToken)
  session.set('userId', userId)
  return authSessionStorage.commitSession(session)
}

/** Tokens of the API under test: a session is started and an access token signed for it. */
interface TokenIssuer {
  startSession(userId: string): Promise<{ familyId: string; refreshToken: string }>
  signAccessToken(claims: { id: string; role: 'user' | 'admin' | 'superAdmin'; isActivated: boolean }, familyId: string): Promise<string>
}

/** The `Cookie` value of a signed-in, activated user with `role`, in a session of its own. */
export async function signedInCookie(tokens: TokenIssuer, userId: string, role: 'user' | 'admin' | 'superAdmin'): Promise<string> {
  const { familyId, refreshToken } = await tokens.startSession(userId)
  const accessToken = await tokens.signAccessToken({ id: userId, role, isActivated: true }, familyId)
  return (await sessionSetCookie({ accessToken, refreshToken, userId })).split(';')[0]!
}

/** An access token's `exp` (seconds since the epoch). */
export function jwtExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number }
  return payload.exp
}
