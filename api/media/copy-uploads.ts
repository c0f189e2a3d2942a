// Copies the photos of one storage into another (`npm run uploads:to-s3`: an existing UPLOADS_DIR into the
// bucket, before instances switch to S3, or a backup back into it; `npm run uploads:from-s3`: the bucket into a
// folder, a backup). Only files of the store's own name shape go; a file the target already holds with the same
// size is skipped, so a copy that stopped halfway is finished by running it again.
import { isStoredPath } from './paths'
import type { FileStorage } from './storage'

export interface CopyResult {
  copied: number
  /** Already in the target with the same size. */
  present: number
  /** Not of the store's name shape (not ours): left where they are. */
  skipped: number
}

export async function copyUploads(from: FileStorage, to: FileStorage): Promise<CopyResult> {
  const present = new Map<string, number>()
  for await (const file of to.list()) present.set(file.key, file.size)
  const result: CopyResult = { copied: 0, present: 0, skipped: 0 }
  for await (const { key, size } of from.list()) {
    if (!isStoredPath(key)) {
      result.skipped += 1
      continue
    }
    if (present.get(key) === size) {
      result.present += 1
      continue
    }
    const source = await from.get(key)
    if (!source) continue // deleted meanwhile
    const chunks: Buffer[] = []
    for await (const chunk of source.body) chunks.push(Buffer.from(chunk as Uint8Array))
    await to.putAll([{ key, data: Buffer.concat(chunks), contentType: 'image/webp' }])
    result.copied += 1
  }
  return result
}
