// The storage photos live in (api/media/storage.ts, decision 037): the local disk and an S3 bucket (s3rver on
// loopback, the S3 REST protocol) keep one contract — files written together are all there once putAll
// resolves, read back byte for byte with their size and time, listed, deleted (a missing one is no error),
// and a storage that cannot be used says why.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStorage, createS3Storage, type FileStorage } from '../../api/media/storage'
import { startS3Server, type LoopbackS3 } from '../support/s3-server'

let s3: LoopbackS3
let dir: string
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['contract-disk-unused', 'contract'] })
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-storage-'))
})
afterAll(async () => {
  await s3?.close()
  await fs.rm(dir, { recursive: true, force: true })
})

async function bytesOf(storage: FileStorage, key: string) {
  const file = await storage.get(key)
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array))
  return { bytes: Buffer.concat(chunks), size: file.size, modified: file.modified }
}

async function keysOf(storage: FileStorage) {
  const keys: string[] = []
  for await (const file of storage.list()) keys.push(file.key)
  return keys.sort()
}

const backends: [string, () => FileStorage][] = [
  ['disk', () => createDiskStorage(path.join(dir, 'uploads'))],
  ['s3', () => createS3Storage(s3.settings('contract'))],
]

describe.each(backends)('%s storage', (_name, make) => {
  it('keeps what putAll wrote: the bytes, their size and time, in the listing', async () => {
    const storage = make()
    await storage.check()
    const before = Date.now() - 2000
    const photo = Buffer.from('RIFF....WEBPphoto bytes')
    await storage.putAll([
      { key: 'posts/aa.webp', data: photo, contentType: 'image/webp' },
      { key: 'posts/aa_thumb.webp', data: Buffer.from('thumb'), contentType: 'image/webp' },
      { key: 'avatars/bb.webp', data: Buffer.from('avatar'), contentType: 'image/webp' },
    ])
    const read = await bytesOf(storage, 'posts/aa.webp')
    expect(read?.bytes.equals(photo)).toBe(true)
    expect(read?.size).toBe(photo.length)
    expect(read!.modified.getTime()).toBeGreaterThanOrEqual(before)
    expect(await keysOf(storage)).toEqual(['avatars/bb.webp', 'posts/aa.webp', 'posts/aa_thumb.webp'])
  })

  it('answers null for a file it does not have', async () => {
    expect(await make().get('posts/never-written.webp')).toBeNull()
  })

  it('deletes files, and a missing one is no error', async () => {
    const storage = make()
    await storage.remove(['posts/aa.webp', 'posts/aa_thumb.webp', 'posts/never-written.webp'])
    expect(await storage.get('posts/aa.webp')).toBeNull()
    expect(await keysOf(storage)).toEqual(['avatars/bb.webp'])
    await storage.remove(['avatars/bb.webp'])
    expect(await keysOf(storage)).toEqual([])
  })
})

it('the disk refuses a key outside its folder', async () => {
  const storage = createDiskStorage(path.join(dir, 'uploads'))
  await expect(storage.get('../secrets.json')).rejects.toThrow(/not a key/)
  await expect(storage.putAll([{ key: '../escape.webp', data: Buffer.from('x'), contentType: 'image/webp' }])).rejects.toThrow(/not a key/)
})

it('a bucket that does not exist is named in the error (the API does not start on it)', async () => {
  await expect(createS3Storage(s3.settings('no-such-bucket')).check()).rejects.toThrow(/S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist/)
})

it('an S3 server that does not answer is named in the error', async () => {
  const storage = createS3Storage({ ...s3.settings(), url: 'http://127.0.0.1:9' })
  await expect(storage.check()).rejects.toThrow(/S3 bucket "nearby-test" at http:\/\/127\.0\.0\.1:9 cannot be reached/)
})
