// The Content-Security-Policy of every response (docs/decisions/021-content-security-policy.md). Scripts run
// only from this origin or with the request's nonce (Remix's inline module script, the streamed data, the
// public env); the browser talks only to this origin, the API (its images, its socket) and the map's tile
// server; nothing may frame a page, and Google's sign-in is allowed only when it is configured.
import { getEnv, getPublicEnv } from './env.server'

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/'

/** The origin of a URL or of a URL template such as `https://{s}.tile.example/{z}/{x}/{y}.png`. */
function originOf(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template)
  if (!match) return null
  // A subdomain placeholder ({s}) becomes a wildcard: tiles come from a.tile…, b.tile…, c.tile….
  const host = match[2]!.replace(/\{[^}]+\}/g, '*')
  return `${match[1]!.toLowerCase()}://${host}`
}

/** The socket's origin: the API's, over ws / wss. */
function socketOrigin(apiOrigin: string): string {
  return apiOrigin.replace(/^http/, 'ws')
}

let cached: ((nonce: string) => string) | null = null

function buildPolicy(): (nonce: string) => string {
  const env = getEnv()
  const publicEnv = getPublicEnv()
  const api = originOf(publicEnv.PUBLIC_API_URL)
  const tiles = originOf(env.MAP_TILE_URL)
  const google = env.GOOGLE_CLIENT_ID ? [GOOGLE_SIGN_IN] : []
  const development = env.NODE_ENV === 'development'
  const list = (...sources: (string | null | false)[]) => [...new Set(sources.filter(Boolean))].join(' ')

  const fixed: Record<string, string> = {
    'default-src': "'self'",
    'img-src': list("'self'", 'data:', 'blob:', api, tiles),
    // Inline style attributes (a dialog's width, the map's height, Leaflet's positioning) are not scripts.
    'style-src': list("'self'", "'unsafe-inline'", ...google),
    'font-src': "'self'",
    'connect-src': list("'self'", api, api && socketOrigin(api), ...google, development && 'ws://localhost:*'),
    // 'self': the embed builder previews the programme in a frame (only /embed/events may be framed at all).
    'frame-src': list("'self'", ...google),
    'worker-src': "'self'",
    'manifest-src': "'self'",
    'media-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  }
  const script = (nonce: string) => list("'self'", `'nonce-${nonce}'`, ...google.map((origin) => `${origin}client`))
  const rest = Object.entries(fixed)
    .map(([directive, value]) => `${directive} ${value}`)
    .join('; ')
  return (nonce) => `script-src ${script(nonce)}; ${rest}`
}

/** The policy for a response whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  cached ??= buildPolicy()
  return cached(nonce)
}

/** The one path other sites may frame: the embeddable programme (decision 043). */
export function isEmbedPath(path: string): boolean {
  return path === '/embed/events'
}

let embedPolicy: string | null = null

/**
 * The framed programme's policy: no script at all, its own inline style, images from this site and the API,
 * links only; any site may frame it (`frame-ancestors *`).
 */
export function embedContentSecurityPolicy(): string {
  if (embedPolicy) return embedPolicy
  const api = originOf(getPublicEnv().PUBLIC_API_URL)
  const images = ["'self'", 'data:', api].filter(Boolean).join(' ')
  embedPolicy = [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src ${images}`,
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ')
  return embedPolicy
}
