// "Scan with the camera" on the door page (issue 45): only with JavaScript and a browser that can open a camera.
// What a QR code says is put in the code box and the box's form is sent, as if typed: one way in for both. The
// camera module (and, where the browser has no QR reader of its own, the decoder) loads on the first press.
import { useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { Scanner } from './camera-scanner'

/** A code seen again this soon is the same person still holding up their phone, not a second check-in. */
const SAME_CODE_MS = 4000

/** The code a QR code carries: the `code` of the check-in link it holds, or its text as it is. */
export function codeFromScan(text: string): string {
  try {
    return new URL(text).searchParams.get('code') ?? text
  } catch {
    return text.trim()
  }
}

export function CameraScan({ formId, inputId }: { formId: string; inputId: string }) {
  const { t } = useTranslation('eventDay')
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [state, setState] = useState<'off' | 'on' | 'failed'>('off')
  const video = useRef<HTMLVideoElement>(null)
  // While a check-in is being sent, what the camera sees waits.
  const busy = useRef(false)
  useEffect(() => {
    busy.current = navigation.state !== 'idle'
  }, [navigation.state])
  const last = useRef({ code: '', at: 0 })

  useEffect(() => {
    if (state !== 'on' || !video.current) return
    let scanner: Scanner | null = null
    let cancelled = false
    const element = video.current
    import('./camera-scanner')
      .then(({ startScanner }) =>
        startScanner(element, (text) => {
          const code = codeFromScan(text)
          const now = Date.now()
          if (busy.current || (code === last.current.code && now - last.current.at < SAME_CODE_MS)) return
          last.current = { code, at: now }
          const input = document.getElementById(inputId) as HTMLInputElement | null
          const form = document.getElementById(formId) as HTMLFormElement | null
          if (!input || !form) return
          input.value = code
          form.requestSubmit()
        }),
      )
      .then(
        (started) => {
          if (cancelled) started.stop()
          else scanner = started
        },
        () => {
          if (!cancelled) setState('failed')
        },
      )
    return () => {
      cancelled = true
      scanner?.stop()
    }
  }, [state, formId, inputId])

  if (!hydrated || typeof navigator.mediaDevices?.getUserMedia !== 'function') return null
  return (
    <div className="mt-3 space-y-2" data-testid="camera-scan">
      {state === 'on' ? (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('cameraView')}
            className="max-h-72 w-full rounded-md bg-slate-900 object-cover"
          />
          <p className="text-xs text-slate-600">{t('scanHint')}</p>
          <button
            type="button"
            onClick={() => setState('off')}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('scanStop')}
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setState('on')}
          className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t('scan')}
        </button>
      )}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {t('cameraFailed')}
        </p>
      ) : null}
    </div>
  )
}
