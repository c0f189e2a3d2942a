// The web's sender (server/send-response.mjs, decisions 025 and 036) on a body that is still streaming after
// WHOLE_BODY_WAIT_MS (a slow part of a page, an event stream): the part that is ready reaches the client
// before the rest exists, in a compressor stream flushed without a reset, with a window of STREAM_WINDOW_BITS
// (not brotli's default 4 MiB, which cost a garbage collection every few pages). Served by a real Express
// server over HTTP, with Remix's Response as the app gives it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendResponse, STREAM_WINDOW_BITS, WHOLE_BODY_WAIT_MS } from '../../server/send-response.mjs'
import { brotliWindowBits } from '../support/brotli'

const FIRST = `<!DOCTYPE html><html><body><h1>Ready at once</h1>${'<p>The part that is ready.</p>'.repeat(80)}`
const REST = `${'<p>The part that came later.</p>'.repeat(80)}</body></html>`
/** How long the slow part takes: well past the wait for a whole body. */
const SLOW_MS = WHOLE_BODY_WAIT_MS * 10

let url: string
let server: http.Server
/** Whether the slow part has been handed to the sender yet. */
let restSent = false

beforeAll(async () => {
  const app = express()
  app.get('/slow', async (req, res) => {
    restSent = false
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(FIRST))
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
        restSent = true
        controller.enqueue(encoder.encode(REST))
        controller.close()
      },
    })
    const type = req.query.type === 'events' ? 'text/event-stream' : 'text/html; charset=utf-8'
    await sendResponse(req, res, new Response(body, { headers: { 'Content-Type': type } }))
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** The response's chunks as they came, each with whether the slow part existed when it arrived. */
function getChunks(acceptEncoding: string, type = 'html') {
  return new Promise<{ headers: http.IncomingHttpHeaders; chunks: Array<{ bytes: Buffer; afterRest: boolean }> }>((resolve, reject) => {
    http
      .get(`${url}?type=${type}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Array<{ bytes: Buffer; afterRest: boolean }> = []
        res.on('data', (bytes: Buffer) => chunks.push({ bytes, afterRest: restSent }))
        res.on('end', () => resolve({ headers: res.headers, chunks }))
      })
      .on('error', reject)
  })
}

describe('a body still streaming after the wait', () => {
  it.each([
    ['br', zlib.brotliDecompressSync, zlib.createBrotliDecompress],
    ['gzip', zlib.gunzipSync, zlib.createGunzip],
  ] as const)('%s: the ready part arrives, decodable, before the slow part exists; the whole decodes', async (encoding, decode, decoder) => {
    const { headers, chunks } = await getChunks(encoding)
    expect(headers['content-encoding']).toBe(encoding)
    expect(headers['content-length']).toBeUndefined()
    const early = Buffer.concat(chunks.filter((chunk) => !chunk.afterRest).map((chunk) => chunk.bytes))
    expect(early.length).toBeGreaterThan(0)
    // What came early decodes on its own to the ready part (a sync flush, not a buffered compressor).
    const partial = await new Promise<string>((resolve) => {
      const stream = decoder()
      let text = ''
      stream.on('data', (data: Buffer) => {
        text += data.toString('utf8')
        if (text.length >= FIRST.length) resolve(text)
      })
      stream.write(early)
    })
    expect(partial).toBe(FIRST)
    expect(decode(Buffer.concat(chunks.map((chunk) => chunk.bytes))).toString('utf8')).toBe(FIRST + REST)
  })

  it(`brotli streams in a ${2 ** (STREAM_WINDOW_BITS - 10)} KiB window, not the default 4 MiB`, async () => {
    const { chunks } = await getChunks('br')
    expect(brotliWindowBits(chunks[0]!.bytes)).toBe(STREAM_WINDOW_BITS)
  })

  it('a client that accepts no encoding gets the ready part early too', async () => {
    const { headers, chunks } = await getChunks('identity')
    expect(headers['content-encoding']).toBeUndefined()
    expect(chunks[0]!.afterRest).toBe(false)
    expect(Buffer.concat(chunks.map((chunk) => chunk.bytes)).toString('utf8')).toBe(FIRST + REST)
  })
})

describe('an event stream', () => {
  it('is sent as it is, each part as it comes, whatever the client accepts', async () => {
    const { headers, chunks } = await getChunks('br, gzip', 'events')
    expect(headers['content-encoding']).toBeUndefined()
    expect(chunks[0]!.afterRest).toBe(false)
    expect(Buffer.concat(chunks.map((chunk) => chunk.bytes)).toString()).toBe(FIRST + REST)
  })
})
