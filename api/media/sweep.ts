// Files in UPLOADS_DIR that no row names (docs/decisions/022-crash-safe-uploads.md). A photo is written (and
// synced) before the row that names it commits, and deleted after the row that named it is gone, so a file
// the database names is never missing — but a process killed in between leaves a file nobody names. This
// sweep deletes such files once they are older than UPLOADS_ORPHAN_GRACE_SECONDS: younger ones may belong to
// an upload another instance is still committing. Only files of the store's own name shape are touched. It runs at start (before the API listens) and hourly as a
// job; it is idempotent and safe on several instances at once.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { AppContext } from '../context'
import { thumbnailPathOf } from '../modules/users/dto'
import { UPLOAD_PATH_RE } from './images'

export interface SweepResult {
  /** Files looked at. */
  scanned: number
  /** Unnamed files old enough, deleted. */
  removed: number
  /** Unnamed files within the grace period, left for a later sweep. */
  young: number
}

async function listFiles(root: string): Promise<{ rel: string; mtimeMs: number }[]> {
  let entries
  try {
    entries = await fs.readdir(root, { withFileTypes: true, recursive: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const out: { rel: string; mtimeMs: number }[] = []
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const abs = path.join(entry.parentPath, entry.name)
    try {
      out.push({
        rel: path.relative(root, abs).split(path.sep).join('/'),
        mtimeMs: (await fs.stat(abs)).mtimeMs,
      })
    } catch {
      // deleted meanwhile
    }
  }
  return out
}

/** Every upload path a row names: photos and their thumbnails, avatars and theirs. */
async function namedPaths(ctx: Pick<AppContext, 'db'>): Promise<Set<string>> {
  const named = new Set<string>()
  const images = await ctx.db.selectFrom('post_images').select(['path', 'thumb_path']).execute()
  for (const r of images) {
    named.add(r.path)
    if (r.thumb_path) named.add(r.thumb_path)
  }
  const avatars = await ctx.db
    .selectFrom('users')
    .select('avatar_path')
    .where('avatar_path', 'is not', null)
    .execute()
  for (const r of avatars) {
    if (!r.avatar_path) continue
    named.add(r.avatar_path)
    const thumb = thumbnailPathOf(r.avatar_path)
    if (thumb) named.add(thumb)
  }
  return named
}

export async function sweepOrphanUploads(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
): Promise<SweepResult> {
  const root = path.resolve(ctx.config.uploadsDir)
  const cutoff = ctx.now().getTime() - ctx.config.uploadsOrphanGraceSeconds * 1000
  // The files first, then the names: a file written after the listing is not looked at, and a row that
  // commits after the names were read names a file younger than the grace (no upload takes that long).
  const files = await listFiles(root)
  const named = await namedPaths(ctx)
  const result: SweepResult = { scanned: files.length, removed: 0, young: 0 }
  for (const file of files) {
    // Only names of our own shape (folder/hex.webp): anything else someone put there is not ours to delete.
    if (named.has(file.rel) || !UPLOAD_PATH_RE.test(file.rel)) continue
    if (file.mtimeMs > cutoff) {
      result.young += 1
      continue
    }
    await fs.rm(path.join(root, file.rel), { force: true })
    result.removed += 1
  }
  return result
}
