// Build assets leave the web server compressed once, at build time (scripts/precompress.mjs, docs/decisions/023):
// brotli or gzip as the client accepts, byte for byte the file's copy, with the original's type, cache headers
// and `Vary`, and the plain file for a client that accepts neither. Needs `npm run build` (npm test runs it).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import apiMessagesEn from '../../contract/api-messages-en'
import apiMessagesRu from '../../contract/api-messages-ru'
import { resources } from '../../app/locales/resources.server'
import { getRaw, startWebServer, type WebServer } from '../support/web-server'

let server: WebServer
beforeAll(async () => {
  server = await startWebServer({})
})
afterAll(() => server?.stop())


/** The biggest script of the build: the one where the encoding matters most. */
function biggestScript(): { urlPath: string; file: string } {
  const dir = path.resolve('public/build/_shared')
  const [name] = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)
  return { urlPath: `/build/_shared/${name}`, file: path.join(dir, name!) }
}

describe('precompressed build assets', () => {
  it('sends the brotli copy to a browser that accepts br (what Chromium sends), with the script type and a year of cache', async () => {
    const { urlPath, file } = biggestScript()
    const res = await getRaw(`${server.url}${urlPath}`, 'gzip, deflate, br, zstd')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i)
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.body.equals(fs.readFileSync(`${file}.br`))).toBe(true)
    expect(zlib.brotliDecompressSync(res.body).equals(fs.readFileSync(file))).toBe(true)
    // Quality 11, not the per-request compressor's quality 4.
    expect(res.body.length).toBeLessThan(
      zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    )
  })

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const { urlPath, file } = biggestScript()
    const res = await getRaw(`${server.url}${urlPath}`, 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.body.equals(fs.readFileSync(`${file}.gz`))).toBe(true)
    expect(zlib.gunzipSync(res.body).equals(fs.readFileSync(file))).toBe(true)
  })

  it('sends the plain file to a client that accepts no encoding, and 404 for a missing asset', async () => {
    const { urlPath, file } = biggestScript()
    const res = await getRaw(`${server.url}${urlPath}`, null)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i)
    expect(res.body.equals(fs.readFileSync(file))).toBe(true)
    expect((await getRaw(`${server.url}/build/_shared/no-such-chunk.js`, 'br')).status).toBe(404)
    expect((await getRaw(`${server.url}/build/../package.json`, 'br')).status).toBe(404)
  })

  it('no script holds a text only the API says (decision 044: the API sends those translated)', () => {
    const scripts = fs.readdirSync(path.resolve('public/build'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
    const built = scripts.map((file) => fs.readFileSync(path.resolve('public/build', file), 'utf8')).join('\n')
    // Some words are the web's own too (a screen of its own says "This event was cancelled."): those may be there.
    const webTexts = new Set(JSON.stringify(resources).match(/"(?:[^"\\]|\\.)*"/g)!.map((quoted) => JSON.parse(quoted) as string))
    const apiTexts = [...Object.values(apiMessagesEn), ...Object.values(apiMessagesRu)].filter((text) => text.length >= 25 && !webTexts.has(text))
    expect(apiTexts.length).toBeGreaterThan(100)
    expect(apiTexts.filter((text) => built.includes(text))).toEqual([])
  })

  it('scripts are UTF-8 (decision 045): the Russian texts are letters, not \\u escapes, and are sent as utf-8', async () => {
    const dir = path.resolve('public/build/_shared')
    const ru = fs.readdirSync(dir).filter((file) => /^messages-ru-.*\.js$/.test(file))
    expect(ru).toHaveLength(1)
    const text = fs.readFileSync(path.join(dir, ru[0]!), 'utf8')
    expect(text).toContain('"Это поле обязательно!"')
    const escaped = fs.readdirSync(dir).filter((file) => file.endsWith('.js') && /\\u04[0-9a-f]{2}/i.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    expect(escaped).toEqual([])
    const res = await getRaw(`${server.url}/build/_shared/${ru[0]}`, 'br')
    expect(res.headers['content-type']).toMatch(/charset=utf-8/i)
    expect(zlib.brotliDecompressSync(res.body).toString('utf8')).toBe(text)
  })
})
