// The one API client of each HTTP request (SPEC §4 "401 handling", ARCHITECTURE "Flows";
// docs/decisions/012-one-api-client-per-request.md):
// - made once per request: every loader, action and resource route of the request shares it, and the web
//   server writes its session cookie once, on the response, whatever the route returns (withApiSession);
// - adds the bearer header from the session cookie;
// - refreshes ahead of time when the access token is about to expire, and on a 401 refreshes and retries
//   once;
// - if there is no refresh token or the refresh fails, clears the tokens (the user is signed out);
// - keeps no memory of rotations: the API answers every presentation of a refresh token with the session's
//   current one, whichever web instance asks and in whatever order the answers reach the browser (decision
//   003), so parallel requests, slow pages and several web instances never sign anyone out. Refreshes of one
//   token that this process is waiting for at the same moment are shared, only to save calls.
import { AsyncLocalStorage } from 'node:async_hooks'
import createClient from 'openapi-fetch'
import { errorResponseSchema, type ErrorResponse } from '#contract'
import type { paths } from './api-schema.gen'
import { getLanguage } from '~/i18n.server'
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

/** `path` of the API (API_URL may have a path of its own: https://example.org/api behind a balancer). */
export function apiUrl(path: string): URL {
  return new URL(getEnv().API_URL.replace(/\/+$/, '') + path)
}

/** Refreshes this process is waiting for, by refresh token: callers asking at the same time share one. */
const refreshesInFlight = new Map<string, Promise<TokenSet | null>>()
/** Refresh this long before the access token expires (at most a quarter of its life), to avoid a 401. */
const EXPIRY_SKEW_SECONDS = 10

/** Exchanges a refresh token once, however many callers ask at the same time. Null: refused by the API. */
export function refreshTokensOnce(refreshToken: string, forwardHeaders: Headers): Promise<TokenSet | null> {
  const inFlight = refreshesInFlight.get(refreshToken)
  if (inFlight) return inFlight

  const headers = new Headers(forwardHeaders)
  headers.set('Content-Type', 'application/json')
  const refresh = fetch(apiUrl('/auth/refresh'), {
    method: 'POST',
    headers,
    body: JSON.stringify({ refreshToken }),
  })
    .then(async (response) => {
      // Only a refusal of the token (400/401) signs the user out; the API down, busy (429) or failing (5xx)
      // throws, as a network failure does: not a reason to sign anyone out.
      if (response.status === 400 || response.status === 401) return null
      if (!response.ok) throw new Error(`token refresh failed: HTTP ${response.status}`)
      const body = (await response.json()) as { accessToken: string; refreshToken: string; user: { id: string } }
      return { accessToken: body.accessToken, refreshToken: body.refreshToken, userId: body.user.id }
    })
    .finally(() => refreshesInFlight.delete(refreshToken))
  refreshesInFlight.set(refreshToken, refresh)
  return refresh
}

function accessTokenExpired(accessToken: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number
      iat?: number
    }
    if (typeof payload.exp !== 'number') return false
    // A short-lived token is not renewed the moment it is issued: the margin is a quarter of its life at most.
    const lifetime = typeof payload.iat === 'number' ? payload.exp - payload.iat : EXPIRY_SKEW_SECONDS * 4
    return payload.exp - Math.min(EXPIRY_SKEW_SECONDS, lifetime / 4) <= Date.now() / 1000
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

/** The API's error body, or one made from the status when the body is not the API's. */
function errorOf(body: unknown, response: Response): ErrorResponse {
  const parsed = errorResponseSchema.safeParse(body)
  return parsed.success ? parsed.data : { message: response.statusText || `HTTP ${response.status}`, errors: {} }
}

async function readError(response: Response): Promise<ErrorResponse> {
  return errorOf(await response.json().catch(() => null), response)
}

export type Api = Awaited<ReturnType<typeof createApiClient>>

