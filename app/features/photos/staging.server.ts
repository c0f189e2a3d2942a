// Photos kept for a form that is sent next: with JavaScript the forms stage their (shrunk) photos first to
// show the upload's progress; without it, the photos of a form that came back (a validation error, an address
// search) are kept, since a file input cannot be refilled. The form then names them by token. They are kept by
// the API (POST /uploads/staged, in its shared storage, for an hour, each person's own), so whichever web
// instance receives the next form finds them (issue 25). Only images (by their first bytes) up to the API's
// size limit are kept; the API checks them again and re-encodes them when the form takes them.
import { EVENT_LIMITS } from '#contract'
import { ApiError, type Api } from '~/utils/api.server'

const TOKEN = /^[a-f0-9]{32}$/

export type StagedPhoto = { token: string; name: string; type: string }

/** JPEG, PNG or WebP by magic bytes (the API checks again and re-encodes). */
export function imageType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** Stages the images among `files` (others are skipped); their tokens, in order. */
export async function stagePhotos(api: Api, files: File[]): Promise<StagedPhoto[]> {
  const images: File[] = []
  for (const file of files) {
    if (file.size === 0 || file.size > EVENT_LIMITS.imageMaxBytes) continue
    if (imageType(new Uint8Array(await file.slice(0, 12).arrayBuffer()))) images.push(file)
  }
  if (images.length === 0) return []
  const body = new FormData()
  for (const file of images) body.append('files', file, file.name)
  const { photos } = await api.post<{ photos: StagedPhoto[] }>('/uploads/staged', body)
  return photos
}

/** The staged photos of these tokens that still exist (unknown or expired tokens are skipped). */
export async function readStaged(api: Api, tokens: string[]): Promise<(StagedPhoto & { file: File })[]> {
  const out: (StagedPhoto & { file: File })[] = []
  for (const token of new Set(tokens)) {
    if (!TOKEN.test(token)) continue
    const staged = await api.file(`/uploads/staged/${token}`)
    if (!staged) continue // expired, or never staged by this person
    const name = decodeURIComponent(staged.headers.get('x-staged-name') ?? '') || 'photo'
    out.push({ token, name, type: staged.type, file: new File([staged.bytes], name, { type: staged.type }) })
  }
  return out
}

export async function discardStaged(api: Api, tokens: string[]) {
  for (const token of new Set(tokens)) {
    if (!TOKEN.test(token)) continue
    await api.delete(`/uploads/staged/${token}`).catch((error: unknown) => {
      // Gone already, or the session ended meanwhile: the sweep deletes it within the hour.
      if (!(error instanceof ApiError)) throw error
    })
  }
}

/**
 * The avatar forms' body for the API (`file`): the chosen file as posted (no JavaScript), or the photo staged
 * ahead of the form under the `staged` token (with JavaScript: shrunk and sent with progress). An empty choice
 * goes on to the API too, which answers 'Upload a photo!'. The staged copy is discarded once read.
 */
export async function avatarBody(api: Api, form: FormData): Promise<FormData> {
  const body = new FormData()
  const file = form.get('file')
  const token = form.get('staged')
  const [staged] = typeof token === 'string' ? await readStaged(api, [token]) : []
  if (staged) {
    body.append('file', staged.file, staged.name)
    await discardStaged(api, [staged.token])
  } else if (file instanceof File && file.size > 0) body.append('file', file, file.name)
  return body
}
