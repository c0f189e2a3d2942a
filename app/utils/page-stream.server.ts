// The stream a page is rendered into. React writes it in 2 KB pieces and calls `flush()` each time a part is
// complete (the shell, then each resolved boundary); handing each part on as one chunk, not dozens, saves a
// pass per piece through the web stream Remix wraps around it and through the sender (issue 14's profile).
// On the way, Remix's module preloads and module script are made inert until the page has painted
// (scripts-after-paint.ts); a tag cut between two parts waits for the next one.
import { Transform, type TransformCallback } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { makeScriptsInert } from './scripts-after-paint'

export class PageStream extends Transform {
  private pieces: Buffer[] = []
  /** The end of the last part when it stopped inside a tag: it goes out with the next part. */
  private openTag = ''
  /** Keeps a character whose bytes were cut between two parts until it is whole. */
  private decoder = new StringDecoder('utf8')

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pieces.push(piece)
    done()
  }

  /** React's signal that what it has written is a complete part: it goes on now. */
  flush() {
    this.sendPart(false)
  }

  private sendPart(last: boolean) {
    if (this.pieces.length === 0 && !last) return
    let html = this.openTag + this.decoder.write(Buffer.concat(this.pieces)) + (last ? this.decoder.end() : '')
    this.pieces = []
    this.openTag = ''
    const tagStart = html.lastIndexOf('<')
    if (!last && tagStart >= 0 && !html.includes('>', tagStart)) {
      this.openTag = html.slice(tagStart)
      html = html.slice(0, tagStart)
    }
    if (html) this.push(makeScriptsInert(html))
  }

  override _flush(done: TransformCallback) {
    this.sendPart(true)
    done()
  }
}
