// npm run uploads:to-s3: copies UPLOADS_DIR's photos into the bucket that S3_* names (decision 037). Run it
// with the same environment as the API, before starting instances on S3; it can be run again safely.
import { loadConfig } from '../config'
import { copyUploads } from './copy-uploads'
import { createDiskStorage, createS3Storage } from './storage'

const config = loadConfig()
if (!config.s3) {
  console.error('Set S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy into.')
  process.exit(2)
}
const bucket = createS3Storage(config.s3)
try {
  await bucket.check()
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}
console.log(`Copying ${config.uploadsDir} into S3 bucket ${config.s3.bucket} at ${config.s3.url}…`)
const result = await copyUploads(createDiskStorage(config.uploadsDir), bucket)
console.log(`Copied ${result.copied}, already there ${result.present}, not ours (left) ${result.skipped}.`)
