// The stream a page is rendered into. React writes it in 2 KB pieces and calls `flush()` each time a part is
// complete (the shell, then each resolved boundary); handing each part on as one chunk, not dozens, saves a
// pass per piece through the web stream Remix wraps around it and through the sender (issue 14's profile).
import { Transform, type TransformCallback } from 'node:stream'

export class PageStream extends Transform {
  private pieces: Buffer[] = []

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pieces.push(piece)
    done()
  }

  /** React's signal that what it has written is a complete part: it goes on now. */
  flush() {
    if (this.pieces.length === 0) return
    this.push(this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces))
    this.pieces = []
  }

  override _flush(done: TransformCallback) {
    this.flush()
    done()
  }
}
