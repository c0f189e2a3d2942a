// The web server's own headers (server.mjs), from the real process: HSTS when WEB_URL is https (security
// issue, item 7), nothing of the kind on http; the Content-Security-Policy with its nonce. Needs the web build (`npm test` builds it first).
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

describe('Content-Security-Policy on the web (docs/decisions/021-content-security-policy.md)', () => {
  it('every inline script of a page carries the nonce of its own response, and the nonce changes per response', async () => {
    const server = await startWebServer({
      PUBLIC_API_URL: 'https://api.nearby.example',
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
    })
    servers.push(server)
    const nonces = new Set<string>()
    for (const path of ['/auth', '/auth', '/no-such-page']) {
      const res = await fetch(`${server.url}${path}`)
      const policy = res.headers.get('content-security-policy') ?? ''
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1]
      expect(nonce, `${path}: ${policy}`).toBeTruthy()
      nonces.add(nonce!)
      const html = await res.text()
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!)
      expect(scripts.length, path).toBeGreaterThan(1)
      // External module scripts come from 'self'; every other script needs the nonce.
      for (const attributes of scripts.filter((a) => !/\bsrc=/.test(a))) expect(attributes, path).toContain(`nonce="${nonce}"`)
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).toContain("object-src 'none'")
      expect(policy).toContain("base-uri 'none'")
      // The browser talks to this origin, the API (pictures, the socket) and the tile servers only.
      expect(policy).toContain("connect-src 'self' https://api.nearby.example wss://api.nearby.example")
      expect(policy).toContain("img-src 'self' data: blob: https://api.nearby.example https://*.tiles.example")
      // Only this site's own frames (the embed builder's preview).
      expect(policy).toContain("frame-src 'self';")
    }
    expect(nonces.size).toBe(3)
  })

  it('allows Google Identity Services only when Google sign-in is configured', async () => {
    const server = await startWebServer({ GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' })
    servers.push(server)
    const policy = (await fetch(`${server.url}/auth`)).headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/accounts\.google\.com\/gsi\/client;/)
    expect(policy).toContain("frame-src 'self' https://accounts.google.com/gsi/")
  })
})

describe('framing (decision 043): only the embeddable programme may be framed', () => {
  it('pages, the embed builder and errors answer X-Frame-Options DENY and frame-ancestors none; /embed/events answers frame-ancestors * without X-Frame-Options and allows no script', async () => {
    const server = await startWebServer({ PUBLIC_API_URL: 'https://api.nearby.example' })
    servers.push(server)
    for (const path of ['/', '/auth', '/embed', '/embed?city=Belgrade', '/no-such-page', '/embed/events/x', '/embed/eventsx']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      expect(res.headers.get('x-frame-options'), path).toBe('DENY')
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
    }
    for (const path of ['/embed/events', '/embed/events?city=Belgrade&theme=dark', '/embed/events?count=999']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.headers.get('x-frame-options'), path).toBeNull()
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy, path).toContain('frame-ancestors *')
      expect(policy, path).toContain("script-src 'none'")
      expect(policy, path).toContain("img-src 'self' data: https://api.nearby.example")
      const html = await res.text()
      expect(html, path).not.toMatch(/<script\b/)
    }
    // A query the schema refuses: 400 and the page says so, in the reader's language.
    const bad = await fetch(`${server.url}/embed/events?count=999`, { headers: { 'accept-language': 'ru' } })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Программу не удалось показать')
  })
})
