// Pages leave the web server compressed per request (server/send-response.mjs, docs/decisions/025): brotli for
// a browser that accepts it, gzip otherwise, plain for a client that accepts neither, always with
// `Vary: Accept-Encoding`. A page is complete within a moment, so it is compressed in one piece and sent
// with its length, in a brotli window that fits it (decision 036); the streaming path is send-response.test.ts.
import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brotliWindowBits } from '../support/brotli'
import { getRaw, startWebServer, type WebServer } from '../support/web-server'

let server: WebServer
beforeAll(async () => {
  server = await startWebServer({})
})
afterAll(() => server?.stop())

const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
/** Pages of different shapes: a form with its scripts, a long static text, the not-found page. */
const PAGES = ['/auth', '/privacy-policy', '/no/such/page']


/** A page's text with its per-response parts (the CSP nonce) made equal. */
const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')

describe('pages compressed per request', () => {
  it.each(PAGES)('%s: brotli for Chromium, the same page once decoded, and Vary', async (page) => {
    const plain = await getRaw(`${server.url}${page}`, null)
    const res = await getRaw(`${server.url}${page}`, CHROMIUM_ACCEPT_ENCODING)
    expect(res.status).toBe(plain.status)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i)
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    const decoded = zlib.brotliDecompressSync(res.body).toString('utf8')
    // The smallest window that holds the page: the default 4 MiB one cost a garbage collection every few pages.
    expect(2 ** brotliWindowBits(res.body) - 16).toBeGreaterThanOrEqual(decoded.length)
    expect(2 ** (brotliWindowBits(res.body) - 1) - 16).toBeLessThan(Buffer.byteLength(decoded))
    expect(decoded).toMatch(/^<!DOCTYPE html>/i)
    expect(comparable(decoded)).toBe(comparable(plain.body.toString('utf8')))
    expect(res.body.length).toBeLessThan(plain.body.length / 3)
  })

  it.each(PAGES)('%s: gzip for a client without brotli, compressed in one piece', async (page) => {
    const res = await getRaw(`${server.url}${page}`, 'gzip, deflate')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    const decoded = zlib.gunzipSync(res.body)
    const inOnePiece = zlib.gzipSync(decoded, { level: 4 }).length
    expect(res.body.length).toBeLessThanOrEqual(Math.ceil(inOnePiece * 1.05))
  })

  it('sends the page as it is to a client that accepts no encoding, still with Vary', async () => {
    const res = await getRaw(`${server.url}/auth`, null)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i)
    expect(res.body.toString('utf8')).toMatch(/^<!DOCTYPE html>/i)
  })

  it('a HEAD request gets the headers without a body or an encoding', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${server.url}/auth`, { method: 'HEAD', headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } }, resolve)
      request.on('error', reject)
      request.end()
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
  })

  it('clients that leave in the middle of a compressed page leave the server answering', async () => {
    const leaveEarly = () =>
      new Promise<void>((resolve) => {
        const request = http.get(`${server.url}/privacy-policy`, { headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } }, (res) => {
          res.once('data', () => {
            request.destroy()
            resolve()
          })
        })
        request.on('error', () => resolve())
      })
    for (let round = 0; round < 10; round++) await Promise.all([leaveEarly(), leaveEarly(), leaveEarly()])
    const res = await getRaw(`${server.url}/privacy-policy`, CHROMIUM_ACCEPT_ENCODING)
    expect(res.status).toBe(200)
    expect(zlib.brotliDecompressSync(res.body).toString('utf8')).toContain('</html>')
  })
})
