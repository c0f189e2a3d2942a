// Photos sent ahead of their form with progress (issue 28): an XMLHttpRequest to /resources/photos, because
// fetch cannot report how much of a body is sent. The answer names the staged photos by token.
import type { WebMessageCode } from '#contract'

export type StagedPhoto = { token: string; name: string; type: string }

export type UploadFailure = WebMessageCode | 'cancelled'

export class UploadError extends Error {
  constructor(readonly code: UploadFailure) {
    super(code)
  }
}

/** Sends `files` as one multipart body; `onProgress` gets the share of bytes sent (0…1). */
export function uploadPhotos(files: File[], onProgress: (sent: number) => void, signal: AbortSignal): Promise<StagedPhoto[]> {
  return new Promise((resolve, reject) => {
    const body = new FormData()
    for (const file of files) body.append('files', file, file.name)
    const request = new XMLHttpRequest()
    request.open('POST', '/resources/photos')
    request.responseType = 'json'
    request.setRequestHeader('Accept', 'application/json')
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      const answer = request.response as { photos?: StagedPhoto[]; errors?: { files?: string[] } } | null
      if (request.status === 200 && Array.isArray(answer?.photos)) {
        onProgress(1)
        resolve(answer.photos)
      } else reject(new UploadError((answer?.errors?.files?.[0] as WebMessageCode | undefined) ?? 'uploadFailed'))
    })
    request.addEventListener('error', () => reject(new UploadError('uploadFailed')))
    request.addEventListener('abort', () => reject(new UploadError('cancelled')))
    signal.addEventListener('abort', () => request.abort(), { once: true })
    request.send(body)
  })
}
