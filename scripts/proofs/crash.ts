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
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { buildApp } from '../../api/app'
import { loadConfig } from '../../api/config'
import { migrateToLatest } from '../../api/db/migrations'
import { thumbnailPathOf } from '../../api/modules/users/dto'
import { baseEvent, eventForm, jpeg, makeUsers, type TestUser } from '../../tests/api/events-fixtures'
import type { TestApi } from '../../tests/api/helpers'
import {
  type ApiProcess,
  intFlag,
  printTable,
  PROOF_JWT_SECRET,
  seconds,
  sleep,
  startApiProcess,
} from './lib'

const CYCLES = intFlag('cycles', 50)
const KEEP = process.argv.includes('--keep')
const CLIENTS = 12
const USERS = 60
const PUBLIC_URL = 'http://api.proof.test' // the tokens' issuer, the same for every start

type Op = 'join' | 'like' | 'profile' | 'avatar' | 'event'
const OPS: [Op, number][] = [
  ['join', 30],
  ['like', 30],
  ['profile', 15],
  ['event', 15],
  ['avatar', 10],
]

interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
}

/** One request; null when the connection broke before the whole answer arrived (the process was killed). */
async function call(
  api: ApiProcess,
  method: string,
  pathname: string,
  token: string,
  body?: { json?: unknown; form?: FormData },
): Promise<Answer | null> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  let payload: BodyInit | undefined
  if (body?.form) payload = body.form
  else if (body?.json !== undefined) {
    payload = JSON.stringify(body.json)
    headers['content-type'] = 'application/json'
  }
  try {
    const res = await fetch(api.url + pathname, { method, headers, body: payload })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------------------
// What the clients were told, across every cycle.

const state = {
  events: [] as string[],
  joins: new Set<string>(), // `${post}|${user}` answered 200
  likes: new Set<string>(),
  createdEvents: new Map<string, { title: string; photos: number }>(),
  profile: new Map<string, { acked: number; busy: boolean; seq: number }>(),
  avatar: new Map<string, { acked: string[]; sentAfterAck: boolean; busy: boolean }>(),
}

interface CycleCounts {
  acked: Record<Op, number>
  unanswered: number
  refused: number
  firstRefusal?: string
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T

function pickOp(): Op {
  const total = OPS.reduce((s, [, w]) => s + w, 0)
  let r = Math.random() * total
  for (const [op, w] of OPS) {
    r -= w
    if (r < 0) return op
  }
  return 'join'
}

let photos: Buffer[] = []

/** One write; false when the process is gone. */
async function write(
  api: ApiProcess,
  users: TestUser[],
  counts: CycleCounts,
  cycle: number,
): Promise<boolean> {
  const op = pickOp()
  const user = pick(users)
  let answer: Answer | null
  const refused = (a: Answer) => {
    counts.refused += 1
    counts.firstRefusal ??= `${op}: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`
  }
  switch (op) {
    case 'join':
    case 'like': {
      const post = pick(state.events)
      const key = `${post}|${user.id}`
      const done = op === 'join' ? state.joins : state.likes
      if (done.has(key)) return true
      answer =
        op === 'join'
          ? await call(api, 'PUT', `/event/${post}/participate`, user.token, { json: { participate: true } })
          : await call(api, 'PUT', `/event/${post}/like`, user.token, { json: { like: true } })
      if (answer?.status === 200) {
        done.add(key)
        counts.acked[op] += 1
      } else if (answer && !(op === 'join' && answer.body?.code === 'organizerCannotJoin')) refused(answer)
      break
    }
    case 'profile': {
      const p = state.profile.get(user.id) ?? { acked: 0, busy: false, seq: 0 }
      state.profile.set(user.id, p)
      if (p.busy) return true
      p.busy = true
      const seq = ++p.seq
      answer = await call(api, 'PATCH', '/profile/my', user.token, {
        json: { profession: `p${seq}`, userBio: `cycle ${cycle} edit ${seq}` },
      })
      p.busy = false
      if (answer?.status === 200) {
        p.acked = Math.max(p.acked, seq)
        counts.acked.profile += 1
      } else if (answer) refused(answer)
      break
    }
    case 'avatar': {
      const a = state.avatar.get(user.id) ?? { acked: [], sentAfterAck: false, busy: false }
      state.avatar.set(user.id, a)
      if (a.busy) return true
      a.busy = true
      a.sentAfterAck = true
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(pick(photos))], { type: 'image/jpeg' }), 'me.jpg')
      answer = await call(api, 'POST', '/profile/upload', user.token, { form })
      a.busy = false
      if (answer?.status === 200 && answer.body?.avatarFile?.name) {
        a.acked.push(answer.body.avatarFile.name as string)
        a.sentAfterAck = false
        counts.acked.avatar += 1
      } else if (answer) refused(answer)
      break
    }
    case 'event': {
      const n = 1 + Math.floor(Math.random() * 3)
      const title = `Crash ${cycle} ${Math.random().toString(36).slice(2, 8)}`
      const form = eventForm(
        baseEvent({ title }),
        Array.from({ length: n }, () => pick(photos)),
      )
      answer = await call(api, 'POST', '/event', user.token, { form })
      if (answer?.status === 201) {
        state.createdEvents.set(answer.body._id as string, { title, photos: n })
        state.events.push(answer.body._id as string)
        counts.acked.event += 1
      } else if (answer) refused(answer)
      break
    }
  }
  if (answer === null) counts.unanswered += 1
  return answer !== null
}

