// Uploaded photos: type by magic bytes (JPEG, PNG, WebP only), decoded by sharp with a pixel limit and
// failOn 'warning' (sharp's default), auto-oriented, metadata stripped, re-encoded as WebP at most 2048 px
// on the long side plus a 400 px thumbnail, stored under UPLOADS_DIR/<folder>/ with random names.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { EVENT_LIMITS } from '#contract'
import sharp from 'sharp'
import { HttpError } from '../lib/errors'

export type ImageKind = 'jpeg' | 'png' | 'webp'

/** Detects JPEG, PNG or WebP from the first bytes; null for anything else (whatever its name says). */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png'
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp'
  return null
}

export interface StoredImage {
  /** File name of the full-size image, e.g. 3f…9a.webp */
  name: string
  /** Relative to UPLOADS_DIR, e.g. posts/3f…9a.webp */
  path: string
  thumbPath: string
}

/** Safe file names: folder/random hex (+ _thumb).webp — the only shape the /uploads route serves. */
export const UPLOAD_PATH_RE = /^[a-z]+\/[a-f0-9]{32}(?:_thumb)?\.webp$/

/** Validates and re-encodes one photo; throws 415 unsupportedImage or 413 imageTooLarge. */
export async function processImage(
  input: Buffer,
): Promise<{ full: Buffer; thumb: Buffer; width: number; height: number }> {
  if (!sniffImage(input)) throw new HttpError(415, 'unsupportedImage', { files: ['unsupportedImage'] })
  try {
    const base = sharp(input, { limitInputPixels: EVENT_LIMITS.imageMaxPixels, failOn: 'warning' }).rotate()
    const full = await base
      .clone()
      .resize({
        width: EVENT_LIMITS.imageLongSide,
        height: EVENT_LIMITS.imageLongSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    const thumb = await base
      .clone()
      .resize({
        width: EVENT_LIMITS.thumbnailLongSide,
        height: EVENT_LIMITS.thumbnailLongSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer()
    return { full: full.data, thumb, width: full.info.width, height: full.info.height }
  } catch (err) {
    const message = String((err as Error)?.message ?? '')
    if (/pixel limit/i.test(message)) throw new HttpError(413, 'imageTooLarge', { files: ['imageTooLarge'] })
    throw new HttpError(415, 'unsupportedImage', { files: ['unsupportedImage'] })
  }
}

/**
 * Writes a new file and syncs it before anyone names it: a file a committed row names is never missing, even
 * after a power failure (decision 022). A crash before the commit leaves a file nobody names (api/media/sweep.ts).
 */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  const handle = await fs.open(file, 'wx')
  try {
    await handle.writeFile(data)
    await handle.datasync()
  } finally {
    await handle.close()
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function createImageStore(uploadsDir: string) {
  const root = path.resolve(uploadsDir)
  return {
    root,
    /** Processes every buffer first (nothing is written when one is bad), then writes them. */
    async saveAll(folder: string, buffers: Buffer[]): Promise<StoredImage[]> {
      const processed = []
      for (const b of buffers) processed.push(await processImage(b))
      await fs.mkdir(path.join(root, folder), { recursive: true })
      const out: StoredImage[] = []
      for (const p of processed) {
        const id = randomBytes(16).toString('hex')
        const rel = `${folder}/${id}.webp`
        const relThumb = `${folder}/${id}_thumb.webp`
        await writeDurably(path.join(root, rel), p.full)
        await writeDurably(path.join(root, relThumb), p.thumb)
        out.push({ name: `${id}.webp`, path: rel, thumbPath: relThumb })
      }
      // The new names too: the row that names them commits with synchronous=FULL (decision 011).
      await syncDir(path.join(root, folder))
      return out
    },
    /** Resolves a stored relative path inside UPLOADS_DIR, or null for anything that is not ours. */
    resolve(rel: string): string | null {
      if (!UPLOAD_PATH_RE.test(rel)) return null
      const abs = path.resolve(root, rel)
      if (!abs.startsWith(root + path.sep)) return null
      return abs
    },
    async remove(rels: (string | null | undefined)[]): Promise<void> {
      for (const rel of rels) {
        if (!rel) continue
        const abs = this.resolve(rel)
        if (abs) await fs.rm(abs, { force: true })
      }
    },
  }
}
export type ImageStore = ReturnType<typeof createImageStore>

/** Shown instead of a REJECTED image to everyone but the owner and moderators. */
export const PLACEHOLDER_NAME = 'placeholder.svg'
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#e5e7eb"/><g fill="none" stroke="#9ca3af" stroke-width="16"><rect x="250" y="180" width="300" height="240" rx="16"/><circle cx="340" cy="260" r="28"/><path d="M270 400l90-90 60 60 50-50 60 80"/></g></svg>`
