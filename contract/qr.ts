// A QR code as one SVG path, for the check-in code (issue 45): the event page draws it on the server (no JavaScript),
// the reminder mail sends it as a picture. Kept out of contract/index.ts: only server code imports it (#contract/qr).
import encodeQR from 'qr'

/** The quiet zone around the symbol, in modules: the four ISO/IEC 18004 asks for, so phone cameras find it. */
const QUIET_ZONE = 4

export interface QrPath {
  /** Modules a side, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number
  /** The dark modules, each row's runs as one rectangle. */
  d: string
}

export function qrPath(text: string): QrPath {
  const rows = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE })
  const parts: string[] = []
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue
      let run = 1
      while (row[x + run]) run++
      parts.push(`M${x} ${y}h${run}v1h-${run}z`)
      x += run
    }
  })
  return { size: rows.length, d: parts.join('') }
}

/** The whole picture as SVG markup, black on white, `px` wide (for the mail's PNG). */
export function qrSvg(text: string, px: number): string {
  const { size, d } = qrPath(text)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`
}
