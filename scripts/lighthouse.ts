// `npm run lighthouse`: Lighthouse (mobile: an emulated mid-range phone on a throttled 4G connection) against
// the built product with its demo data, in Debian's full Chromium (LIGHTHOUSE_CHROMIUM_PATH, default
// /usr/bin/chromium: `apt-get install chromium`; the tests' headless shell is not what people browse with). It starts `scripts/start.mjs` on
// its own ports and data directory, audits the home page, places, an event page and a profile, prints the
// scores and the Core Web Vitals, and stops the product. A measurement, not a test: figures go in README.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const WEB_PORT = Number(process.env.LIGHTHOUSE_WEB_PORT ?? 3900)
const API_PORT = Number(process.env.LIGHTHOUSE_API_PORT ?? 4900)
const WEB = `http://localhost:${WEB_PORT}`
const CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: install Debian's 'chromium' package (or set LIGHTHOUSE_CHROMIUM_PATH).`)
  process.exit(1)
}
/** Demo ids are stable (api/db/seed.ts). */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['places', '/places'],
  ['event page', '/event/10000000-0000-4000-8000-000000000001'],
  ['profile', '/profile/00000000-0000-4000-8000-000000000003'],
  // The control: a page that ships no JavaScript. What it scores below 100 (its TBT above all) is the
  // measuring machine's own work, not ours: read the rows above against it.
  ['no-JS page', '/privacy-policy'],
]

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`${url} did not answer`)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nearby-lighthouse-'))
const product = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(WEB_PORT), API_PORT: String(API_PORT), LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
})
let chrome: chromeLauncher.LaunchedChrome | null = null
try {
  await waitFor(WEB, 90_000)
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  const rows: string[] = []
  const benchmarks: number[] = []
  for (const [name, pagePath] of PAGES) {
    // One warm-up load (the server's first render of a page compiles and caches); Lighthouse then loads cold.
    await fetch(`${WEB}${pagePath}`)
    const result = await lighthouse(`${WEB}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`no result for ${pagePath}`)
    const { categories, audits } = result.lhr
    // A failed load (Lighthouse's runtimeError: NO_FCP, a timeout…) scores 0: say so rather than print zeros
    // that read like a measurement.
    if (result.lhr.runtimeError) {
      rows.push(`${name.padEnd(11)} no measurement: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
      continue
    }
    const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100)).padStart(3)
    const ms = (key: string) => `${((audits[key]?.numericValue ?? 0) / 1000).toFixed(1)} s`
    benchmarks.push(result.lhr.environment.benchmarkIndex)
    // LIGHTHOUSE_DETAIL=1: where the main thread's time went (what TBT is made of) and the LCP element.
    if (process.env.LIGHTHOUSE_DETAIL) {
      type Items = { details?: { items?: Record<string, unknown>[] } }
      const items = (key: string) => ((audits[key] as Items | undefined)?.details?.items ?? []).slice(0, 8)
      console.log(`${name}: long tasks`, items('long-tasks').map((task) => `${String(task.url).replace(WEB, '')} ${Math.round(Number(task.duration))} ms @${Math.round(Number(task.startTime))}`))
      console.log(`${name}: script bootup`, items('bootup-time').map((row) => `${String(row.url).replace(WEB, '')} ${Math.round(Number(row.scripting))} ms`))
      console.log(`${name}: main thread`, items('mainthread-work-breakdown').map((row) => `${String(row.groupLabel)} ${Math.round(Number(row.duration))} ms`))
      console.log(`${name}: LCP`, JSON.stringify(items('largest-contentful-paint-element')).slice(0, 400))
      console.log(`${name}: LCP phases`, JSON.stringify((audits['largest-contentful-paint-element'] as Items | undefined)?.details?.items?.[1]).slice(0, 600))
      console.log(`${name}: render-blocking`, items('render-blocking-resources').map((row) => `${String(row.url).replace(WEB, '')} ${Math.round(Number(row.wastedMs))} ms`))
    }
    rows.push(
      `${name.padEnd(11)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  SEO ${score('seo')}  FCP ${ms('first-contentful-paint')}  SI ${ms('speed-index')}  LCP ${ms('largest-contentful-paint')}  CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}  TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
    )
  }
  const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string }
  console.log(`Lighthouse ${version}, mobile, ${WEB}:\n${rows.join('\n')}`)
  console.log(`host CPU benchmarkIndex: ${benchmarks.map(Math.round).join(', ')}`)
} finally {
  await chrome?.kill()
  if (product.pid) process.kill(-product.pid, 'SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
