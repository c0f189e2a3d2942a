// Adds up the JSON reports of vitest and Playwright into one closing line, after the names of the tests that
// failed (CI keeps only the tail of the output, so the names must be at the end).
import fs from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
const failures = []

function playwrightFailures(suite, titles) {
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title])
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        failures.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(' › ')} (${test.status})`)
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
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name)
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === 'failed') failures.push(`[${file.replace(/\.json$/, '')}] ${where} › ${assertion.fullName}`)
      }
      if ((result.assertionResults ?? []).length === 0 && result.status === 'failed') {
        failures.push(`[${file.replace(/\.json$/, '')}] ${where}: ${String(result.message ?? '').slice(0, 300)}`)
      }
    }
  } else {
    passed += report.stats.expected
    failed += report.stats.unexpected + report.stats.flaky
    skipped += report.stats.skipped
    for (const suite of report.suites ?? []) playwrightFailures(suite, [suite.title])
  }
}
if (failures.length > 0) {
  console.log('Failed:')
  for (const line of failures) console.log(`  ✘ ${line}`)
}
console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (failed > 0 || passed === 0) process.exit(1)
