// `npm run lighthouse`: Lighthouse (mobile: an emulated mid-range phone on a throttled 4G connection) against
// the built product with its demo data, in Debian's full Chromium (LIGHTHOUSE_CHROMIUM_PATH, default
// /usr/bin/chromium: `apt-get install chromium`; the tests' headless shell is not what people browse with). It starts `scripts/start.mjs` on
// its own ports and data directory, audits the home page, places, an event page and a profile, prints the
// scores and the Core Web Vitals, and stops the product. A measurement, not a test: figures go in docs/benchmarks.md.
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
/** How many times each page is audited (LIGHTHOUSE_RUNS): Lighthouse's figures vary from run to run. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
/** LIGHTHOUSE_SAVE=dir: each run's full report (JSON) is written there, to read what made a figure. */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE ?? null
if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true })
/** Demo ids are stable (api/db/seed.ts). */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['places', '/places'],
  ['event page', '/event/10000000-0000-4000-8000-000000000001'],
  ['profile', '/profile/00000000-0000-4000-8000-000000000003'],
  // The control, last: a page that ships no JavaScript. What it scores below 100 (its TBT above all) is the
  // measuring machine's own work, not ours: read the rows above against it (each FCP is printed as a multiple
  // of its FCP in the same run).
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
  // Each page RUNS times, the pages taking turns, so that the machine's drift hits all alike; medians printed.
  type Audit = { name: string; lhr: Lhr }
  const audited: Audit[][] = PAGES.map(() => [])
  const failures: string[] = []
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [index, [name, pagePath]] of PAGES.entries()) {
      console.log(`Auditing ${name} (${pagePath})${RUNS > 1 ? `, run ${run} of ${RUNS}` : ''}…`)
      // One warm-up load (the server's first render of a page compiles and caches); Lighthouse then loads cold.
      await fetch(`${WEB}${pagePath}`)
      const result = await lighthouse(`${WEB}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result) throw new Error(`no result for ${pagePath}`)
      // A failed load (Lighthouse's runtimeError: NO_FCP, a timeout…) scores 0: say so rather than print zeros
      // that read like a measurement.
      if (result.lhr.runtimeError) {
        failures.push(`${name}: no measurement in run ${run}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
        continue
      }
      if (SAVE_DIR) fs.writeFileSync(path.join(SAVE_DIR, `${name.replace(/\W+/g, '-')}-${run}.json`), JSON.stringify(result.lhr))
      audited[index]!.push({ name, lhr: result.lhr })
      if (process.env.LIGHTHOUSE_DETAIL) printDetail(name, result.lhr)
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  }
  const metric = (audits: Audit[], key: string) => median(audits.map(({ lhr }) => lhr.audits[key]?.numericValue ?? 0))
  const score = (audits: Audit[], key: string) => String(Math.round(median(audits.map(({ lhr }) => lhr.categories[key]?.score ?? 0)) * 100)).padStart(3)
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
  const control = audited[PAGES.length - 1]!
  const controlFcp = control.length ? metric(control, 'first-contentful-paint') : NaN
  const rows = audited.flatMap((audits, index) => {
    if (!audits.length) return []
    const fcp = metric(audits, 'first-contentful-paint')
    return [
      `${PAGES[index]![0].padEnd(11)} performance ${score(audits, 'performance')}  accessibility ${score(audits, 'accessibility')}  best practices ${score(audits, 'best-practices')}  SEO ${score(audits, 'seo')}  FCP ${seconds(fcp)} (${(fcp / controlFcp).toFixed(2)}× the no-JS page)  SI ${seconds(metric(audits, 'speed-index'))}  LCP ${seconds(metric(audits, 'largest-contentful-paint'))}  CLS ${metric(audits, 'cumulative-layout-shift').toFixed(3)}  TBT ${Math.round(metric(audits, 'total-blocking-time'))} ms`,
    ]
  })
  const benchmarks = audited.flat().map(({ lhr }) => lhr.environment.benchmarkIndex)
  const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string }
  console.log(`Lighthouse ${version}, mobile, ${WEB}, median of ${RUNS} run${RUNS > 1 ? 's' : ''}:\n${rows.join('\n')}`)
  for (const failure of failures) console.log(failure)
  console.log(`host CPU benchmarkIndex: ${Math.round(Math.min(...benchmarks))}–${Math.round(Math.max(...benchmarks))}`)
} finally {
  await chrome?.kill()
  if (product.pid) process.kill(-product.pid, 'SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
/** LIGHTHOUSE_DETAIL=1: where the main thread's time went (what TBT is made of), the LCP element, and what loaded before the first paint. */
function printDetail(name: string, lhr: Lhr) {
  type Items = { details?: { items?: Record<string, unknown>[] } }
  const { audits } = lhr
  const items = (key: string, count = 8) => ((audits[key] as Items | undefined)?.details?.items ?? []).slice(0, count)
  console.log(`${name}: long tasks`, items('long-tasks').map((task) => `${String(task.url).replace(WEB, '')} ${Math.round(Number(task.duration))} ms @${Math.round(Number(task.startTime))}`))
  console.log(`${name}: script bootup`, items('bootup-time').map((row) => `${String(row.url).replace(WEB, '')} ${Math.round(Number(row.scripting))} ms`))
  console.log(`${name}: main thread`, items('mainthread-work-breakdown').map((row) => `${String(row.groupLabel)} ${Math.round(Number(row.duration))} ms`))
  // Lighthouse 13 replaced the LCP-element and render-blocking audits with its performance insights: the LCP
  // breakdown is a list of the subparts' table and the element's node.
  const lcp = items('lcp-breakdown-insight')
  const subparts = (lcp.find((item) => item.type === 'table') as Items['details'] | undefined)?.items ?? []
  const element = lcp.find((item) => item.type === 'node')
  console.log(
    `${name}: LCP`,
    String(element?.snippet ?? element?.selector ?? 'no element').slice(0, 200),
    subparts.map((row) => `${String(row.subpart)} ${Math.round(Number(row.duration))} ms`),
  )
  console.log(`${name}: render-blocking`, items('render-blocking-insight').map((row) => `${String(row.url).replace(WEB, '')} ${Math.round(Number(row.wastedMs ?? 0))} ms`))
  const fcp = audits['first-contentful-paint']?.numericValue ?? 0
  console.log(
    `${name}: requests`,
    items('network-requests', 100).map((row) => `${String(row.url).replace(WEB, '').slice(0, 60)} ${String(row.priority)} ${String(row.resourceType)} ${Math.round(Number(row.networkRequestTime))}–${Math.round(Number(row.networkEndTime))} ms`),
    `(simulated FCP ${Math.round(fcp)} ms)`,
  )
}
