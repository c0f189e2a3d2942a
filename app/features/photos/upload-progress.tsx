// The photos' upload ahead of their form, with a progress bar and Cancel (issue 28): the page stays usable
// while the bytes go, and a cancelled or failed upload leaves the chosen photos in place to try again.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UploadError, uploadPhotos, type StagedPhoto, type UploadFailure } from './upload'

export type PhotoUpload = ReturnType<typeof usePhotoUpload>

export function usePhotoUpload() {
  /** The share of bytes sent (0…1) while an upload runs, else null. */
  const [sent, setSent] = useState<number | null>(null)
  const [failure, setFailure] = useState<UploadFailure | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  /** The staged photos, or why there are none (cancelled, refused, the connection failed). */
  const start = useCallback(async (files: File[]): Promise<{ photos: StagedPhoto[] } | { failure: UploadFailure }> => {
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setFailure(null)
    setSent(0)
    try {
      return { photos: await uploadPhotos(files, setSent, abort.signal) }
    } catch (error) {
      const failure = error instanceof UploadError ? error.code : 'uploadFailed'
      setFailure(failure)
      return { failure }
    } finally {
      if (controller.current === abort) controller.current = null
      setSent(null)
    }
  }, [])

  const cancel = useCallback(() => controller.current?.abort(), [])

  return { sent, failure, busy: sent !== null, start, cancel }
}

export function UploadProgress({ upload }: { upload: PhotoUpload }) {
  const { t } = useTranslation('eventForm')
  if (upload.sent === null && upload.failure !== 'cancelled') return null
  if (upload.sent === null)
    return (
      <p role="status" className="text-sm text-slate-700">
        {t('uploadCancelled')}
      </p>
    )
  const percent = Math.round(upload.sent * 100)
  return (
    <div className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-slate-50 p-2" data-testid="upload-progress">
      <label className="flex flex-1 flex-col gap-1 text-sm text-slate-700">
        <span>{t('uploading', { percent })}</span>
        <progress value={percent} max={100} className="h-2 w-full" />
      </label>
      <button type="button" onClick={upload.cancel} className="rounded border border-slate-300 bg-white px-3 py-1 text-sm">
        {t('cancelUpload')}
      </button>
    </div>
  )
}
