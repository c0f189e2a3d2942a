// `npm run uploads:to-s3` (issue 25): an existing UPLOADS_DIR copied into a bucket (s3rver on loopback), run
// as the command an operator types. Photos of the store's shape arrive byte for byte, anything else is left,
// and a second run copies nothing more; without the S3 variables it says what to set.
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createS3Storage } from '../../api/media/storage'
import { startS3Server, type LoopbackS3 } from '../support/s3-server'

const run = promisify(execFile)
let s3: LoopbackS3
let dir: string
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['migrated'] })
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearby-to-s3-'))
})
afterAll(async () => {
  await s3?.close()
  await fs.rm(dir, { recursive: true, force: true })
})

const command = (env: Record<string, string>) =>
  run('npx', ['tsx', 'api/media/uploads-s3-cli.ts', 'to'], { env: { ...process.env, UPLOADS_DIR: dir, ...env }, cwd: process.cwd() })

it('copies every photo and avatar into the bucket, once', async () => {
  const photo = `${'a'.repeat(32)}.webp`
  const files: Record<string, Buffer> = {
    [`posts/${photo}`]: Buffer.from('photo'),
    [`posts/${'a'.repeat(32)}_thumb.webp`]: Buffer.from('thumb'),
    [`avatars/${'b'.repeat(32)}.webp`]: Buffer.from('avatar'),
  }
  for (const [key, data] of Object.entries(files)) {
    await fs.mkdir(path.join(dir, path.dirname(key)), { recursive: true })
    await fs.writeFile(path.join(dir, key), data)
  }
  await fs.writeFile(path.join(dir, 'posts', 'notes.txt'), 'not ours')

  const first = await command(s3.env('migrated'))
  expect(first.stdout).toContain('Copied 3, already there 0, not ours (left) 1.')
  const bucket = createS3Storage(s3.settings('migrated'))
  for (const [key, data] of Object.entries(files)) {
    const object = await bucket.get(key)
    const chunks: Buffer[] = []
    for await (const chunk of object!.body) chunks.push(Buffer.from(chunk as Uint8Array))
    expect(Buffer.concat(chunks).equals(data), key).toBe(true)
  }
  expect(await bucket.get('posts/notes.txt')).toBeNull()

  const again = await command(s3.env('migrated'))
  expect(again.stdout).toContain('Copied 0, already there 3, not ours (left) 1.')
}, 60_000)

it('without the bucket’s variables it says what to set', async () => {
  const failed = await command({}).catch((err: { code: number; stderr: string }) => err)
  expect(failed).toMatchObject({ code: 2 })
  expect((failed as { stderr: string }).stderr).toContain('Set S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
}, 60_000)
