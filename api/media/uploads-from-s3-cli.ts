// npm run uploads:from-s3: copies the photos of the bucket that S3_* names into UPLOADS_DIR — a backup of the
// bucket on disk (docs/production.md, "Back up and restore"); `npm run uploads:to-s3` puts them back. Run it with
// the API's S3_* variables and UPLOADS_DIR set to the backup's folder; run again, it copies only what changed.
import { loadConfig } from '../config'
import { copyUploads } from './copy-uploads'
import { createDiskStorage, createS3Storage } from './storage'

const config = loadConfig()
if (!config.s3) {
  console.error('Set S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy from.')
  process.exit(2)
}
const bucket = createS3Storage(config.s3)
try {
  await bucket.check()
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}
console.log(`Copying S3 bucket ${config.s3.bucket} at ${config.s3.url} into ${config.uploadsDir}…`)
const result = await copyUploads(bucket, createDiskStorage(config.uploadsDir))
console.log(`Copied ${result.copied}, already there ${result.present}, not ours (left) ${result.skipped}.`)
