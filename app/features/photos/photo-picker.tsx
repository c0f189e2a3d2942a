// The photos of a form (issue 28). Without JavaScript it is the plain file input and the form posts the files
// as they are. With JavaScript each chosen photo is shrunk in the browser (shrink-photo.ts, its own chunk),
// shown as a numbered thumbnail that can be moved earlier or later or removed, counted against the limit, and
// refused before anything is sent when it is of the wrong type, too large or one too many; the input's files
// follow the list, so whatever sends the form sends these, in this order.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EVENT_LIMITS, type WebMessageCode } from '#contract'
import { ErrorList } from '~/components/forms/field'
import { useHydrated } from '~/components/ui/use-hydrated'

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']

type Photo = { key: number; file: File; url: string }

export type PhotoList = ReturnType<typeof usePhotoList>

let nextKey = 0

/** The chosen photos of one input, shrunk, in order; `room` is how many more the post may take. */
export function usePhotoList(room: number) {
  const [photos, setPhotos] = useState<Photo[]>([])
  const [error, setError] = useState<WebMessageCode | null>(null)
  const [preparing, setPreparing] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  /** Settles when every photo chosen so far is shrunk (a submit waits for it). */
  const ready = useRef<Promise<unknown>>(Promise.resolve())
  /** Photos listed or being shrunk: what counts against the room while a choice is still being prepared. */
  const taken = useRef(0)
  /** Photos being shrunk right now (the state's twin, for a submit that comes before the next render). */
  const shrinking = useRef(0)

  useEffect(() => {
    taken.current = photos.length + preparing
  }, [photos.length, preparing])

  /** The list as of now (a submit may read it before React renders it). */
  const listed = useRef(photos)
  /** Whether the list has taken over the input (until then the input keeps what the browser holds). */
  const managing = useRef(false)
  const update = useCallback((change: (list: Photo[]) => Photo[]) => {
    listed.current = change(listed.current)
    setPhotos(listed.current)
  }, [])

  // The input sends what the list shows, in its order (and not what was just chosen: those are being shrunk).
  const syncInput = useCallback(() => {
    const input = inputRef.current
    if (!input || !managing.current || typeof DataTransfer === 'undefined') return
    const transfer = new DataTransfer()
    for (const photo of listed.current) transfer.items.add(photo.file)
    input.files = transfer.files
  }, [])
  useEffect(syncInput, [photos, syncInput])

  // Thumbnails' object URLs go with the page.
  const urls = useRef(new Set<string>())
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), [])

  const choose = useCallback(
    (chosen: File[]) => {
      managing.current = true
      setError(null)
      const images = chosen.filter((file) => PHOTO_TYPES.includes(file.type))
      let refusal: WebMessageCode | null = images.length < chosen.length ? 'unsupportedImage' : null
      const fitting = images.slice(0, Math.max(room - taken.current, 0))
      if (fitting.length < images.length) refusal = 'tooManyPhotos'
      taken.current += fitting.length
      shrinking.current += fitting.length
      setPreparing((count) => count + fitting.length)
      // A photo that cannot be shrunk (or a shrinker that did not load: a dropped connection) goes as it is.
      const work = import('./shrink-photo')
        .then(
          ({ shrinkPhoto }) => Promise.all(fitting.map((file) => shrinkPhoto(file).catch(() => file))),
          () => fitting,
        )
        .then((shrunk) => {
          // Listed together, in the order they were chosen (whichever was shrunk first).
          const fit = shrunk.filter((file) => file.size <= EVENT_LIMITS.imageMaxBytes)
          if (fit.length < shrunk.length) setError('imageTooLarge')
          taken.current -= shrunk.length - fit.length
          shrinking.current -= shrunk.length
          setPreparing((count) => count - shrunk.length)
          const added = fit.map((file) => {
            const url = URL.createObjectURL(file)
            urls.current.add(url)
            return { key: nextKey++, file, url }
          })
          update((list) => [...list, ...added])
        })
      ready.current = Promise.all([
        ready.current,
        work.catch(() => {
          shrinking.current = 0
          setPreparing(0)
        }),
      ])
      if (refusal) setError(refusal)
      syncInput()
    },
    [room, syncInput, update],
  )

  // Photos chosen before the scripts ran (a slow phone): the list takes them over once the page is hydrated.
  useEffect(() => {
    const early = [...(inputRef.current?.files ?? [])]
    if (!managing.current && early.length > 0 && typeof DataTransfer !== 'undefined') choose(early)
  }, [choose])

  const remove = useCallback(
    (key: number) => {
      update((list) => list.filter((photo) => photo.key !== key))
      setError(null)
    },
    [update],
  )

  const move = useCallback(
    (key: number, by: -1 | 1) =>
      update((list) => {
        const from = list.findIndex((photo) => photo.key === key)
        const to = from + by
        if (from < 0 || to < 0 || to >= list.length) return list
        const next = [...list]
        ;[next[from], next[to]] = [next[to]!, next[from]!]
        return next
      }),
    [update],
  )

  /** The photos to send, in order, once every chosen one is shrunk (the input holds them too from then on). */
  const files = useCallback(async () => {
    await ready.current
    syncInput()
    return listed.current.map((photo) => photo.file)
  }, [syncInput])

  /** Whether photos are still being shrunk, as of now. */
  const isPreparing = useCallback(() => shrinking.current > 0, [])
  /** How many photos are listed, as of now. */
  const count = useCallback(() => listed.current.length, [])

  const clear = useCallback(() => update(() => []), [update])

  return { photos, error, setError, preparing, isPreparing, count, inputRef, choose, remove, move, files, clear, room }
}