/** The data of a typed call (`api.typed.GET(...)`), or its refusal as an ApiError. */
export async function ok<Data>(call: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data> {
  const { data, error, response } = await call
  if (!response.ok || error !== undefined) throw new ApiError(response.status, errorOf(error, response))
  return data as Data
}

type RequestScope = { api?: Promise<Api> }
const requestScope = new AsyncLocalStorage<RequestScope>()

/**
 * The API client of the current HTTP request: made on the first call, shared by every later one. Outside
 * a request scope (a unit test calling a loader) each call makes its own client.
 */
export function getApi(request: Request): Promise<Api> {
  const scope = requestScope.getStore()
  if (!scope) return createApiClient(request)
  return (scope.api ??= createApiClient(request))
}

/**
 * Runs `work` (the handling of one HTTP request) with one API client for all of it, and answers the session
 * cookie to set on the response: the newest tokens, or the deletion of the cookie; null when unchanged.
 */
export async function runWithApiSession<T>(work: () => Promise<T>): Promise<{ result: T; setCookie: string | null }> {
  const scope: RequestScope = {}
  const result = await requestScope.run(scope, work)
  const api = await scope.api?.catch(() => undefined)
  return { result, setCookie: api ? await api.sessionCookie() : null }
}

/** The web server's entry (server.mjs): Remix's handler in a request scope, the session cookie written once. */
export async function handleWithApiSession(handle: () => Promise<Response>): Promise<Response> {
  const { result: response, setCookie } = await runWithApiSession(handle)
  if (!setCookie) return response
  try {
    response.headers.append('Set-Cookie', setCookie)
    return response
  } catch {
    // Immutable headers (a fetched response passed through): answer a copy.
    const copy = new Response(response.body, response)
    copy.headers.append('Set-Cookie', setCookie)
    return copy
  }
}

async function createApiClient(request: Request) {
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

  /**
   * Refreshes the session, once however many calls of the request ask at the same access token (a call that
   * finds the new one spent too, on a slow page, refreshes again); false when now signed out.
   */
  const refreshes = new Map<string, Promise<boolean>>()
  function refresh(): Promise<boolean> {
    const current = session.get('accessToken') ?? ''
    let refreshing = refreshes.get(current)
    if (!refreshing) {
      refreshing = refreshSession()
      refreshes.set(current, refreshing)
    }
    return refreshing
  }

  async function refreshSession(): Promise<boolean> {
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

  /** The request of a hand-written call: query, JSON or multipart body (headers and bearer come later). */
  function requestOf(path: string, options: CallOptions): Request {
    const url = apiUrl(path)
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined || value === null || value === '') continue
      url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    const headers = new Headers()
    let body: BodyInit | undefined
    if (options.body instanceof FormData) {
      body = options.body
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(options.body)
    }
    return new Request(url, { method: options.method ?? 'GET', headers, body })
  }

  /**
   * Every call to the API goes through here, typed (openapi-fetch's transport) or not: the forwarded headers,
   * the bearer, a refresh ahead of expiry, and one retry after a 401 — with the token another call of this
   * request got meanwhile, or a refreshed one, or, when the session has ended on the API, as a visitor, so a
   * public page stays a public page. The body is read once so the request can be sent again.
   */
  async function authorizedFetch(request: Request, auth = true): Promise<Response> {
    const useAuth = auth && session.has('refreshToken')
    if (useAuth && accessTokenExpired(session.get('accessToken') ?? '')) await refresh()
    const body = request.body ? await request.arrayBuffer() : undefined
    const attempt = () => {
      const headers = new Headers(request.headers)
      forwardHeaders.forEach((value, key) => headers.set(key, value))
      const accessToken = session.get('accessToken')
      if (auth && accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
      return fetch(request.url, { method: request.method, headers, body })
    }
    const sentAccessToken = session.get('accessToken')
    let response = await attempt()
    // Sent again once: refreshed, or with the token another call of this request got meanwhile, or as a
    // visitor when the session has ended — also when another call found that out while this one was on its way.
    if (response.status === 401 && useAuth && sentAccessToken) {
      if (session.get('accessToken') === sentAccessToken) await refresh()
      response = await attempt()
    }
    return response
  }

  async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
    const response = await authorizedFetch(requestOf(path, options), options.auth !== false)
    if (!response.ok) throw new ApiError(response.status, await readError(response))
    if (response.status === 204) return undefined as T
    return (await response.json()) as T
  }

  return {
    language,
    session,
    /** Calls typed from the API's OpenAPI document (app/utils/api-schema.gen.ts); unwrap them with `ok()`. */
    typed: createClient<paths>({ baseUrl: getEnv().API_URL, fetch: (request) => authorizedFetch(request) }),
    /**
     * The same typed calls sent as a visitor: no bearer even when signed in, so never a refresh either (sign-in,
     * registration, email codes, public data: a refusal there is about the form, not the session).
     */
    typedAsVisitor: createClient<paths>({ baseUrl: getEnv().API_URL, fetch: (request) => authorizedFetch(request, false) }),
    isSignedIn: () => session.has('refreshToken'),
    userId: () => session.get('userId') ?? null,
    call,
    get: <T>(path: string, options?: Omit<CallOptions, 'method' | 'body'>) => call<T>(path, { ...options, method: 'GET' }),
    /** A file the API answers (a staged photo): its bytes and type, or null when it has none (404). */
    async file(path: string): Promise<{ bytes: ArrayBuffer; type: string; headers: Headers } | null> {
      const response = await authorizedFetch(requestOf(path, {}))
      if (response.status === 404) return null
      if (!response.ok) throw new ApiError(response.status, await readError(response))
      return { bytes: await response.arrayBuffer(), type: response.headers.get('content-type') ?? 'application/octet-stream', headers: response.headers }
    },
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
    /** The Set-Cookie value of the session when tokens changed (refreshed, stored or cleared); null otherwise. */
    async sessionCookie(): Promise<string | null> {
      if (!sessionChanged) return null
      return session.has('refreshToken')
        ? authSessionStorage.commitSession(session)
        : authSessionStorage.destroySession(session)
    },
  }
}
