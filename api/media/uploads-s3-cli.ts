// npm run uploads:to-s3 / uploads:from-s3: copies photos between UPLOADS_DIR and the bucket that S3_* names
// (decision 037). `to`: an existing UPLOADS_DIR into the bucket, before instances switch to S3, or a backup back into
// it. `from`: the bucket into UPLOADS_DIR, a backup on disk (docs/production.md, "Back up and restore"). Run with the
// API's environment; run again, it copies only what changed.
import { loadConfig } from '../config'
import { copyUploads } from './copy-uploads'
import { createDiskStorage, createS3Storage } from './storage'

const direction = process.argv[2]
if (direction !== 'to' && direction !== 'from') {
  console.error('Usage: uploads-s3-cli.ts to|from (npm run uploads:to-s3 or uploads:from-s3).')
  process.exit(2)
}
const config = loadConfig()
if (!config.s3) {
  console.error(
    `Set S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy ${direction === 'to' ? 'into' : 'from'}.`,
  )
  process.exit(2)
}
const bucket = createS3Storage(config.s3)
try {
  await bucket.check()
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}
const disk = createDiskStorage(config.uploadsDir)
const where = `S3 bucket ${config.s3.bucket} at ${config.s3.url}`
console.log(
  direction === 'to'
    ? `Copying ${config.uploadsDir} into ${where}…`
    : `Copying ${where} into ${config.uploadsDir}…`,
)
const result = direction === 'to' ? await copyUploads(disk, bucket) : await copyUploads(bucket, disk)
console.log(`Copied ${result.copied}, already there ${result.present}, not ours (left) ${result.skipped}.`)
