// A photo shrunk in the browser before it is sent (issue 28): decoded upright by its EXIF orientation, scaled
// so its longest side is at most what the API keeps (EVENT_LIMITS.imageLongSide), and re-encoded as WebP (JPEG
// where the browser cannot write WebP) when that is smaller. The heavy work runs on the browser's own threads:
// createImageBitmap decodes and scales off the main thread, and the canvas encodes asynchronously; the main
// thread only draws the already-scaled picture once. The API still checks and re-encodes everything: this
// saves bytes on a slow line and is never trusted. Loaded as its own chunk when photos are first chosen.
// docs/decisions/035-photos-shrunk-in-the-browser.md
import { EVENT_LIMITS } from '#contract'

const QUALITY = 0.85

type Encoder = (width: number, height: number, bitmap: ImageBitmap, type: string) => Promise<Blob | null>

const encode: Encoder = async (width, height, bitmap, type) => {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) return null
    context.drawImage(bitmap, 0, 0, width, height)
    return canvas.convertToBlob({ type, quality: QUALITY })
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return null
  context.drawImage(bitmap, 0, 0, width, height)
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY))
}

/** The size that fits `longSide` on the longest side, never larger than the photo. */
export function fitInside(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

const renamed = (name: string, type: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.${type === 'image/webp' ? 'webp' : 'jpg'}`

/**
 * The photo to send: a smaller, upright copy, or the file itself when the browser cannot decode it (it is sent
 * as it is, and the API decides) or when re-encoding would not make it smaller.
 */
export async function shrinkPhoto(file: File, longSide: number = EVENT_LIMITS.imageLongSide): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file
  let size: { width: number; height: number }
  try {
    // The upright size first (a portrait photo from a phone is stored sideways with an orientation tag).
    const probe = await createImageBitmap(file, { imageOrientation: 'from-image' })
    size = fitInside(probe.width, probe.height, longSide)
    probe.close()
  } catch {
    return file
  }
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'high',
    })
  } catch {
    return file
  }
  try {
    let blob = await encode(size.width, size.height, bitmap, 'image/webp')
    // A browser that cannot write WebP answers PNG: JPEG is the smaller of what every browser writes.
    if (!blob || blob.type !== 'image/webp') blob = await encode(size.width, size.height, bitmap, 'image/jpeg')
    if (!blob || (blob.type !== 'image/webp' && blob.type !== 'image/jpeg') || blob.size >= file.size) return file
    return new File([blob], renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified })
  } catch {
    return file
  } finally {
    bitmap.close()
  }
}
