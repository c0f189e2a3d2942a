// A fake Google key set on loopback (JWKS generated with jose) and a signer of ID tokens:
// valid, wrong audience, expired, signed by another key, wrong issuer.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey']

export interface IdTokenClaims {
  sub?: string
  email?: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  aud?: string
  iss?: string
  /** seconds from now; negative = already expired */
  expiresIn?: number
}

export interface FakeGoogle {
  jwksUrl: string
  clientId: string
  sign(claims?: IdTokenClaims, options?: { foreignKey?: boolean; alg?: 'RS256' }): Promise<string>
  close(): Promise<void>
}

export async function startFakeGoogle(
  clientId = 'test-client-id.apps.googleusercontent.com',
  options: { port?: number; host?: string } = {},
): Promise<FakeGoogle> {
  const good = await generateKeyPair('RS256', { extractable: true })
  const foreign = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }
  const host = options.host ?? '127.0.0.1'
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname === '/oauth2/v3/certs') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ keys: [jwk] }))
      return
    }
    // GET /token?sub=…&email=…&name=…&aud=…&iss=…&expiresIn=…&email_verified=false&foreign=1
    // mints an ID token (browser tests post it as the credential).
    if (url.pathname === '/token') {
      const q = url.searchParams
      const claims: IdTokenClaims = {}
      for (const k of ['sub', 'email', 'name', 'given_name', 'family_name', 'aud', 'iss'] as const) {
        const v = q.get(k)
        if (v !== null) claims[k] = v
      }
      if (q.get('expiresIn') !== null) claims.expiresIn = Number(q.get('expiresIn'))
      if (q.get('email_verified') !== null) claims.email_verified = q.get('email_verified') === 'true'
      sign(claims, { foreignKey: q.get('foreign') === '1' }).then(
        (token) => {
          res.setHeader('content-type', 'application/json')
          res.end(JSON.stringify({ credential: token }))
        },
        () => {
          res.statusCode = 500
          res.end()
        },
      )
      return
    }
    res.statusCode = 404
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, () => resolve()))
  const port = (server.address() as AddressInfo).port

  async function sign(claims: IdTokenClaims = {}, options: { foreignKey?: boolean } = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    const key: Key = options.foreignKey ? foreign.privateKey : good.privateKey
    const { aud, iss, expiresIn, sub, ...rest } = claims
    const exp = now + (expiresIn ?? 3600)
    return new SignJWT({
      email: 'google.user@example.com',
      email_verified: true,
      name: 'Google User',
      given_name: 'Google',
      family_name: 'User',
      ...rest,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
      .setSubject(sub ?? '1234567890')
      .setIssuer(iss ?? 'https://accounts.google.com')
      .setAudience(aud ?? clientId)
      .setIssuedAt(Math.min(now, exp - 60))
      .setExpirationTime(exp)
      .sign(key)
  }

  return {
    jwksUrl: `http://${host}:${port}/oauth2/v3/certs`,
    clientId,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// CLI entry: tsx tests/support/google.ts --port 2590 [--client-id id]
// → GOOGLE_JWKS_URL=http://127.0.0.1:2590/oauth2/v3/certs, tokens from GET /token?sub=…&email=…
const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href
if (isMain) {
  const argv = process.argv
  const at = (name: string) => {
    const i = argv.indexOf(name)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const fake = await startFakeGoogle(at('--client-id') ?? 'test-client-id.apps.googleusercontent.com', {
    port: Number(at('--port') ?? 2590),
  })
  console.log(`Fake Google: GOOGLE_CLIENT_ID=${fake.clientId} GOOGLE_JWKS_URL=${fake.jwksUrl}`)
  const stop = () => void fake.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
