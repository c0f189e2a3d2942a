// Sends a Remix answer (a Fetch API Response) on an Express response, compressed when the client accepts it
// (docs/decisions/025-html-compression.md). What the `compression` middleware did, without its two costs:
// - it flushed after every chunk of the stream with a full flush, which resets the compressor: gzip clients
//   got twice the bytes they needed. Here chunks that arrive together are compressed together, and the
//   stream is flushed (a sync flush, which keeps the dictionary) only when no more is ready, so a streamed
//   page still reaches the browser as it is rendered;
// - its levels cost more than a millisecond per page. Brotli quality 2 and gzip level 4 cost about half a
//   millisecond for a 78 KB home page and lose a few hundred bytes (`npm run bench` prints both).
// Build assets never come here: they are sent precompressed at their best level (decision 023).
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'

const { constants } = zlib

/** Content types worth compressing: pages, single-fetch data (text/x-script), JSON, feeds, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/i
/** Written at once when this much is waiting, whether more is ready or not. */
const HIGH_WATER_BYTES = 64 * 1024
/** Below this, compression saves less than the headers and the work cost. */
const THRESHOLD_BYTES = 1024

/** Ours, not the client's, order of preference: brotli is smaller at the same cost. */
const ENCODERS = {
  br: (sizeHint) =>
    zlib.createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 2,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
      },
    }),
  gzip: () => zlib.createGzip({ level: 4 }),
}
const SYNC_FLUSH = { br: constants.BROTLI_OPERATION_FLUSH, gzip: constants.Z_SYNC_FLUSH }

/**
 * The encoding to send `response` with for `req`, or null to send it as it is.
 * @param {import('express').Request} req
 * @param {Response} response
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(req, response) {
  if (!response.body || req.method === 'HEAD') return null
  if (response.headers.has('Content-Encoding')) return null
  if (!COMPRESSIBLE.test(response.headers.get('Content-Type') ?? '')) return null
  if (/\bno-transform\b/i.test(response.headers.get('Cache-Control') ?? '')) return null
  const length = response.headers.get('Content-Length')
  if (length !== null && Number(length) < THRESHOLD_BYTES) return null
  if (req.acceptsEncodings('br') === 'br') return 'br'
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip'
  return null
}

/**
 * Writes `response` to `res`: status, headers (several Set-Cookie kept apart), then the body, compressed
 * when `chooseEncoding` says so. Resolves when the body is sent or the client has gone.
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {Response} response
 */
export async function sendResponse(req, res, response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (COMPRESSIBLE.test(response.headers.get('Content-Type') ?? '')) res.vary('Accept-Encoding')
  if (!response.body) {
    res.end()
    return
  }
  const encoding = chooseEncoding(req, response)
  if (!encoding) {
    await copyStream(response.body, res, null)
    return
  }
  const sizeHint = Number(response.headers.get('Content-Length') ?? 0)
  res.removeHeader('Content-Length')
  res.setHeader('Content-Encoding', encoding)
  const encoder = ENCODERS[encoding](sizeHint)
  // Back-pressure from the client's connection, and the encoder destroyed when the client goes away.
  const sent = pipeline(encoder, res).catch(() => {})
  await copyStream(response.body, encoder, () => encoder.flush(SYNC_FLUSH[encoding]))
  await sent
}

/**
 * Copies a web stream into a Node writable, waiting on its back-pressure. React writes a page in many small
 * chunks; the ones that are ready together are written as one (each write costs a pass through every stream
 * on the way, and a compressor call), then `flush` runs, once the stream has nothing more ready.
 * @param {ReadableStream<Uint8Array>} body
 * @param {import('node:stream').Writable} writable
 * @param {(() => void) | null} flush
 */
async function copyStream(body, writable, flush) {
  const reader = body.getReader()
  /** @type {Uint8Array[]} */
  let ready = []
  let readyBytes = 0
  /** @type {Promise<void> | null} */
  let written = null
  const writeReady = async () => {
    const chunk = ready.length === 1 ? ready[0] : Buffer.concat(ready, readyBytes)
    ready = []
    readyBytes = 0
    // A stream destroyed (the client went away) would answer a write with an 'error' event.
    if (writable.destroyed) return
    if (!writable.write(chunk)) await drainedOrClosed(writable)
    if (flush && !writable.destroyed) flush()
  }
  let gone = false
  const onClose = () => {
    gone = true
    reader.cancel().catch(() => {})
  }
  writable.once('close', onClose)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || gone) break
      ready.push(value)
      readyBytes += value.byteLength
      // Written once nothing more is ready (the next macrotask), or at once when a lot is waiting.
      if (readyBytes >= HIGH_WATER_BYTES) await writeReady()
      else
        written ??= new Promise((resolve) => setImmediate(resolve))
          .then(() => (readyBytes > 0 ? writeReady() : undefined))
          .catch(() => {
            gone = true
          })
          .finally(() => {
            written = null
          })
    }
    await written
    if (readyBytes > 0) await writeReady()
    if (!gone) writable.end()
  } catch (error) {
    writable.destroy(error instanceof Error ? error : new Error(String(error)))
    throw error
  } finally {
    writable.off('close', onClose)
  }
}

/** @param {import('node:stream').Writable} writable */
function drainedOrClosed(writable) {
  return new Promise((resolve) => {
    const done = () => {
      writable.off('drain', done)
      writable.off('close', done)
      resolve(undefined)
    }
    writable.once('drain', done)
    writable.once('close', done)
  })
}
