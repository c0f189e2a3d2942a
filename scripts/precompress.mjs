// After `remix build`: writes a brotli (quality 11) and a gzip (level 9) copy beside every script, style and
// source file in public/build, once per build, so the web server sends assets compressed as tightly as these
// formats allow without compressing them again per request (server.mjs; docs/decisions/023-precompressed-assets.md).
// Fingerprinted file names mean a copy never goes stale: a changed file has a new name.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const BUILD_DIR = path.resolve(process.argv[2] ?? 'public/build')
/** Text assets only: images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry.name)) yield full
  }
}

const started = performance.now()
let count = 0
let raw = 0
let br = 0
let gz = 0
const jobs = []
for await (const file of files(BUILD_DIR)) {
  jobs.push(
    (async () => {
      const source = await fs.readFile(file)
      if (source.length < MIN_BYTES) return
      const [brotlied, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      await Promise.all([fs.writeFile(`${file}.br`, brotlied), fs.writeFile(`${file}.gz`, gzipped)])
      count++
      raw += source.length
      br += brotlied.length
      gz += gzipped.length
    })(),
  )
}
await Promise.all(jobs)
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`
console.log(
  `precompressed ${count} assets in ${Math.round(performance.now() - started)} ms: ${kib(raw)} → brotli ${kib(br)}, gzip ${kib(gz)}`,
)
