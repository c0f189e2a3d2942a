// A calendar publisher on loopback (Google Calendar, Nextcloud, Outlook, another events site): it serves the
// feeds a test puts at paths with an ETag and a Last-Modified, answers a conditional GET with 304 while a feed is
// unchanged, and records each request's conditional headers, so a test proves what a sync asked for.
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CalendarRequest {
  path: string
  ifNoneMatch: string | undefined
  ifModifiedSince: string | undefined
  userAgent: string | undefined
  status: number
}

export interface Feed {
  body: string | Buffer
  contentType?: string
  /** An HTTP status to answer instead of the feed. */
  status?: number
  /** Leave out ETag and Last-Modified (a server that does not support conditional requests). */
  unconditional?: boolean
  /** Answer this many milliseconds late (a slow publisher: a sync is still running when another would start). */
  delayMs?: number
}

export interface CalendarServer {
  url: string
  feeds: Map<string, Feed>
  requests: CalendarRequest[]
  close(): Promise<void>
}

export async function startCalendarServer(): Promise<CalendarServer> {
  const feeds = new Map<string, Feed>()
  const requests: CalendarRequest[] = []
  const modified = new Map<string, { etag: string; lastModified: string }>()
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    const feed = feeds.get(path)
    if (feed?.delayMs) await new Promise((resolve) => setTimeout(resolve, feed.delayMs))
    const record = (status: number) =>
      requests.push({
        path,
        ifNoneMatch: req.headers['if-none-match'],
        ifModifiedSince: req.headers['if-modified-since'],
        userAgent: req.headers['user-agent'],
        status,
      })
    if (!feed) {
      record(404)
      return res.writeHead(404).end('not found')
    }
    if (feed.status) {
      record(feed.status)
      return res.writeHead(feed.status).end('no')
    }
    const etag = `"${createHash('sha256').update(feed.body).digest('hex').slice(0, 16)}"`
    // Last-Modified moves when the body does (second precision, as HTTP dates have).
    const seen = modified.get(path)
    const stamp = seen?.etag === etag ? seen : { etag, lastModified: new Date().toUTCString() }
    modified.set(path, stamp)
    if (!feed.unconditional && req.headers['if-none-match'] === etag) {
      record(304)
      return res.writeHead(304, { etag }).end()
    }
    record(200)
    res.writeHead(200, {
      'content-type': feed.contentType ?? 'text/calendar; charset=utf-8',
      ...(feed.unconditional ? {} : { etag, 'last-modified': stamp.lastModified }),
    })
    res.end(feed.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    feeds,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
