// Reading a form post's body. A script can send any body to any action: a body that is not a form, or a
// form that cannot be read (a broken multipart boundary), answers 415 / 400 instead of a 500, and a body
// larger than any of our forms answers 413 (issue 39); the message is a code of contract/messages.ts, shown in
// the reader's language by the error page.
import { data } from '@remix-run/node'
import { EVENT_LIMITS, STAGED_PHOTO_LIMITS } from '#contract'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * The largest body read, by type: a form of text fields is far below 1 MiB (a description is 5,000
 * characters); a multipart form carries at most one staging's photos at their largest, plus its fields.
 */
export const FORM_MAX_BYTES = {
  text: 1024 * 1024,
  multipart: STAGED_PHOTO_LIMITS.filesPerCall * EVENT_LIMITS.imageMaxBytes + 1024 * 1024,
} as const
/** An oversized body is read to its end (and dropped) so the browser sees the 413; past this it is cut. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024

export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!FORM_TYPES.includes(type)) throw data({ message: 'unsupportedMediaType' }, { status: 415 })
  const body = await readCapped(request, type === 'multipart/form-data' ? FORM_MAX_BYTES.multipart : FORM_MAX_BYTES.text)
  if (body === 'tooLarge') throw data({ message: 'payloadTooLarge' }, { status: 413 })
  try {
    return await new Response(body as BodyInit, { headers: { 'Content-Type': request.headers.get('Content-Type')! } }).formData()
  } catch {
    throw data({ message: 'malformedRequest' }, { status: 400 })
  }
}

/** The body's bytes, or 'tooLarge' once it passes `max` (the rest is read and dropped, up to DRAIN_MAX_BYTES). */
async function readCapped(request: Request, max: number): Promise<Uint8Array | 'tooLarge'> {
  if (!request.body) return new Uint8Array()
  const declared = Number(request.headers.get('Content-Length') ?? NaN)
  const chunks: Uint8Array[] = []
  let total = 0
  let tooLarge = declared > max
  const reader = request.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > max) tooLarge = true
      if (tooLarge) {
        chunks.length = 0
        if (total > DRAIN_MAX_BYTES) {
          await reader.cancel()
          break
        }
      } else chunks.push(value)
    }
  } catch {
    // The client went away mid-body: nothing to answer to; an empty form is refused by the action's schema.
    return tooLarge ? 'tooLarge' : new Uint8Array()
  }
  return tooLarge ? 'tooLarge' : Buffer.concat(chunks)
}
