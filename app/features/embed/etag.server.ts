import { createHash } from 'node:crypto'

/** A strong validator of a body: the same bytes, the same tag. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}
