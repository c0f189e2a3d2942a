// Photos of an event form that came back (a validation error, an address search) without JavaScript: a
// file input cannot be refilled, so the web keeps them for an hour under a random token and the form sends
// the tokens back. Only images (by their first bytes) up to the API's size limit are kept.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { EVENT_LIMITS } from '#contract'
import { getEnv } from '~/utils/env.server'

const MAX_AGE_MS = 60 * 60_000
const TOKEN = /^[a-f0-9]{32}$/

export type StagedPhoto = { token: string; name: string; type: string }

function dir() {
  return getEnv().STAGING_DIR ?? path.join(os.tmpdir(), 'nearby-staging')
}

/** JPEG, PNG or WebP by magic bytes (the API checks again and re-encodes). */
export function imageType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

async function removeExpired() {
  const entries = await fs.readdir(dir()).catch(() => [] as string[])
  const now = Date.now()
  await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(dir(), entry)
      const stat = await fs.stat(file).catch(() => null)
      if (stat && now - stat.mtimeMs > MAX_AGE_MS) await fs.rm(file, { force: true })
    }),
  )
}

export async function stagePhotos(files: File[]): Promise<StagedPhoto[]> {
  await fs.mkdir(dir(), { recursive: true })
  await removeExpired()
  const staged: StagedPhoto[] = []
  for (const file of files) {
    if (file.size === 0 || file.size > EVENT_LIMITS.imageMaxBytes) continue
    const bytes = new Uint8Array(await file.arrayBuffer())
    const type = imageType(bytes)
    if (!type) continue
    const token = crypto.randomBytes(16).toString('hex')
    const name = file.name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'photo'
    await fs.writeFile(path.join(dir(), token), bytes)
    await fs.writeFile(path.join(dir(), `${token}.json`), JSON.stringify({ name, type }))
    staged.push({ token, name, type })
  }
  return staged
}

/** The staged photos of these tokens that still exist (unknown or expired tokens are skipped). */
export async function readStaged(tokens: string[]): Promise<(StagedPhoto & { file: File })[]> {
  const out: (StagedPhoto & { file: File })[] = []
  for (const token of new Set(tokens)) {
    if (!TOKEN.test(token)) continue
    try {
      const meta = JSON.parse(await fs.readFile(path.join(dir(), `${token}.json`), 'utf8')) as { name: string; type: string }
      const bytes = await fs.readFile(path.join(dir(), token))
      out.push({ token, ...meta, file: new File([bytes], meta.name, { type: meta.type }) })
    } catch {
      // expired or never staged
    }
  }
  return out
}

export async function discardStaged(tokens: string[]) {
  await Promise.all(
    tokens
      .filter((token) => TOKEN.test(token))
      .flatMap((token) => [fs.rm(path.join(dir(), token), { force: true }), fs.rm(path.join(dir(), `${token}.json`), { force: true })]),
  )
}

/**
 * The avatar forms' body for the API (`file`): the chosen file as posted (no JavaScript), or the photo staged
 * ahead of the form under the `staged` token (with JavaScript: shrunk and sent with progress). An empty choice
 * goes on to the API too, which answers 'Upload a photo!'. The staged copy is discarded once read.
 */
export async function avatarBody(form: FormData): Promise<FormData> {
  const body = new FormData()
  const file = form.get('file')
  const token = form.get('staged')
  const [staged] = typeof token === 'string' ? await readStaged([token]) : []
  if (staged) {
    body.append('file', staged.file, staged.name)
    await discardStaged([staged.token])
  } else if (file instanceof File && file.size > 0) body.append('file', file, file.name)
  return body
}
