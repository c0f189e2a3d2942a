// The static text pages, kept once rendered (server/page-cache.mjs, app/utils/shared-pages.server.ts, decision 054):
// the real web server, asked as browsers ask. Needs the web build (`npm test` builds it first).
import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../api/helpers'
import { getRaw, startWebServer, type WebServer } from '../support/web-server'

let api: TestApi
let server: WebServer
beforeAll(async () => {
  api = await startTestApi()
  server = await startWebServer({ API_URL: api.url })
})
afterAll(async () => {
  server?.stop()
  await api?.close()
})

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
  return { response, html: await response.text(), cache: response.headers.get('x-page-cache') }
}

describe('pages every visitor without a session sees alike', () => {
  it('are rendered once, then sent as kept, the same bytes in every encoding, with an ETag the browser can ask with', async () => {
    const first = await get('/terms-of-use')
    const second = await get('/terms-of-use')
    expect([first.response.status, second.response.status]).toEqual([200, 200])
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
    expect(second.html).toBe(first.html)
    expect(second.html).toContain('<h1')
    const etag = second.response.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    expect(first.response.headers.get('etag')).toBe(etag)
    expect(second.response.headers.get('cache-control')).toBe('private, no-cache')
    // Each response still has a policy of its own; the page has no script that would need its nonce.
    const policies = [first, second].map(({ response }) => response.headers.get('content-security-policy'))
    expect(policies[0]).toMatch(/'nonce-/)
    expect(policies[1]).not.toBe(policies[0])
    expect(second.html).not.toContain('<script')

    const brotli = await getRaw(`${server.url}/terms-of-use`, 'gzip, deflate, br, zstd')
    const gzip = await getRaw(`${server.url}/terms-of-use`, 'gzip')
    const plain = await getRaw(`${server.url}/terms-of-use`, null)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(first.html)
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(first.html)
    expect(plain.body.toString()).toBe(first.html)
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)

    const again = await fetch(`${server.url}/terms-of-use`, { headers: { 'If-None-Match': `W/"other", ${etag}` } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const changed = await get('/terms-of-use', { 'If-None-Match': '"some-older-page"' })
    expect(changed.response.status).toBe(200)
  })

  it('are kept per language: the Accept-Language header and the language cookie each get their own', async () => {
    const english = await get('/child-safety', { 'Accept-Language': 'en' })
    const russian = await get('/child-safety', { 'Accept-Language': 'ru-RU, ru;q=0.9' })
    expect(english.html).toMatch(/<html lang="en"/)
    expect(russian.html).toMatch(/<html lang="ru"/)
    expect(russian.cache).toBe('MISS')
    const cookie = `lng=${Buffer.from('"ru"').toString('base64')}`
    const byCookie = await get('/child-safety', { Cookie: cookie, 'Accept-Language': 'en' })
    expect(byCookie.cache).toBe('HIT')
    expect(byCookie.html).toBe(russian.html)
    expect((await get('/child-safety', { 'Accept-Language': 'en' })).html).toBe(english.html)
  })

  it('are kept apart for a phone, whose page may carry the install banner', async () => {
    await get('/privacy-policy')
    const phone = await get('/privacy-policy', { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' })
    expect(phone.cache).toBe('MISS')
    expect((await get('/privacy-policy', { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' })).cache).toBe('HIT')
  })

  it('are rendered for each request that carries any other cookie (a session, a toast) or a query, and for HEAD', async () => {
    await get('/docs/deleteAccount')
    for (const headers of [{ Cookie: '__session=abc' }, { Cookie: `lng=${Buffer.from('"en"').toString('base64')}; toast=x` }]) {
      const answer = await get('/docs/deleteAccount', headers)
      expect(answer.response.status).toBe(200)
      expect(answer.cache, JSON.stringify(headers)).toBeNull()
      expect(answer.response.headers.get('etag')).toBeNull()
    }
    expect((await get('/docs/deleteAccount?from=mail')).cache).toBeNull()
    const head = await fetch(`${server.url}/docs/deleteAccount`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-page-cache')).toBe('HIT')
  })

  it('are kept only under the site’s own address: a page asked for under another Host is rendered each time', async () => {
    const underHost = (host: string) =>
      new Promise<{ status: number; cache: unknown; body: string }>((resolve, reject) => {
        const request = http.get(`${server.url}/terms-of-use`, { headers: { host } }, (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-page-cache'], body }))
        })
        request.on('error', reject)
      })
    for (let time = 0; time < 2; time++) {
      const answer = await underHost('elsewhere.example')
      expect(answer.status).toBe(200)
      expect(answer.cache).toBeUndefined()
    }
    expect((await underHost(new URL(server.url).host)).cache).toBe('HIT')
  })

  it('are only the static text pages: the others are rendered for every request', async () => {
    for (const path of ['/', '/auth', '/no-such-page']) {
      await get(path)
      expect((await get(path)).cache, path).toBeNull()
    }
  })
  it('are not kept when made without the API (the footer would lack its store links until the page expired)', async () => {
    const alone = await startWebServer({})
    try {
      for (let time = 0; time < 2; time++) {
        const response = await fetch(`${alone.url}/terms-of-use`)
        expect(response.status).toBe(200)
        expect(response.headers.get('x-page-cache')).toBeNull()
        expect(response.headers.get('cache-control')).toBe('no-store')
      }
    } finally {
      alone.stop()
    }
  })
})
