// The checks of `npm run proof:crash` (scripts/proofs/crash.ts) after each kill: the uploads directory against
// the database (a photo or avatar named but missing, a file no row names), every write answered 2xx against
// what the database holds (crash-writes.ts keeps what the clients were told), and SQLite's own integrity and
// foreign key checks.
import fs from 'node:fs'
import path from 'node:path'
import type SQLite from 'better-sqlite3'
import { loadConfig } from '../../api/config'
import { thumbnailPathOf } from '../../api/media/paths'
import { state } from './crash-writes'

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)))
  }
  return out
}

export const GRACE_SECONDS = loadConfig({}).uploadsOrphanGraceSeconds

export function ageFiles(dir: string, bySeconds: number): void {
  const then = new Date(Date.now() - bySeconds * 1000)
  for (const rel of filesUnder(dir)) fs.utimesSync(path.join(dir, rel), then, then)
}

interface FileCheck {
  missing: string[]
  orphaned: string[]
}

export function checkFiles(db: SQLite.Database, uploadsDir: string): FileCheck {
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

export function checkWrites(db: SQLite.Database): Lost {
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

export function integrity(db: SQLite.Database): { integrity: string; foreignKeys: number } {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[]
  const fk = db.pragma('foreign_key_check') as unknown[]
  return { integrity: rows.map((r) => r.integrity_check).join('; '), foreignKeys: fk.length }
}
