// An S3-compatible server on loopback (s3rver: the S3 REST protocol, signatures checked), standing in for the
// bucket a real deployment uses (AWS S3, MinIO…). Its files live in a temporary folder, gone on close.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../../api/media/storage'

/** s3rver's fixed credentials (it verifies signatures made with them). */
export const S3RVER_KEY = 'S3RVER'

export interface LoopbackS3 {
  url: string
  /** Settings for `bucket` (created on start), as the API reads them from S3_* variables. */
  settings(bucket?: string): S3Settings
  /** The S3_* variables of `bucket`. */
  env(bucket?: string): Record<string, string>
  close(): Promise<void>
}

export async function startS3Server(options: { port?: number; buckets?: string[]; directory?: string } = {}): Promise<LoopbackS3> {
  const directory = options.directory ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-s3-')))
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: (options.buckets ?? ['nearby-test']).map((name) => ({ name })),
  })
  const { port } = await server.run()
  const url = `http://127.0.0.1:${port}`
  const settings = (bucket = 'nearby-test'): S3Settings => ({
    url,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  })
  return {
    url,
    settings,
    env: (bucket = 'nearby-test') => ({
      S3_URL: url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    }),
    async close() {
      await server.close()
      if (!options.directory) await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
