// Conditional GETs of the feeds (RFC 9110 §13): a strong ETag of the body (the feeds' bytes depend only on
// the data: DTSTAMP is the post's last change) and Last-Modified; If-None-Match wins over If-Modified-Since.
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}

function matches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '')
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare)
}

/** Whether the client's copy is current (answer 304). */
export function isNotModified(request: FastifyRequest, etag: string, lastModified: Date | null): boolean {
  const inm = request.headers['if-none-match']
  if (typeof inm === 'string' && inm.length > 0) return matches(inm.slice(0, 4096), etag)
  const ims = request.headers['if-modified-since']
  if (typeof ims !== 'string' || !lastModified) return false
  const since = Date.parse(ims)
  if (Number.isNaN(since)) return false
  // HTTP dates have whole seconds.
  return Math.floor(lastModified.getTime() / 1000) * 1000 <= since
}

/**
 * Sends a feed body with its validators, or 304 with none. `cacheControl`: public feeds may sit in shared caches;
 * the personal one is private and revalidated each time.
 */
export function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  feed: { body: string; contentType: string; lastModified: string | null; cacheControl: string },
) {
  const etag = etagOf(feed.body)
  const parsed = feed.lastModified ? new Date(feed.lastModified) : null
  const lastModified = parsed && !Number.isNaN(parsed.getTime()) ? parsed : null
  reply.header('etag', etag)
  if (lastModified) reply.header('last-modified', lastModified.toUTCString())
  reply.header('cache-control', feed.cacheControl)
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language')
  reply.header('x-content-type-options', 'nosniff')
  if (isNotModified(request, etag, lastModified)) return reply.status(304).send()
  return reply.type(feed.contentType).send(Buffer.from(feed.body, 'utf8'))
}
