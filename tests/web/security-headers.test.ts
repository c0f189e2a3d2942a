// The web server's own headers (server.mjs), from the real process: HSTS when WEB_URL is https (security
// issue, item 7), nothing of the kind on http. Needs the web build (`npm test` builds it first).
import { afterAll, describe, expect, it } from 'vitest'
import { startWebServer, type WebServer } from '../support/web-server'

const servers: WebServer[] = []
afterAll(() => {
  for (const server of servers) server.stop()
})

async function startWeb(webUrl: string): Promise<string> {
  const server = await startWebServer({ WEB_URL: webUrl })
  servers.push(server)
  return server.url
}

describe('Strict-Transport-Security on the web', () => {
  it('is sent on pages and files when WEB_URL is https', async () => {
    const base = await startWeb('https://nearby.example')
    for (const path of ['/favicon.svg', '/privacy-policy', '/no-such-page']) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' })
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('is not sent when WEB_URL is http', async () => {
    const base = await startWeb('http://localhost:3000')
    const res = await fetch(`${base}/privacy-policy`)
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })
})
