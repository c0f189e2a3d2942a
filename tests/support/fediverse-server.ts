// Someone's own fediverse server (as Mastodon answers it), faked on loopback for "Follow from your server": its
// WebFinger names the follow page (OStatus subscribe template) of its account `me`, and that page shows which
// actor the reader came to follow. It also has an events calendar, `events` (a Group, as Gancio or Mobilizon
// publish), that Nearby's people follow by handle: its actor document, and an inbox that takes their Follows.
// Other accounts are unknown (404), as on a real server.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeFediverseServer {
  /** host:port, what a reader types after the @ */
  host: string
  close(): Promise<void>
}

export async function startFakeFediverseServer(port = 0): Promise<FakeFediverseServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    const base = `http://${req.headers.host}`
    if (url.pathname === '/.well-known/webfinger' && url.searchParams.get('resource') === `acct:events@${req.headers.host}`) {
      res.writeHead(200, { 'content-type': 'application/jrd+json' })
      res.end(
        JSON.stringify({
          subject: `acct:events@${req.headers.host}`,
          links: [{ rel: 'self', type: 'application/activity+json', href: `${base}/actors/events` }],
        }),
      )
      return
    }
    if (url.pathname === '/actors/events') {
      res.writeHead(200, { 'content-type': 'application/activity+json' })
      res.end(
        JSON.stringify({
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `${base}/actors/events`,
          type: 'Group',
          preferredUsername: 'events',
          name: 'City events calendar',
          summary: '<p>What is on in town.</p>',
          url: `${base}/@events`,
          inbox: `${base}/inbox`,
          outbox: `${base}/outbox`,
        }),
      )
      return
    }
    if (url.pathname === '/inbox' && req.method === 'POST') {
      req.resume()
      res.writeHead(202).end()
      return
    }
    if (url.pathname === '/.well-known/webfinger') {
      const resource = url.searchParams.get('resource') ?? ''
      if (resource !== `acct:me@${req.headers.host}`) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(200, { 'content-type': 'application/jrd+json' })
      res.end(
        JSON.stringify({
          subject: resource,
          links: [
            {
              rel: 'http://ostatus.org/schema/1.0/subscribe',
              template: `http://${req.headers.host}/authorize_interaction?uri={uri}`,
            },
          ],
        }),
      )
      return
    }
    if (url.pathname === '/authorize_interaction') {
      const uri = url.searchParams.get('uri') ?? ''
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        `<!doctype html><title>Follow</title><h1>Follow on the fake server</h1><p data-testid="follow-target">${uri.replace(/[<>&"]/g, '')}</p>`,
      )
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return { host: `127.0.0.1:${bound}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
