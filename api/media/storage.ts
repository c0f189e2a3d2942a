// Where uploaded files live (issue 25, decision 037): the local disk (UPLOADS_DIR, the default) or an
// S3-compatible bucket (S3_URL, S3_BUCKET…), behind one interface, so no route knows which. Keys are the
// relative paths the rows name (`posts/<hex>.webp`); both backends keep decision 022's rule: `putAll`
// resolves only once the files are durable, so a row that commits after it never names a missing file.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'

export interface StoredFile {
  body: Readable
  size: number
  modified: Date
}

export interface ListedFile {
  key: string
  size: number
  modified: Date
}

export interface FileStorage {
  /** 'disk' or 's3', for logs and the health check. */
  readonly kind: 'disk' | 's3'
  /** Writes new files; resolves once every one is durable (a row may name them from then on). */
  putAll(files: { key: string; data: Buffer; contentType: string }[]): Promise<void>
  /** The file's bytes as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>
  /** Deletes files; a missing one is not an error. */
  remove(keys: string[]): Promise<void>
  /** Every file, with its size and when it was written (the orphan sweep, the copy into a bucket). */
  list(): AsyncIterable<ListedFile>
  /** Throws with a clear message when the storage cannot be used (boot, /health). */
  check(): Promise<void>
}

/** The storage the configuration names: its S3 bucket, or the disk under UPLOADS_DIR. */
export function storageFor(config: { s3: S3Settings | null; uploadsDir: string }): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.uploadsDir)
}

/** The local disk: files under `root`, written with fsync of the file and its folder (decision 022). */
export function createDiskStorage(uploadsDir: string): FileStorage {
  const root = path.resolve(uploadsDir)
  const fileOf = (key: string) => {
    const file = path.resolve(root, key)
    if (!file.startsWith(root + path.sep)) throw new Error(`not a key of this storage: ${key}`)
    return file
  }
  return {
    kind: 'disk',
    async putAll(files) {
      const folders = new Set<string>()
      for (const { key, data } of files) {
        const file = fileOf(key)
        await fs.mkdir(path.dirname(file), { recursive: true })
        await writeDurably(file, data)
        folders.add(path.dirname(file))
      }
      // The new names too: the row that names them commits with synchronous=FULL (decision 011).
      for (const folder of folders) await syncFolder(folder)
    },
    async get(key) {
      let handle
      try {
        handle = await fs.open(fileOf(key), 'r')
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null
        throw err
      }
      const stat = await handle.stat()
      if (!stat.isFile()) {
        await handle.close()
        return null
      }
      return { body: handle.createReadStream(), size: stat.size, modified: stat.mtime }
    },
    async remove(keys) {
      for (const key of keys) await fs.rm(fileOf(key), { force: true })
    },
    async *list() {
      let entries
      try {
        entries = await fs.readdir(root, { withFileTypes: true, recursive: true })
      } catch (err) {
        if (isMissing(err)) return
        throw err
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        try {
          const { mtime, size } = await fs.stat(file)
          yield { key: path.relative(root, file).split(path.sep).join('/'), size, modified: mtime }
        } catch (err) {
          if (!isMissing(err)) throw err // deleted meanwhile
        }
      }
    },
    async check() {
      await fs.mkdir(root, { recursive: true })
      await fs.access(root, fs.constants.W_OK)
    },
  }
}

export interface S3Settings {
  /** The endpoint (https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000…). */
  url: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO, s3rver, most non-AWS servers). */
  forcePathStyle: boolean
}

/** An S3-compatible bucket. A PutObject that has answered is durable: S3 acknowledges only stored objects. */
export function createS3Storage(settings: S3Settings, client = s3ClientFor(settings)): FileStorage {
  const Bucket = settings.bucket
  return {
    kind: 's3',
    async putAll(files) {
      await Promise.all(
        files.map(({ key, data, contentType }) =>
          client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length })),
        ),
      )
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) return null
        return {
          body: object.Body as Readable,
          size: Number(object.ContentLength ?? 0),
          modified: object.LastModified ?? new Date(0),
        }
      } catch (err) {
        if (err instanceof NoSuchKey || statusOf(err) === 404) return null
        throw err
      }
    },
    async remove(keys) {
      // DeleteObjects takes at most 1,000 keys; a missing key counts as deleted.
      for (let start = 0; start < keys.length; start += 1000) {
        const batch = keys.slice(start, start + 1000)
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        )
        const failed = answer.Errors?.filter((error) => error.Code !== 'NoSuchKey') ?? []
        if (failed.length > 0) throw new Error(`S3 could not delete ${failed.map((error) => `${error.Key} (${error.Code})`).join(', ')}`)
      }
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: Number(object.Size ?? 0), modified: object.LastModified ?? new Date(0) }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (err) {
        const status = statusOf(err)
        const reason = status === 404 ? 'does not exist' : status === 403 ? 'refuses these credentials' : `cannot be reached (${String((err as Error).message ?? err)})`
        throw new Error(`S3 bucket "${Bucket}" at ${settings.url} ${reason}`, { cause: err })
      }
    },
  }
}

export function s3ClientFor(settings: S3Settings) {
  return new S3Client({
    endpoint: settings.url,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the service asks for them: servers other than AWS (s3rver, older MinIO) refuse
    // the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

function statusOf(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
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

async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

function isMissing(err: unknown) {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT'
}