// ---------------------------------------------------------------------------------------------------------
// The checks.

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)))
  }
  return out
}

const GRACE_SECONDS = loadConfig({}).uploadsOrphanGraceSeconds

function ageFiles(dir: string, bySeconds: number): void {
  const then = new Date(Date.now() - bySeconds * 1000)
  for (const rel of filesUnder(dir)) fs.utimesSync(path.join(dir, rel), then, then)
}

interface FileCheck {
  missing: string[]
  orphaned: string[]
}

function checkFiles(db: SQLite.Database, uploadsDir: string): FileCheck {
  const named = new Set<string>()
  for (const r of db.prepare('select path, thumb_path from post_images').all() as {
    path: string
    thumb_path: string | null
  }[]) {
    named.add(r.path)
    if (r.thumb_path) named.add(r.thumb_path)
  }
  for (const r of db.prepare('select avatar_path from users where avatar_path is not null').all() as {
    avatar_path: string
  }[]) {
    named.add(r.avatar_path)
    const thumb = thumbnailPathOf(r.avatar_path)
    if (thumb) named.add(thumb)
  }
  const onDisk = new Set(filesUnder(uploadsDir))
  return {
    missing: [...named].filter((p) => !onDisk.has(p)),
    orphaned: [...onDisk].filter((p) => !named.has(p)),
  }
}

interface Lost {
  join: number
  like: number
  profile: number
  avatar: number
  event: number
  examples: string[]
}

function checkWrites(db: SQLite.Database): Lost {
  const lost: Lost = { join: 0, like: 0, profile: 0, avatar: 0, event: 0, examples: [] }
  const note = (kind: keyof Omit<Lost, 'examples'>, what: string) => {
    lost[kind] += 1
    if (lost.examples.length < 5) lost.examples.push(`${kind}: ${what}`)
  }
  const pairs = (table: string) =>
    new Set(
      (
        db.prepare(`select post_id, user_id from ${table}`).all() as { post_id: string; user_id: string }[]
      ).map((r) => `${r.post_id}|${r.user_id}`),
    )
  const joined = pairs('post_participants')
  for (const key of state.joins) if (!joined.has(key)) note('join', key)
  const liked = pairs('post_likes')
  for (const key of state.likes) if (!liked.has(key)) note('like', key)

  const users = new Map(
    (
      db.prepare('select id, profession, avatar_name from users').all() as {
        id: string
        profession: string | null
        avatar_name: string | null
      }[]
    ).map((r) => [r.id, r]),
  )
  for (const [id, p] of state.profile) {
    if (p.acked === 0) continue
    const stored = Number(/^p(\d+)$/.exec(users.get(id)?.profession ?? '')?.[1] ?? 0)
    if (stored < p.acked) note('profile', `${id}: p${stored} < p${p.acked}`)
  }
  for (const [id, a] of state.avatar) {
    const last = a.acked.at(-1)
    if (!last) continue
    const stored = users.get(id)?.avatar_name ?? null
    // The last answered avatar, or (when another upload was cut off after it) a newer one; never an older one.
    const ok = stored === last || (a.sentAfterAck && stored !== null && !a.acked.includes(stored))
    if (!ok) note('avatar', `${id}: ${stored} instead of ${last}`)
  }
  const posts = new Map(
    (
      db
        .prepare(
          `select p.id, p.title, (select count(*) from post_images i where i.post_id = p.id) as n from posts p`,
        )
        .all() as {
        id: string
        title: string
        n: number
      }[]
    ).map((r) => [r.id, r]),
  )
  for (const [id, e] of state.createdEvents) {
    const row = posts.get(id)
    if (!row || row.title !== e.title || row.n !== e.photos)
      note('event', `${id}: ${row ? `${row.title}, ${row.n} photos` : 'gone'}`)
  }
  return lost
}

function integrity(db: SQLite.Database): { integrity: string; foreignKeys: number } {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[]
  const fk = db.pragma('foreign_key_check') as unknown[]
  return { integrity: rows.map((r) => r.integrity_check).join('; '), foreignKeys: fk.length }
}

// ---------------------------------------------------------------------------------------------------------

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
  photos = await Promise.all(
    ['#3366cc', '#cc6633', '#33cc66'].map((color, i) => jpeg({ width: 560 + 40 * i, height: 420, color })),
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
    let left = 0
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
