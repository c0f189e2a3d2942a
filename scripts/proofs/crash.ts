// `npm run proof:crash` — crashes (issue 10, part 5b). A measurement that prints figures, not a test.
//
// The real API runs as a process of its own (api/main.ts) on a SQLite file in a temporary DATA_DIR. Each
// cycle, 12 clients write through it at once — joins, likes, profile edits, avatar uploads and events with
// photos (multipart) — and at a random moment (0.5–4 s in) the process gets SIGKILL. Then:
//   1. before the restart, the uploads directory is compared with the database: what the crash left behind;
//   2. the files' mtimes are moved back past UPLOADS_ORPHAN_GRACE_SECONDS (as if the restart came an hour
//      later, when the sweep of api/media/sweep.ts may delete them) and the API is started again on the same
//      data (the next cycle writes through this process);
//   3. every write that was answered 2xx must be in the database (a lost write), every photo and avatar the
//      database names must be on disk (a missing file), every file on disk must be named by the database
//      (an orphaned file, counted once the restarted API is listening), and `PRAGMA integrity_check` must
//      say ok (and `foreign_key_check` nothing).
// A profile edit or avatar upload of one user waits for the previous one, so "the last answered value, or
// one sent after it" is what the database must hold.
//
//   npm run proof:crash                    50 cycles (~4 minutes)
//   npm run proof:crash -- --cycles 10 --keep   (--keep leaves the DATA_DIR for a look)
//
// The clients' writes are in crash-writes.ts, the checks after each kill in crash-checks.ts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { buildApp } from '../../api/app'
import { loadConfig } from '../../api/config'
import { migrateToLatest } from '../../api/db/migrations'
import { baseEvent, eventForm, jpeg, makeUsers } from '../../tests/api/events-fixtures'
import type { TestApi } from '../../tests/api/helpers'
import { ageFiles, checkFiles, checkWrites, GRACE_SECONDS, integrity } from './crash-checks'
import { call, type CycleCounts, type Op, photos, state, write } from './crash-writes'
import { intFlag, printTable, PROOF_JWT_SECRET, seconds, sleep, startApiProcess } from './lib'

