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

/** An access token's `exp` (seconds since the epoch). */
export function jwtExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number }
  return payload.exp
}
