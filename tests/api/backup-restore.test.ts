// Backups and their restore (docs/production.md, "Back up and restore"), with the guide's own commands: a running
// API with an account, an event and its photo is backed up, the site is restored from the backup, an API started on
// the restored data signs the account in and serves the event and the very same photo bytes; what was written after
// the backup is not there. SQLite with photos on disk (sqlite3 .backup/.restore, tar) in the SQLite run; PostgreSQL
// with photos in a bucket (pg_dump/pg_restore, npm run uploads:from-s3 / uploads:to-s3) in the PostgreSQL run.
// Each command below must appear word for word in the guide (the last test checks).
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createEvent } from './events-fixtures'
import { activatedUser, createPgDatabase, startTestApi, usePostgres, type TestApi } from './helpers'
import { startS3Server, type LoopbackS3 } from '../support/s3-server'

const execFileAsync = promisify(execFile)
const repo = fileURLToPath(new URL('../..', import.meta.url))

/** The guide's commands, run by bash with BACKUP (and for PostgreSQL DATABASE_URL, NEW_DB, NEW_DATABASE_URL) set. */
const commands = {
  sqliteBackup: [
    `mkdir -p "$BACKUP"`,
    `sqlite3 data/nearby.db ".backup '$BACKUP/nearby.db'"`,
    `sqlite3 "$BACKUP/nearby.db" "PRAGMA integrity_check"`,
    `tar -C data -czf "$BACKUP/uploads.tar.gz" uploads`,
  ],
  sqliteRestore: [
    `mkdir -p data/before-restore && mv data/nearby.db* data/uploads data/before-restore/`,
    `sqlite3 data/nearby.db ".restore '$BACKUP/nearby.db'"`,
    `tar -C data -xzf "$BACKUP/uploads.tar.gz"`,
  ],
  postgresBackup: [
    `mkdir -p "$BACKUP"`,
    `pg_dump --format=custom --file="$BACKUP/nearby.dump" "$DATABASE_URL"`,
    `UPLOADS_DIR="$BACKUP/uploads" npm run uploads:from-s3`,
  ],
  postgresRestore: [
    `createdb --maintenance-db="$DATABASE_URL" "$NEW_DB"`,
    `pg_restore --no-owner --exit-on-error --dbname="$NEW_DATABASE_URL" "$BACKUP/nearby.dump"`,
    `UPLOADS_DIR="$BACKUP/uploads" npm run uploads:to-s3`,
  ],
}

