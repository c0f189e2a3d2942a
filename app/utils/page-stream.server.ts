// The stream a page is rendered into. React writes it in 2 KB pieces and calls `flush()` each time a part is
// complete (the shell, then each resolved boundary); handing each part on as one chunk, not dozens, saves a
// pass per piece through the web stream Remix wraps around it and through the sender (issue 14's profile).
// On the way, Remix's module preloads and module script are made inert until the page has painted
// (scripts-after-paint.ts): in the bytes, without decoding the page; a tag cut between two parts waits for
// the next one.
import { Transform, type TransformCallback } from 'node:stream'
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from './scripts-after-paint'

const TAG_START = 0x3c // <
const TAG_END = 0x3e // >

export class PageStream extends Transform {
  private pieces: Buffer[] = []

  constructor() {
    super()
    // React ends the stream when the page is complete, and again when the stream closes (its handler for a reader
    // who left early): a second end() of a Node stream builds an error, stack trace and all, that nobody reads.
    const end = this.end.bind(this) as (...args: unknown[]) => this
    this.end = ((...args: unknown[]) => {
      if (!this.writableEnded) return end(...args)
      const callback = args.at(-1)
      if (typeof callback === 'function') process.nextTick(callback as () => void)
      return this
    }) as typeof this.end
  }

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pieces.push(piece)
    done()
  }

  /** React's signal that what it has written is a complete part: it goes on now. */
  flush() {
    this.sendPart(false)
  }

  private sendPart(last: boolean) {
    if (this.pieces.length === 0) return
    let part = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces)
    this.pieces = []
    // A part that ends inside a tag keeps that tag for the next one ('<' and '>' never occur inside a
    // character's UTF-8 bytes, so no character is cut either).
    const tagStart = part.lastIndexOf(TAG_START)
    if (!last && tagStart >= 0 && part.indexOf(TAG_END, tagStart) < 0) {
      this.pieces.push(part.subarray(tagStart))
      part = part.subarray(0, tagStart)
    }
    if (part.length > 0) this.push(makeScriptsInert(part))
  }

  override _flush(done: TransformCallback) {
    this.sendPart(true)
    done()
  }

}

/** What Remix's <Scripts> writes (as React writes attributes), and its inert form. Quotes inside text and
 * script data are escaped, so these bytes only ever occur in the markup itself. */
const REPLACEMENTS = [
  [Buffer.from('<link rel="modulepreload"'), Buffer.from(`<link rel="${INERT_PRELOAD_REL}"`)],
  [Buffer.from(' type="module" async=""'), Buffer.from(` type="${INERT_MODULE_TYPE}" async=""`)],
] as const

/** A part of a page's HTML with Remix's module preloads and module script made inert (scripts-after-paint.ts). */
export function makeScriptsInert(html: Buffer): Buffer {
  let result = html
  for (const [from, to] of REPLACEMENTS) {
    let at = result.indexOf(from)
    if (at < 0) continue
    const pieces: Buffer[] = []
    let done = 0
    for (; at >= 0; at = result.indexOf(from, done)) {
      pieces.push(result.subarray(done, at), to)
      done = at + from.length
    }
    pieces.push(result.subarray(done))
    result = Buffer.concat(pieces)
  }
  return result
}
