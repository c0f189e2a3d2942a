// The one API client of every loader and action (SPEC §4 "401 handling", ARCHITECTURE "Flows").
// - adds the bearer header from the session cookie;
// - refreshes ahead of time when the access token has expired, and on a 401 refreshes once and retries once;
// - if there is no refresh token or the refresh fails, clears the tokens (the user is signed out);
// - refreshes of one refresh token are shared: parallel loaders of one page, and requests that race with
//   an older cookie in the next few seconds, get the same new tokens instead of tripping reuse detection.
import { errorResponseSchema, type ErrorResponse } from '#contract'
import { getLanguage } from '~/i18next.server'
import { getEnv } from './env.server'
import { authSessionStorage, getAuthSession, type AuthSessionData } from './session.server'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
  ) {
    super(body.message)
    this.name = 'ApiError'
  }
}

type TokenSet = Pick<AuthSessionData, 'accessToken' | 'refreshToken' | 'userId'>

const refreshesInFlight = new Map<string, Promise<TokenSet | null>>()
const recentRefreshes = new Map<string, { tokens: TokenSet; at: number }>()
/** How long the outcome of a refresh is reused for requests that still carry the old cookie. */
const RECENT_REFRESH_MS = 30_000
/** Refresh this long before the access token expires, to avoid a 401 round trip. */
const EXPIRY_SKEW_SECONDS = 10

function forgetOldRefreshes(now: number) {
  for (const [token, entry] of recentRefreshes) {
    if (now - entry.at > RECENT_REFRESH_MS) recentRefreshes.delete(token)
  }
}

/** Exchanges a refresh token once, however many callers ask at the same time. Null: refused by the API. */
export function refreshTokensOnce(refreshToken: string, forwardHeaders: Headers): Promise<TokenSet | null> {
  const now = Date.now()
  forgetOldRefreshes(now)
  const recent = recentRefreshes.get(refreshToken)
  if (recent) return Promise.resolve(recent.tokens)
  const inFlight = refreshesInFlight.get(refreshToken)
  if (inFlight) return inFlight

  const headers = new Headers(forwardHeaders)
  headers.set('Content-Type', 'application/json')
  const refresh = fetch(new URL('/auth/refresh', getEnv().API_URL), {
    method: 'POST',
    headers,
    body: JSON.stringify({ refreshToken }),
  })
    .then(async (response) => {
      // A network failure throws (the API is down: not a reason to sign anyone out); a refusal answers null.
      if (!response.ok) return null
      const body = (await response.json()) as { accessToken: string; refreshToken: string; user: { id: string } }
      const tokens = { accessToken: body.accessToken, refreshToken: body.refreshToken, userId: body.user.id }
      recentRefreshes.set(refreshToken, { tokens, at: Date.now() })
      return tokens
    })
    .finally(() => refreshesInFlight.delete(refreshToken))
  refreshesInFlight.set(refreshToken, refresh)
  return refresh
}

function accessTokenExpired(accessToken: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number
    }
    return typeof payload.exp === 'number' && payload.exp - EXPIRY_SKEW_SECONDS <= Date.now() / 1000
  } catch {
    return true
  }
}

type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A JSON body, or FormData for multipart uploads. */
  body?: unknown
  query?: Record<string, string | number | boolean | null | undefined | Array<string | number>>
  /** false: send no bearer even when signed in. */
  auth?: boolean
}

async function readError(response: Response): Promise<ErrorResponse> {
  const body: unknown = await response.json().catch(() => null)
  const parsed = errorResponseSchema.safeParse(body)
  return parsed.success ? parsed.data : { message: response.statusText || `HTTP ${response.status}`, errors: {} }
}

export type Api = Awaited<ReturnType<typeof getApi>>

/** The API client of one request. Call `headers()` last and pass them on: they carry refreshed tokens. */
export async function getApi(request: Request) {
  const session = await getAuthSession(request)
  let sessionChanged = false
  const language = await getLanguage(request)

  const forwardHeaders = new Headers({ 'Accept-Language': language, Accept: 'application/json' })
  // server.mjs sets x-client-ip from the socket (never from the client), so rate limits stay per person.
  const clientIp = request.headers.get('x-client-ip')
  if (clientIp) forwardHeaders.set('X-Forwarded-For', clientIp)
  const userAgent = request.headers.get('user-agent')
  if (userAgent) forwardHeaders.set('User-Agent', userAgent)

  function signOutLocally() {
    if (session.has('refreshToken') || session.has('accessToken')) sessionChanged = true
    session.unset('accessToken')
    session.unset('refreshToken')
    session.unset('userId')
  }

  /** Refreshes once; false when the user is now signed out. */
  async function refresh(): Promise<boolean> {
    const refreshToken = session.get('refreshToken')
    if (!refreshToken) {
      signOutLocally()
      return false
    }
    const tokens = await refreshTokensOnce(refreshToken, forwardHeaders)
    if (!tokens) {
      signOutLocally()
      return false
    }
    session.set('accessToken', tokens.accessToken)
    session.set('refreshToken', tokens.refreshToken)
    session.set('userId', tokens.userId)
    sessionChanged = true
    return true
  }

  async function send(path: string, options: CallOptions): Promise<Response> {
    const url = new URL(path, getEnv().API_URL)
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined || value === null || value === '') continue
      url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    const headers = new Headers(forwardHeaders)
    const accessToken = session.get('accessToken')
    if (options.auth !== false && accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
    let body: BodyInit | undefined
    if (options.body instanceof FormData) {
      body = options.body
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(options.body)
    }
    return fetch(url, { method: options.method ?? 'GET', headers, body })
  }

  async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
    const useAuth = options.auth !== false && session.has('refreshToken')
    if (useAuth && accessTokenExpired(session.get('accessToken') ?? '')) await refresh()

    let response = await send(path, options)
    if (response.status === 401 && useAuth && session.has('refreshToken')) {
      if (await refresh()) response = await send(path, options)
    }
    if (!response.ok) throw new ApiError(response.status, await readError(response))
    if (response.status === 204) return undefined as T
    return (await response.json()) as T
  }

  return {
    language,
    session,
    isSignedIn: () => session.has('refreshToken'),
    userId: () => session.get('userId') ?? null,
    call,
    get: <T>(path: string, options?: Omit<CallOptions, 'method' | 'body'>) => call<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'method' | 'body'>) =>
      call<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'method' | 'body'>) =>
      call<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'method' | 'body'>) =>
      call<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'method' | 'body'>) =>
      call<T>(path, { ...options, method: 'DELETE', body }),
    /** Stores new tokens after sign-in, registration or email confirmation. */
    signIn(tokens: TokenSet) {
      session.set('accessToken', tokens.accessToken)
      session.set('refreshToken', tokens.refreshToken)
      session.set('userId', tokens.userId)
      sessionChanged = true
    },
    signOutLocally,
    /** Set-Cookie for the session when tokens changed (refreshed, stored or cleared); empty otherwise. */
    async headers(): Promise<Headers> {
      if (!sessionChanged) return new Headers()
      const cookie = session.has('refreshToken')
        ? await authSessionStorage.commitSession(session)
        : await authSessionStorage.destroySession(session)
      return new Headers({ 'Set-Cookie': cookie })
    },
  }
}
