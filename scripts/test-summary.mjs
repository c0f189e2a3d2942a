// Adds up the JSON reports of vitest and Playwright into one closing line, after the time each run took, the
// slowest browser tests, and the names and first error lines of the tests that failed (CI keeps only the tail
// of the output, so all of it must be at the end).
import fs from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
const failures = []
const times = []
const browserTests = []
/** The first lines of an error, on one line each, indented under the test's name. */
const firstLines = (message) =>
  String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '') // terminal colours
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 4)
    .map((line) => `      ${line.trim().slice(0, 200)}`)
    .join('\n')

function playwrightFailures(suite, titles) {
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title])
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const name = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(' › ')}`
      const last = test.results?.at(-1)
      browserTests.push({ name, duration: last?.duration ?? 0 })
      if (test.status === 'unexpected' || test.status === 'flaky') {
        failures.push(`${name} (${test.status})\n${firstLines(last?.error?.message)}`)
      }
    }
  }
}

for (const file of fs.readdirSync(dir)) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + report.numTodoTests
    const ended = Math.max(0, ...(report.testResults ?? []).map((result) => result.endTime ?? 0))
    if (report.startTime && ended) times.push(`${file.replace(/\.json$/, '')} ${minutes(ended - report.startTime)}`)
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name)
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === 'failed')
          failures.push(`[${file.replace(/\.json$/, '')}] ${where} › ${assertion.fullName}\n${firstLines(assertion.failureMessages?.[0])}`)
      }
      // A file that failed outside its tests (a hook that timed out, a file that did not load): one failure.
      const testsFailed = (result.assertionResults ?? []).some((assertion) => assertion.status === 'failed')
      if (result.status === 'failed' && !testsFailed) {
        failed += 1
        failures.push(`[${file.replace(/\.json$/, '')}] ${where}: ${String(result.message ?? '').slice(0, 300)}`)
      }
    }
  } else {
    passed += report.stats.expected
    failed += report.stats.unexpected + report.stats.flaky
    skipped += report.stats.skipped
    // A run that could not start (a port in use, a server that never came up) ran no test: it failed.
    for (const error of report.errors ?? []) {
      failed += 1
      failures.push(`[playwright] the run itself\n${firstLines(error.message)}`)
    }
    times.push(`playwright ${minutes(report.stats.duration)}`)
    for (const suite of report.suites ?? []) playwrightFailures(suite, [suite.title])
  }
}
console.log(`Time: ${times.join(', ')}`)
const slowest = browserTests.sort((a, b) => b.duration - a.duration).slice(0, 12)
if (slowest.length) {
  console.log('Slowest browser tests:')
  for (const test of slowest) console.log(`  ${(test.duration / 1000).toFixed(0).padStart(4)} s  ${test.name}`)
}
if (failures.length > 0) {
  console.log('Failed:')
  for (const line of failures) console.log(`  ✘ ${line}`)
}
console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (failed > 0 || passed === 0) process.exit(1)

function minutes(ms) {
  return `${(ms / 60_000).toFixed(1)} min`
}