const CYCLES = intFlag('cycles', 50)
const KEEP = process.argv.includes('--keep')
const CLIENTS = 12
const USERS = 60
const PUBLIC_URL = 'http://api.proof.test' // the tokens' issuer, the same for every start

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nearby-proof-crash-'))
  const uploadsDir = path.join(dataDir, 'uploads')
  const dbFile = path.join(dataDir, 'nearby.db')
  const env = {
    DATA_DIR: dataDir,
    API_PUBLIC_URL: PUBLIC_URL,
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  }
  console.log(
    `Crashes: ${CYCLES} cycles of ${CLIENTS} clients writing through the API, SIGKILL at a random moment, restart (DATA_DIR ${dataDir})`,
  )

  // Users with sessions, made by the API's own code on the database the process will open.
  const setup = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JWT_SECRET: PROOF_JWT_SECRET,
      ...env,
    }),
  )
  await migrateToLatest(setup.ctx.db)
  const users = await makeUsers({ app: setup } as unknown as TestApi, USERS)
  await setup.close()
  photos.push(
    ...(await Promise.all(
      ['#3366cc', '#cc6633', '#33cc66'].map((color, i) => jpeg({ width: 560 + 40 * i, height: 420, color })),
    )),
  )

  let api = await startApiProcess(env)
  for (const user of users.slice(0, 8)) {
    const answer = await call(api, 'POST', '/event', user.token, {
      form: eventForm(baseEvent({ title: `Seed ${user.username}` }), [photos[0] as Buffer]),
    })
    if (answer?.status !== 201)
      throw new Error(`seed event: ${answer?.status} ${JSON.stringify(answer?.body)}`)
    state.events.push(answer.body._id as string)
  }

  const totals = {
    acked: { join: 0, like: 0, profile: 0, avatar: 0, event: 0 } as Record<Op, number>,
    unanswered: 0,
    refused: 0,
    lost: 0,
    leftByCrash: 0,
    missing: 0,
    orphaned: 0,
    integrityBad: 0,
    foreignKeys: 0,
    killAfterMs: [] as number[],
    restartMs: [] as number[],
  }
  const problems: string[] = []
  const started = performance.now()

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const counts: CycleCounts = {
      acked: { join: 0, like: 0, profile: 0, avatar: 0, event: 0 },
      unanswered: 0,
      refused: 0,
    }
    let alive = true
    const current = api
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (alive) if (!(await write(current, users, counts, cycle))) break
    })
    const killAfter = 500 + Math.random() * 3500
    await sleep(killAfter)
    await current.kill9()
    alive = false
    await Promise.all(clients)
    totals.killAfterMs.push(killAfter)

    // 1. What the crash left on disk, before anything runs again.
    let left: number
    {
      const db = new SQLite(dbFile)
      const before = checkFiles(db, uploadsDir)
      db.close()
      left = before.orphaned.length
      totals.leftByCrash += left
      if (before.missing.length)
        problems.push(
          `cycle ${cycle}: missing right after the crash: ${before.missing.slice(0, 3).join(', ')}`,
        )
    }

    // The files' clocks moved past the sweep's grace (UPLOADS_ORPHAN_GRACE_SECONDS, 1 h by default), as if the
    // restart came that much later: the restarted API's sweep may then remove what the crash left behind.
    ageFiles(uploadsDir, GRACE_SECONDS + 60)

    // 2. The same data, a new process.
    const restartStarted = performance.now()
    api = await startApiProcess(env)
    totals.restartMs.push(performance.now() - restartStarted)

    // 3. Every answered write, every file, the database's own checks.
    const db = new SQLite(dbFile)
    const lost = checkWrites(db)
    const files = checkFiles(db, uploadsDir)
    const check = integrity(db)
    db.close()
    const lostCount = lost.join + lost.like + lost.profile + lost.avatar + lost.event
    for (const op of Object.keys(counts.acked) as Op[]) totals.acked[op] += counts.acked[op]
    totals.unanswered += counts.unanswered
    totals.refused += counts.refused
    totals.lost += lostCount
    totals.missing += files.missing.length
    totals.orphaned += files.orphaned.length
    if (check.integrity !== 'ok') totals.integrityBad += 1
    totals.foreignKeys += check.foreignKeys
    if (counts.firstRefusal) problems.push(`cycle ${cycle}: refused ${counts.firstRefusal}`)
    if (lostCount) problems.push(`cycle ${cycle}: lost ${lost.examples.join('; ')}`)
    if (files.missing.length) problems.push(`cycle ${cycle}: missing ${files.missing.slice(0, 3).join(', ')}`)
    if (files.orphaned.length)
      problems.push(`cycle ${cycle}: orphaned ${files.orphaned.slice(0, 3).join(', ')}`)
    if (check.integrity !== 'ok')
      problems.push(`cycle ${cycle}: integrity_check ${check.integrity.slice(0, 200)}`)
    const ackedNow = Object.values(counts.acked).reduce((s, n) => s + n, 0)
    console.log(
      `  cycle ${String(cycle).padStart(2)}: killed after ${Math.round(killAfter)} ms, ${ackedNow} writes answered 2xx, ${counts.unanswered} cut off; ` +
        `${left} files unnamed after the kill; lost ${lostCount}, missing ${files.missing.length}, orphaned ${files.orphaned.length}, integrity ${check.integrity}`,
    )
  }
  await api.stop()

  const ackedTotal = Object.values(totals.acked).reduce((s, n) => s + n, 0)
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  console.log('')
  printTable([
    ...(Object.keys(totals.acked) as Op[]).map((op) => ({
      write: op as string,
      'answered 2xx': totals.acked[op],
    })),
    { write: 'all', 'answered 2xx': ackedTotal },
  ])
  console.log('')
  console.log(
    `cycles: ${CYCLES} in ${seconds(performance.now() - started)}; SIGKILL after ${Math.round(Math.min(...totals.killAfterMs))}–${Math.round(Math.max(...totals.killAfterMs))} ms; restart median ${seconds(median(totals.restartMs))}`,
  )
  console.log(
    `writes answered 2xx: ${ackedTotal}; cut off by the kill (no answer): ${totals.unanswered}; refused (4xx/5xx): ${totals.refused}`,
  )
  console.log(`lost writes: ${totals.lost} (must be 0)`)
  console.log(`files no row named right after a kill (before the restart): ${totals.leftByCrash}`)
  console.log(
    `missing files: ${totals.missing} (must be 0); orphaned files after the restart (its sweep ran): ${totals.orphaned} (must be 0)`,
  )
  console.log(
    `integrity_check: ${CYCLES - totals.integrityBad}/${CYCLES} ok; foreign_key_check violations: ${totals.foreignKeys}`,
  )
  for (const p of problems.slice(0, 20)) console.log(`  ${p}`)
  if (KEEP) console.log(`data kept in ${dataDir}`)
  else fs.rmSync(dataDir, { recursive: true, force: true })
  if (
    totals.lost +
      totals.missing +
      totals.orphaned +
      totals.integrityBad +
      totals.foreignKeys +
      totals.refused >
    0
  )
    process.exitCode = 1
}

await main()
