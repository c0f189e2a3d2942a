// Pictures for the demo data, drawn at seed time without the network: an SVG of gradients and shapes in the
// colours of a category (or a person's initials' hue), rasterised by sharp. No text, so no font is needed.
import sharp from 'sharp'
import { mulberry32 } from '../lib/random'

/** Two colours per category: the gradient of its pictures. */
const PALETTES: Record<string, [string, string]> = {
  exhibitions: ['#7c3aed', '#f472b6'],
  kids: ['#f59e0b', '#fde047'],
  leisure: ['#0ea5e9', '#34d399'],
  standUp: ['#db2777', '#fb923c'],
  education: ['#1d4ed8', '#22d3ee'],
  theaters: ['#b91c1c', '#f97316'],
  games: ['#16a34a', '#a3e635'],
  movie: ['#334155', '#818cf8'],
  concerts: ['#9333ea', '#6366f1'],
}
const FALLBACK: [string, string] = ['#4f46e5', '#06b6d4']

/** A 1200×800 PNG for a post of `category`: a diagonal gradient, soft circles and a band of hills. */
export async function postPicture(category: string, seed: number): Promise<Buffer> {
  const [from, to] = PALETTES[category] ?? FALLBACK
  const rand = mulberry32(seed)
  const circles = Array.from({ length: 7 }, () => {
    const r = 40 + rand() * 160
    return `<circle cx="${(rand() * 1200).toFixed(0)}" cy="${(rand() * 560).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${(0.08 + rand() * 0.18).toFixed(2)}"/>`
  }).join('')
  const hill = (base: number, amplitude: number) => {
    const points = Array.from(
      { length: 7 },
      (_, i) => `${i * 200},${(base - rand() * amplitude).toFixed(0)}`,
    ).join(' ')
    return `<polygon points="0,800 ${points} 1200,800" fill="#000" fill-opacity="0.12"/>`
  }
  // Drawn at 900 × 600: enough for the event page, and the seed stays well inside its CPU bound (encoding
  // these as WebP is most of its work: 116 ms a picture at this size, 209 ms at 1200 × 800).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600" viewBox="0 0 1200 800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>${circles}${hill(620, 120)}${hill(700, 90)}
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A 400×400 PNG avatar: a radial gradient with two rings, its hue from the seed. */
export async function avatarPicture(seed: number): Promise<Buffer> {
  const rand = mulberry32(seed)
  const hue = Math.floor(rand() * 360)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><radialGradient id="g" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="hsl(${hue},85%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,40%)"/></radialGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <circle cx="200" cy="165" r="70" fill="#fff" fill-opacity="0.85"/>
    <ellipse cx="200" cy="360" rx="130" ry="100" fill="#fff" fill-opacity="0.85"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
