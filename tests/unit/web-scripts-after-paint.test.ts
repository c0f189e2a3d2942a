// The page's scripts wait for its first paint (app/utils/scripts-after-paint.ts, decision 036): the server
// writes Remix's module preloads and module script inert, and a tag cut between two of React's parts is
// still found. The browser side is tests/e2e/first-paint.spec.ts.
import { describe, expect, it } from 'vitest'
import { makeScriptsInert, PageStream } from '~/utils/page-stream.server'
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from '~/utils/scripts-after-paint'

const REMIX_SCRIPTS =
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>' +
  '<script nonce="abc">window.__remixContext = {};</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/build/root-C.js";</script>'

/** What a PageStream sends for these parts, each flushed as React flushes a complete part. */
async function throughPageStream(parts: Array<string | Buffer>): Promise<string> {
  const stream = new PageStream()
  const out: Buffer[] = []
  stream.on('data', (chunk: Buffer) => out.push(chunk))
  const ended = new Promise((resolve) => stream.on('end', resolve))
  for (const part of parts) {
    stream.write(part)
    await new Promise((resolve) => setImmediate(resolve))
    stream.flush()
  }
  stream.end()
  await ended
  return Buffer.concat(out).toString('utf8')
}

describe('scripts after paint, on the server', () => {
  it('makes every module preload and the module script inert, and leaves the other scripts as they are', () => {
    const html = makeScriptsInert(Buffer.from(REMIX_SCRIPTS)).toString('utf8')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toContain('type="module"')
    expect(html.match(new RegExp(`rel="${INERT_PRELOAD_REL}"`, 'g'))).toHaveLength(2)
    expect(html).toContain(`<script nonce="abc" type="${INERT_MODULE_TYPE}" async="">import * as route0`)
    expect(html).toContain('<script nonce="abc">window.__remixContext = {};</script>')
  })

  it('leaves a page without Remix scripts (a static page) and escaped text unchanged', () => {
    const text = '<p>&lt;link rel=&quot;modulepreload&quot;&gt; and type=&quot;module&quot; async=&quot;&quot; in words</p>'
    expect(makeScriptsInert(Buffer.from(text)).toString('utf8')).toBe(text)
  })

  it('finds a tag cut between two parts of the page stream, and loses no byte, not even of a cut character', async () => {
    const page = Buffer.from(`<!DOCTYPE html><html><body><main>Ünïcode ✓ Привет</main>${REMIX_SCRIPTS}</body></html>`)
    for (let cut = 1; cut < page.length; cut += 1) {
      const sent = await throughPageStream([page.subarray(0, cut), page.subarray(cut)])
      expect(sent).toBe(makeScriptsInert(page).toString('utf8'))
    }
  })
})

describe('the page stream', () => {
  it('takes a second end (React ends it again when it closes) quietly: no error, the callback still called', async () => {
    const stream = new PageStream()
    const errors: unknown[] = []
    stream.on('error', (error) => errors.push(error))
    stream.resume()
    stream.end(Buffer.from('<p>page</p>'))
    await new Promise((resolve) => stream.once('finish', resolve))
    const outcome = await new Promise((resolve) => stream.end((error?: Error | null) => resolve(error ?? 'no error')))
    expect(outcome).toBe('no error')
    expect(errors).toEqual([])
  })
})
