// Files in the storage (UPLOADS_DIR or the S3 bucket) that no row names (decisions 022 and 037). A photo is
// written durably before the row that names it commits, and deleted after the row that named it is gone, so a
// file the database names is never missing — but a process killed in between leaves a file nobody names. This
// sweep deletes such files once they are older than UPLOADS_ORPHAN_GRACE_SECONDS: younger ones may belong to
// an upload another instance is still committing. Only files of the store's own name shape are touched. It
// runs hourly as a job (once across instances) and at start; it is idempotent and safe on several at once.
// Photos staged for a form (staged-routes.ts) go too once older than an hour.
import type { AppContext } from '../context'
import { isStoredPath, thumbnailPathOf } from './paths'
import { STAGED_MAX_AGE_MS, STAGED_PATH_RE } from './staged-routes'

export interface SweepResult {
  /** Files looked at. */
  scanned: number
  /** Unnamed files old enough, deleted. */
  removed: number
  /** Unnamed files within the grace period, left for a later sweep. */
  young: number
  /** Photos staged for a form more than an hour ago, deleted. */
  staged: number
}

/** Every upload path a row names: photos and their thumbnails, people's and groups' avatars and theirs. */
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
    // Groups' avatars (issue 45) are named by their rows too.
    .unionAll((eb) => eb.selectFrom('groups').select('avatar as avatar_path').where('avatar', 'is not', null))
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
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'images'>,
): Promise<SweepResult> {
  const { storage } = ctx.images
  const cutoff = ctx.now().getTime() - ctx.config.uploadsOrphanGraceSeconds * 1000
  // The files first, then the names: a file written after the listing is not looked at, and a row that
  // commits after the names were read names a file younger than the grace (no upload takes that long).
  const files = []
  for await (const file of storage.list()) files.push(file)
  const named = await namedPaths(ctx)
  const result: SweepResult = { scanned: files.length, removed: 0, young: 0, staged: 0 }
  const orphans: string[] = []
  const stagedBefore = ctx.now().getTime() - STAGED_MAX_AGE_MS
  const expired = files.filter((file) => STAGED_PATH_RE.test(file.key) && file.modified.getTime() < stagedBefore).map((file) => file.key)
  await storage.remove(expired)
  result.staged = expired.length
  // Their quota entries too (they count no more once this old anyway; this keeps the table small).
  await ctx.db.deleteFrom('staged_photos').where('created_at', '<', new Date(stagedBefore).toISOString()).execute()
  for (const file of files) {
    // Only names of our own shape (folder/hex.webp): anything else someone put there is not ours to delete.
    if (named.has(file.key) || !isStoredPath(file.key)) continue
    if (file.modified.getTime() > cutoff) {
      result.young += 1
      continue
    }
    orphans.push(file.key)
  }
  await storage.remove(orphans)
  result.removed = orphans.length
  return result
}
