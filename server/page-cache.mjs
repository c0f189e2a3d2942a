// Pages that are the same for everyone who asks them the same way (the static text pages to visitors without a
// session: app/utils/shared-pages.server.ts says which, and the key) are rendered once per key and kept here, with
// their brotli and gzip copies and an ETag, for PAGE_TTL_MS; then sent as assets are (docs/decisions/054).
import crypto from 'node:crypto'
import zlib from 'node:zlib'

/** Long enough to spare nearly every render; short enough that the footer's store links (cached as long by the app)
 * and the like follow a change within minutes. A new build starts with an empty cache. */
export const PAGE_TTL_MS = 10 * 60 * 1000
const MAX_PAGES = 200
/** The headers of the render that belong to the page; the security headers are the server's own, per response. */
const KEPT_HEADERS = ['content-type', 'content-language', 'link']

/**
 * @typedef {{ headers: [string, string][], plain: Buffer, br: Buffer, gzip: Buffer, etag: string, until: number }} CachedPage
 */

export function createPageCache() {
  /** @type {Map<string, CachedPage>} */
  const pages = new Map()
  return {
    /** @param {string} key */
    get(key) {
      const page = pages.get(key)
      if (page && page.until > Date.now()) return page
      if (page) pages.delete(key)
      return null
    },
    /**
     * Keeps a render when it is a whole page for anyone: 200, HTML, no cookie set, not `no-store`, nothing in it
     * made for this response (a nonce). Null, before its body is read, when it cannot be (the caller sends the render as it is).
     * @param {string} key
     * @param {Response} response
     * @returns {Promise<CachedPage | null>}
     */
    async put(key, response) {
      if (response.status !== 200 || response.headers.has('set-cookie') || !/^text\/html/i.test(response.headers.get('content-type') ?? '')) return null
      // A render that says it is not to be kept (made while the API could not be asked: entry.server.tsx).
      if (/\bno-store\b/i.test(response.headers.get('cache-control') ?? '')) return null
      const plain = Buffer.from(await response.arrayBuffer())
      /** @type {CachedPage} */
      const page = {
        headers: KEPT_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, /** @type {string} */ (response.headers.get(name))]] : [])),
        plain,
        // Compressed once, so as well as brotli and gzip can (a page is a few kilobytes: milliseconds, once).
        br: zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
        gzip: zlib.gzipSync(plain, { level: 9 }),
        etag: `"${crypto.createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
        until: Date.now() + PAGE_TTL_MS,
      }
      // A page with scripts of this response's own (its nonce) is sent, never kept: shared-pages.server.ts names
      // only pages without scripts.
      if (plain.includes('nonce=')) return page
      if (pages.size >= MAX_PAGES) pages.delete(/** @type {string} */ (pages.keys().next().value))
      pages.set(key, page)
      return page
    },
  }
}

/**
 * Sends a kept page: 304 when the browser has it (If-None-Match), else the copy in the best encoding the client
 * takes. `Cache-Control: private, no-cache`: a browser keeps it and asks again each time; a shared cache never
 * serves it to someone with a session.
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {CachedPage} page
 * @param {'HIT' | 'MISS'} outcome
 */
export function sendCachedPage(req, res, page, outcome) {
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.vary('Accept-Encoding')
  res.setHeader('ETag', page.etag)
  res.setHeader('Cache-Control', 'private, no-cache')
  res.setHeader('X-Page-Cache', outcome)
  if (ifNoneMatch(req.get('if-none-match'), page.etag)) {
    res.status(304).end()
    return
  }
  const encoding = req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null
  const body = encoding ? page[encoding] : page.plain
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.status(200)
  if (req.method === 'HEAD') res.end()
  else res.end(body)
}

/**
 * Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`).
 * @param {string | undefined} header
 * @param {string} etag
 */
function ifNoneMatch(header, etag) {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
