// Sends a Remix answer (a Fetch API Response) on an Express response, compressed when the client accepts it
// (docs/decisions/025 and 036). What the `compression` middleware did, without its costs:
// - a body that is complete within a moment (every page: Remix runs the loaders before it renders) is
//   compressed in one piece, on this thread, and sent with its length: no compressor stream, no round trips
//   to the thread pool, no flush, and as small as compression gets;
// - a body still streaming after that (a slow part, an event stream) goes through a compressor stream that is
//   flushed without resetting it, and only when nothing more is ready, so it still reaches the browser as it
//   is rendered (the middleware's full flush per chunk doubled gzip's bytes);
// - brotli's window fits the body: its default 4 MiB window made each response's encoder allocate 8 MiB,
//   counted by V8 as external memory, and ten pages at once forced a full garbage collection every few pages
//   (4–8 ms of CPU per page, issue 29). Brotli quality 2 and gzip level 4 cost a fraction of a millisecond for
//   a 78 KB home page and lose a few hundred bytes (`npm run bench` prints both).
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
/** A body that ends within this long is compressed in one piece; one that takes longer starts streaming. */
export const WHOLE_BODY_WAIT_MS = 20
/** Bodies up to this size may be held to be compressed in one piece; a larger one streams. */
const WHOLE_BODY_MAX_BYTES = 1024 * 1024
/** Brotli's window (log2 bytes) for a body of unknown length: 256 KiB holds any page of ours whole. */
export const STREAM_WINDOW_BITS = 18
const BROTLI_MIN_WINDOW_BITS = 10
const BROTLI_MAX_WINDOW_BITS = 24

/** The smallest brotli window that holds `bytes` (a window of 2^n bytes holds 2^n − 16). */
const windowBitsFor = (bytes) =>
  Math.min(Math.max(Math.ceil(Math.log2(bytes + 16)), BROTLI_MIN_WINDOW_BITS), BROTLI_MAX_WINDOW_BITS)

const brotliOptions = (sizeHint, windowBits) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 2,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_LGWIN]: windowBits,
    ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  },
})
const GZIP_OPTIONS = { level: 4 }

/** Ours, not the client's, order of preference: brotli is smaller at the same cost. */
const STREAM_ENCODERS = {
  br: (sizeHint) => zlib.createBrotliCompress(brotliOptions(sizeHint, sizeHint ? windowBitsFor(sizeHint) : STREAM_WINDOW_BITS)),
  gzip: () => zlib.createGzip(GZIP_OPTIONS),
}
const WHOLE_ENCODERS = {
  br: (body) => zlib.brotliCompressSync(body, brotliOptions(body.length, windowBitsFor(body.length))),
  gzip: (body) => zlib.gzipSync(body, GZIP_OPTIONS),
}
const SYNC_FLUSH = { br: constants.BROTLI_OPERATION_FLUSH, gzip: constants.Z_SYNC_FLUSH }

/** An event stream's parts must reach the client as they come: sent at once, never compressed. */
const isEventStream = (/** @type {string} */ type) => /^text\/event-stream/i.test(type)

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
  if (isEventStream(response.headers.get('Content-Type') ?? '')) return null
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
  const type = response.headers.get('Content-Type') ?? ''
  if (isEventStream(type)) res.flushHeaders()
  else if (COMPRESSIBLE.test(type)) res.vary('Accept-Encoding')
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  const encoding = chooseEncoding(req, response)
  if (!encoding) {
    await copyStream(reader, res, null)
    return
  }
  const start = await readWhole(reader)
  res.setHeader('Content-Encoding', encoding)
  if (start.done) {
    const body = WHOLE_ENCODERS[encoding](start.chunks.length === 1 ? start.chunks[0] : Buffer.concat(start.chunks))
    res.setHeader('Content-Length', body.length)
    res.end(body)
    return
  }
  res.removeHeader('Content-Length')
  const encoder = STREAM_ENCODERS[encoding](Number(response.headers.get('Content-Length') ?? 0))
  // Back-pressure from the client's connection, and the encoder destroyed when the client goes away.
  const sent = pipeline(encoder, res).catch(() => {})
  await copyStream(reader, encoder, () => encoder.flush(SYNC_FLUSH[encoding]), start)
  await sent
}

const WAITED = Symbol('waited')

/**
 * Reads `reader` until the body ends, WHOLE_BODY_WAIT_MS pass, or WHOLE_BODY_MAX_BYTES are read: `done` when
 * the whole body is in `chunks`; otherwise the rest is to be streamed, starting with the read still `pending`.
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader
 * @returns {Promise<{ done: boolean, chunks: Uint8Array[], pending: Promise<ReadableStreamReadResult<Uint8Array>> | null }>}
 */
async function readWhole(reader) {
  /** @type {Uint8Array[]} */
  const chunks = []
  let bytes = 0
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer
  const waited = new Promise((resolve) => {
    timer = setTimeout(resolve, WHOLE_BODY_WAIT_MS, WAITED)
  })
  try {
    for (;;) {
      const pending = reader.read()
      const result = await Promise.race([pending, waited])
      if (result === WAITED) return { done: false, chunks, pending }
      if (result.done) return { done: true, chunks, pending: null }
      chunks.push(result.value)
      bytes += result.value.byteLength
      if (bytes > WHOLE_BODY_MAX_BYTES) return { done: false, chunks, pending: null }
    }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Copies a web stream into a Node writable, waiting on its back-pressure. React writes a page in many small
 * chunks; the ones that are ready together are written as one (each write costs a pass through every stream
 * on the way, and a compressor call), then `flush` runs, once the stream has nothing more ready. `start` is
 * what readWhole already read: its chunks are written first, then its pending read is awaited.
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader
 * @param {import('node:stream').Writable} writable
 * @param {(() => void) | null} flush
 * @param {{ chunks: Uint8Array[], pending: Promise<ReadableStreamReadResult<Uint8Array>> | null }} [start]
 */
async function copyStream(reader, writable, flush, start = { chunks: [], pending: null }) {
  /** @type {Uint8Array[]} */
  let ready = [...start.chunks]
  let readyBytes = ready.reduce((sum, chunk) => sum + chunk.byteLength, 0)
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
    // What was read before streaming started is sent at once: the rest is still on its way.
    if (readyBytes > 0) await writeReady()
    let pending = start.pending
    for (;;) {
      const { done, value } = await (pending ?? reader.read())
      pending = null
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