function installed(command: string): boolean {
  try {
    execFileSync('bash', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Runs the guide's command lines in `cwd` with `env` added; the output of the last. Asynchronously: the bucket
 * (s3rver) answers from this very process.
 */
async function run(lines: string[], cwd: string, env: Record<string, string>): Promise<string> {
  let output = ''
  for (const line of lines) {
    try {
      output = (await execFileAsync('bash', ['-c', line], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 })).stdout
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string }
      throw new Error(`${line}\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error })
    }
  }
  return output
}

/** An account, an event with a photo, and that photo's bytes as the API serves them. */
async function siteWithData(api: TestApi) {
  const user = await activatedUser(api)
  const event = await createEvent(api, user.accessToken, { title: 'Backed-up concert' })
  const [image] = (await api.get(`/event/${event._id}`)).body.images as { path: string }[]
  const photo = Buffer.from(await (await fetch(api.url + image!.path)).arrayBuffer())
  expect(photo.length).toBeGreaterThan(0)
  return { user, event, photoPath: image!.path, photo }
}

/** The restored API holds the account, the event and the photo of before, and not what came after the backup. */
async function expectRestored(
  api: TestApi,
  before: Awaited<ReturnType<typeof siteWithData>>,
  afterBackupEventId: string,
) {
  const login = await api.post('/auth/login', { email: before.user.input.email, password: before.user.input.password })
  expect(login.status, login.text).toBe(200)
  expect(login.body.user.id).toBe(before.user.user.id)
  const event = await api.get(`/event/${before.event._id}`)
  expect(event.status).toBe(200)
  expect(event.body.title).toBe('Backed-up concert')
  const photo = await fetch(api.url + before.photoPath)
  expect(photo.status).toBe(200)
  expect(Buffer.from(await photo.arrayBuffer()).equals(before.photo)).toBe(true)
  expect((await api.get(`/event/${afterBackupEventId}`)).status).toBe(404)
}

const sqliteMissing = installed('sqlite3') ? null : 'the sqlite3 command is not installed (Debian: apt-get install sqlite3)'
const sqliteSkip = usePostgres ? 'runs in the SQLite run (npm run test:api)' : sqliteMissing
if (sqliteMissing) console.warn(`backup-restore: SQLite skipped: ${sqliteMissing}`)

describe.skipIf(sqliteSkip !== null)(`SQLite and photos on disk${sqliteSkip ? ` (skipped: ${sqliteSkip})` : ''}`, () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('a backup taken while the API runs restores into a site that serves the same data and photos', async () => {
    const site = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-backup-site-'))
    cleanups.push(() => fs.rm(site, { recursive: true, force: true }))
    const data = { DATA_DIR: path.join(site, 'data'), DATABASE_URL: path.join(site, 'data', 'nearby.db') }
    const BACKUP = path.join(site, 'backups', 'today')

    const api = await startTestApi(data)
    const before = await siteWithData(api)
    expect(await run(commands.sqliteBackup.slice(0, 2), site, { BACKUP })).toBe('')
    expect((await run(commands.sqliteBackup.slice(2, 3), site, { BACKUP })).trim()).toBe('ok')
    await run(commands.sqliteBackup.slice(3), site, { BACKUP })
    const afterBackup = await createEvent(api, before.user.accessToken, { title: 'After the backup' })
    await api.close()

    await run(commands.sqliteRestore, site, { BACKUP })
    const entries = await fs.readdir(path.join(site, 'data', 'before-restore'))
    expect(entries).toEqual(expect.arrayContaining(['nearby.db', 'uploads']))

    const restored = await startTestApi(data)
    cleanups.push(() => restored.close())
    await expectRestored(restored, before, afterBackup._id)
  })
})

const pgTools = ['pg_dump', 'pg_restore', 'createdb'].filter((tool) => !installed(tool))
const postgresSkip = !usePostgres
  ? 'runs in the PostgreSQL run (TEST_DATABASE=postgres, npm run test:api:pg)'
  : pgTools.length > 0
    ? `${pgTools.join(', ')} not installed (Debian: apt-get install postgresql-client)`
    : null
if (usePostgres && postgresSkip) console.warn(`backup-restore: PostgreSQL skipped: ${postgresSkip}`)

describe.skipIf(postgresSkip !== null)(`PostgreSQL and photos in a bucket${postgresSkip ? ` (skipped: ${postgresSkip})` : ''}`, () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('pg_dump and the bucket copied to a folder restore into a new database and bucket that serve the same data', async () => {
    const site = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-backup-pg-'))
    cleanups.push(() => fs.rm(site, { recursive: true, force: true }))
    const s3: LoopbackS3 = await startS3Server({ buckets: ['photos', 'photos-restored'] })
    cleanups.push(() => s3.close())
    const database = await createPgDatabase()
    cleanups.push(() => database.drop())
    const BACKUP = path.join(site, 'backups', 'today')

    const api = await startTestApi({ DATABASE_URL: database.url, ...s3.env('photos') })
    const before = await siteWithData(api)
    const backupOutput = await run(commands.postgresBackup, repo, { BACKUP, DATABASE_URL: database.url, ...s3.env('photos') })
    expect(backupOutput).toMatch(/Copied [1-9]\d*, already there 0/)
    const afterBackup = await createEvent(api, before.user.accessToken, { title: 'After the backup' })
    await api.close()

    const NEW_DB = `${new URL(database.url).pathname.slice(1)}_restored`
    const newUrl = new URL(database.url)
    newUrl.pathname = `/${NEW_DB}`
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: database.url })
      await admin.connect()
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${NEW_DB} WITH (FORCE)`)
      } finally {
        await admin.end()
      }
    })
    const restoreOutput = await run(commands.postgresRestore, repo, {
      BACKUP,
      DATABASE_URL: database.url,
      NEW_DB,
      NEW_DATABASE_URL: newUrl.toString(),
      ...s3.env('photos-restored'),
    })
    expect(restoreOutput).toMatch(/Copied [1-9]\d*, already there 0/)

    const restored = await startTestApi({ DATABASE_URL: newUrl.toString(), ...s3.env('photos-restored') })
    cleanups.push(() => restored.close())
    await expectRestored(restored, before, afterBackup._id)
    // Four commands of the guide run as processes (tsx starts in seconds on a busy machine).
  }, 60_000)
})

describe('the guide', () => {
  it('shows the commands this test runs, word for word', async () => {
    const guide = await fs.readFile(path.join(repo, 'docs', 'production.md'), 'utf8')
    for (const line of Object.values(commands).flat()) expect(guide, `docs/production.md lacks: ${line}`).toContain(line)
  })
})
