// What the federation tests share: reading ActivityPub JSON from an instance, and the object of a delivery.
import type { DeliveredActivity } from '../support/fediverse-peer'

export const BELGRADE = '792680'
export const AP = { accept: 'application/activity+json' }

/** GETs a path of `origin()` (no redirects followed) and parses the JSON body, if any. */
export function jsonGetter(origin: () => string) {
  return async (path: string, headers: Record<string, string> = AP) => {
    const res = await fetch(origin() + path, { headers, redirect: 'manual' })
    const text = await res.text()
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    }
  }
}

/** The Event object inside a delivered activity. */
export const objectOf = (a: DeliveredActivity) => a.json.object as Record<string, unknown>