export function PhotoPicker({
  list,
  id,
  name,
  label,
  hint,
  limit,
  errorId,
  serverErrors,
  required,
  children,
  action,
}: {
  list: PhotoList
  id: string
  name: string
  label: string
  hint?: string
  /** The most photos the post may have (the count says "n of limit"); 1: one photo (an avatar), no count. */
  limit: number
  errorId: string
  serverErrors?: string[]
  required?: boolean
  /** What sits between the input and its errors (the upload's progress). */
  children?: ReactNode
  /** A button beside the input (the avatar's Upload), which the previews below it never move. */
  action?: ReactNode
}) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const { photos, preparing, room, error, inputRef } = list
  const used = limit - room + photos.length
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          multiple={room > 1}
          // With the app, the form's submit checks the list instead (use-photo-submit.ts): the input is emptied
          // while its photos are shrunk, and the browser's own check would then stop an Upload pressed meanwhile.
          required={required && !hydrated}
          accept={PHOTO_TYPES.join(',')}
          aria-describedby={hint ? `${id}-hint ${errorId}` : errorId}
          onChange={(event) => {
            // Without the list (no DataTransfer to set the input's files), the input keeps the browser's choice.
            if (typeof DataTransfer === 'undefined') return
            list.choose([...(event.currentTarget.files ?? [])])
          }}
          className="block text-sm"
        />
        {action}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {hydrated && (photos.length > 0 || preparing > 0) ? (
        <div className="space-y-2" data-testid="photo-previews">
          <p className="text-sm text-slate-700" aria-live="polite">
            {limit > 1 ? t('photoCount', { used, limit }) : null}
            {limit > 1 && preparing > 0 ? ' · ' : null}
            {preparing > 0 ? t('preparingPhotos', { count: preparing }) : null}
          </p>
          <ol className="flex flex-wrap gap-3">
            {photos.map((photo, index) => (
              <li key={photo.key} className="w-32 space-y-1 text-center" data-testid="photo-preview">
                <img
                  src={photo.url}
                  alt={t('photoNumber', { n: index + 1 })}
                  width={128}
                  height={96}
                  className="h-24 w-32 rounded object-cover"
                />
                <p className="text-xs text-slate-500">{t('kilobytes', { size: Math.max(1, Math.round(photo.file.size / 1024)) })}</p>
                <div className="flex justify-center gap-1 text-xs">
                  {limit > 1 ? (
                    <>
                      <button
                        type="button"
                        onClick={() => list.move(photo.key, -1)}
                        disabled={index === 0}
                        aria-label={t('movePhotoEarlier', { n: index + 1 })}
                        className="rounded border border-slate-300 px-1.5 py-0.5 disabled:opacity-40"
                      >
                        ←
                      </button>
                      <button
                        type="button"
                        onClick={() => list.move(photo.key, 1)}
                        disabled={index === photos.length - 1}
                        aria-label={t('movePhotoLater', { n: index + 1 })}
                        className="rounded border border-slate-300 px-1.5 py-0.5 disabled:opacity-40"
                      >
                        →
                      </button>
                    </>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => list.remove(photo.key)}
                    aria-label={t('removePhotoNumber', { n: index + 1 })}
                    className="rounded border border-red-200 px-1.5 py-0.5 text-red-700"
                  >
                    {t('remove')}
                  </button>
                </div>
              </li>
            ))}
            {/* A box per photo still being shrunk, the size of its thumbnail: nothing moves when it comes. */}
            {Array.from({ length: preparing }, (_, index) => (
              <li key={`preparing-${index}`} className="w-32 space-y-1 text-center" aria-hidden="true" data-testid="photo-preparing">
                <div className="h-24 w-32 animate-pulse rounded bg-slate-200" />
                <p className="invisible text-xs">…</p>
                <div className="invisible flex justify-center text-xs">
                  <span className="rounded border px-1.5 py-0.5">…</span>
                </div>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {children}
      <ErrorList id={errorId} errors={error ? [error] : serverErrors} />
    </div>
  )
}
