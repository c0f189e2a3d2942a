// Uploaded photos: type by magic bytes (JPEG, PNG, WebP only), decoded by sharp with a pixel limit and
// failOn 'warning' (sharp's default), auto-oriented, metadata stripped, re-encoded as WebP at most 2048 px
// on the long side plus a 400 px thumbnail, stored as <folder>/<random>.webp in the instance's storage (the
// disk under UPLOADS_DIR, or an S3 bucket: storage.ts).
import { randomBytes } from 'node:crypto'
import { EVENT_LIMITS } from '#contract'
import sharp from 'sharp'
import { HttpError } from '../lib/errors'
import { isStoredPath } from './paths'
import type { FileStorage } from './storage'

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
  /** The storage key, e.g. posts/3f…9a.webp */
  path: string
  thumbPath: string
}

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

/** The photos of the posts and avatars, in the instance's storage (disk or S3: storage.ts). */
export function createImageStore(storage: FileStorage) {
  return {
    storage,
    /** Processes every buffer first (nothing is written when one is bad), then writes them, durably. */
    async saveAll(folder: string, buffers: Buffer[]): Promise<StoredImage[]> {
      const processed = []
      for (const b of buffers) processed.push(await processImage(b))
      const out: StoredImage[] = []
      const files: { key: string; data: Buffer; contentType: string }[] = []
      for (const p of processed) {
        const id = randomBytes(16).toString('hex')
        const rel = `${folder}/${id}.webp`
        const relThumb = `${folder}/${id}_thumb.webp`
        files.push({ key: rel, data: p.full, contentType: 'image/webp' }, { key: relThumb, data: p.thumb, contentType: 'image/webp' })
        out.push({ name: `${id}.webp`, path: rel, thumbPath: relThumb })
      }
      await storage.putAll(files)
      return out
    },
    /** A stored photo by the path a row names, or null for a missing file or a name that is not ours. */
    async get(rel: string) {
      return isStoredPath(rel) ? storage.get(rel) : null
    },
    async remove(rels: (string | null | undefined)[]): Promise<void> {
      await storage.remove(rels.filter((rel): rel is string => typeof rel === 'string' && isStoredPath(rel)))
    },
  }
}
export type ImageStore = ReturnType<typeof createImageStore>

/** Shown instead of a REJECTED image to everyone but the owner and moderators. */
export const PLACEHOLDER_NAME = 'placeholder.svg'
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#e5e7eb"/><g fill="none" stroke="#9ca3af" stroke-width="16"><rect x="250" y="180" width="300" height="240" rx="16"/><circle cx="340" cy="260" r="28"/><path d="M270 400l90-90 60 60 50-50 60 80"/></g></svg>`
