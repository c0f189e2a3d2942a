// The door's camera (issue 45), loaded only when the organizer presses "Scan": the phone's back camera in a <video>,
// read a few times a second for a QR code. The browser's own BarcodeDetector where it reads QR codes (Android's
// Chrome), else the `qr` package's detector (its own chunk, ~8 KB compressed), fetched only then.

/** The part of the Shape Detection API used here (TypeScript's DOM types do not have it yet). */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>
}
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> }

/** How often a frame is read: often enough to feel instant, rare enough to leave a slow phone's CPU to the page. */
const FRAME_MS = 200

async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) return new native({ formats: ['qr_code'] })
  const { BarcodeDetector } = await import('qr/decode.js')
  return new BarcodeDetector({ formats: ['qr_code'] }) as unknown as Detector
}

export interface Scanner {
  stop(): void
}

/** Whether this browser can open a camera at all (the Scan button is offered only then). */
export function canScan(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
}

/**
 * Shows the back camera in `video` and calls `onText` with what each QR code seen says. Rejects when the camera
 * cannot be opened (refused, none, in use): the caller says so and the typed code still works.
 */
export async function startScanner(video: HTMLVideoElement, onText: (text: string) => void): Promise<Scanner> {
  const [stream, detector] = await Promise.all([
    navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
    qrDetector(),
  ])
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  video.srcObject = stream
  await video.play().catch(() => undefined)
  const read = async () => {
    if (stopped) return
    if (video.readyState >= video.HAVE_CURRENT_DATA) {
      const [found] = await detector.detect(video).catch(() => [])
      if (found?.rawValue && !stopped) onText(found.rawValue)
    }
    if (!stopped) timer = setTimeout(() => void read(), FRAME_MS)
  }
  void read()
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      for (const track of stream.getTracks()) track.stop()
      video.srcObject = null
    },
  }
}
