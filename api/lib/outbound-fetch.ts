// The one way Nearby requests an address someone else chose (fediverse documents and inboxes, WebFinger, remote
// follow, fediverse photos, push endpoints, and calendars to import): only public addresses (isPublicAddress) —
// checked on the URL and again on every address DNS gives at connection time, so a name that resolves to
// 127.0.0.1 or changes its answer between check and use is refused too — redirects followed only by these rules,
// a timeout, and a cap on what is read (decisions 039 and 046). ALLOW_PRIVATE_ADDRESSES (tests only) lifts the
// address rule and allows plain http, for every caller at once.
import dns from 'node:dns'
import type { LookupAddress } from 'node:dns'
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici'
import { isPrivateHost, isPublicAddress } from './addresses'

export interface OutboundFetchOptions {
  /** Test-only (ALLOW_PRIVATE_ADDRESSES): loopback and private addresses, and plain http. */
  allowPrivate: boolean
  timeoutMs: number
  /** The most bytes of a body that are read; a longer body is refused. */
  maxBytes: number
  maxRedirects?: number
  userAgent: string
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RefusedAddressError'
  }
}

export class BodyTooLargeError extends Error {
  constructor(url: string, maxBytes: number) {
    super(`${url}: the body is larger than ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** Why a URL may not be requested, or null. */
export function urlProblem(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return `${url.protocol} is not allowed`
  if (url.username || url.password) return 'credentials in the URL'
  if (!allowPrivate && isPrivateHost(url.hostname)) return `${url.hostname} is a private address`
  return null
}

/**
 * Why a delivery to an inbox may not be made, or null: the URL's rules, and every address its host resolves to
 * now. (Fedify posts the delivery itself, so this is checked just before; a name that changes its answer in
 * between could still slip through — the inbox was checked the same way when the follower was stored.)
 */
export async function deliveryProblem(url: URL, allowPrivate: boolean): Promise<string | null> {
  const problem = urlProblem(url, allowPrivate)
  if (problem || allowPrivate) return problem
  try {
    const addresses = await dns.promises.lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true })
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    return refused ? `${url.hostname} resolves to a private address (${refused.address})` : null
  } catch {
    return null // Unresolvable now: the delivery fails and is retried by its policy.
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/** dns.lookup that fails when any address of the name is private: checked where the connection is made. */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused || addresses.length === 0) {
      const error = new RefusedAddressError(
        `${hostname} resolves to a private address (${refused?.address ?? 'none'})`,
      ) as NodeJS.ErrnoException
      error.code = 'EREFUSEDADDRESS'
      return callback(error, [])
    }
    if (options.all) return callback(null, addresses)
    const first = addresses[0]!
    return callback(null, first.address, first.family)
  })
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

export interface OutboundRequestInit extends UndiciRequestInit {
  /**
   * Signs each request made, redirects included (an HTTP signature covers the host and path it is sent to): given
   * the request about to be sent (its URL, method and headers), the request to send. For reads (no body).
   */
  sign?: (request: Request) => Promise<Request>
}

export type OutboundFetch = (url: string | URL, init?: OutboundRequestInit) => Promise<Response>

export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch & { close(): Promise<void> } {
  const agent = new Agent({
    connect: options.allowPrivate ? {} : { lookup: publicOnlyLookup as never },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })
  const maxRedirects = options.maxRedirects ?? 5

  const outboundFetch = async (input: string | URL, request: OutboundRequestInit = {}): Promise<Response> => {
    const { sign, ...init } = request
    let url = new URL(input)
    const signal = AbortSignal.timeout(options.timeoutMs)
    for (let redirects = 0; ; redirects++) {
      const problem = urlProblem(url, options.allowPrivate)
      if (problem) throw new RefusedAddressError(`${url.href}: ${problem}`)
      let headers = new Headers(init.headers as HeadersInit | undefined)
      if (!headers.has('user-agent')) headers.set('user-agent', options.userAgent)
      if (sign) headers = (await sign(new Request(url, { method: init.method ?? 'GET', headers }))).headers
      const response = await undiciFetch(url, {
        ...init,
        // As pairs: the global Headers is not undici's own class.
        headers: [...headers],
        redirect: 'manual',
        dispatcher: agent,
        signal,
      })
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined)
        if (redirects >= maxRedirects)
          throw new RefusedAddressError(`${url.href}: more than ${maxRedirects} redirects`)
        // A redirect changes a POST into nothing we would resend: only reads follow redirects.
        if (init.method && init.method !== 'GET' && init.method !== 'HEAD')
          return response as unknown as Response
        url = new URL(location, url)
        continue
      }
      const body = NULL_BODY_STATUSES.has(response.status)
        ? null
        : await readCapped(response, url.href, options.maxBytes)
      const capped = new Response(body as BodyInit | null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers as unknown as Headers,
      })
      Object.defineProperty(capped, 'url', { value: url.href })
      return capped
    }
  }
  return Object.assign(outboundFetch, { close: () => agent.close() })
}

/** The body, refused once it passes maxBytes (a declared Content-Length beyond it is refused before reading). */
async function readCapped(
  response: Awaited<ReturnType<typeof undiciFetch>>,
  url: string,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!response.body) return null
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) {
    await response.body.cancel().catch(() => undefined)
    throw new BodyTooLargeError(url, maxBytes)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of response.body) {
    total += chunk.byteLength
    if (total > maxBytes) throw new BodyTooLargeError(url, maxBytes)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
