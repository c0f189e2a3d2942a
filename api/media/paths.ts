// The names our stored photos have: folder/<32 hex>.webp, and its 400 px thumbnail beside it (…_thumb.webp).

/** Safe file names: folder/random hex (+ _thumb).webp — the only shape the /uploads route serves. */
const UPLOAD_PATH_RE = /^[a-z]+\/[a-f0-9]{32}(?:_thumb)?\.webp$/

/** Whether `rel` is a path of the shape the store writes (no traversal, nothing someone else put there). */
export const isStoredPath = (rel: string) => UPLOAD_PATH_RE.test(rel)

/** The thumbnail stored next to a photo of ours (folder/<hex>.webp → folder/<hex>_thumb.webp); null for others. */
export function thumbnailPathOf(photoPath: string | null): string | null {
  const m = photoPath ? /^([a-z]+\/[a-f0-9]{32})\.webp$/.exec(photoPath) : null
  return m ? `${m[1]}_thumb.webp` : null
}
