// Google ID token verification with jose against GOOGLE_JWKS_URL: RS256 only, aud = GOOGLE_CLIENT_ID,
// iss accounts.google.com, exp checked; email_verified must be true. Users are keyed by `sub`.
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { Config } from '../../config'
import { HttpError } from '../../lib/errors'

export interface GoogleIdentity {
  sub: string
  email: string
  givenName: string | null
  familyName: string | null
  name: string | null
  locale: string | null
}

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>

export function createGoogleVerifier(config: Config): GoogleVerifier | null {
  const clientId = config.googleClientId
  if (!clientId) return null
  const jwks = createRemoteJWKSet(new URL(config.googleJwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
  })
  return async (credential) => {
    let payload: Record<string, unknown>
    try {
      ;({ payload } = await jwtVerify(credential, jwks, {
        algorithms: ['RS256'],
        audience: clientId,
        issuer: ['accounts.google.com', 'https://accounts.google.com'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }))
    } catch {
      throw new HttpError(401, 'googleTokenInvalid')
    }
    const sub = typeof payload.sub === 'string' ? payload.sub : ''
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : ''
    if (!sub || !email) throw new HttpError(401, 'googleTokenInvalid')
    if (payload.email_verified !== true && payload.email_verified !== 'true')
      throw new HttpError(401, 'googleEmailUnverified')
    const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
    return {
      sub,
      email,
      givenName: str(payload.given_name),
      familyName: str(payload.family_name),
      name: str(payload.name),
      locale: str(payload.locale),
    }
  }
}
