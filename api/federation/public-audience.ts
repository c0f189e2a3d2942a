// The Public collection's full IRI, written beside `as:Public` in what we send and serve.
//
// The Public collection, spelled out (issue 39 item 7, decision 039). JSON-LD compaction writes
// `https://www.w3.org/ns/activitystreams#Public` as `as:Public` (Fedify 1.5 always compacts), which is the same IRI
// to a JSON-LD reader; servers that read activities as plain JSON compare `to` and `cc` with the full IRI and
// take a public event for a private one. So both spellings are written: the full IRI first, then `as:Public`.
//   - What we send: each activity is made an instance of a subclass whose JSON carries the full IRI (an activity
//     transformer), before Fedify signs it, so its Object Integrity Proof and Linked Data signature cover the JSON
//     that is sent.
//   - What we serve (actors, events, outbox pages): the JSON is rewritten on the way out (nothing served is signed).
import { type Activity, type ActivityTransformer, PUBLIC_COLLECTION } from '@fedify/fedify'

export const PUBLIC_IRI = PUBLIC_COLLECTION.href
const COMPACT = new Set(['as:Public', 'Public'])
const AUDIENCE = ['to', 'cc', 'bto', 'bcc', 'audience'] as const

/** A JSON-LD document (compacted) with the full Public IRI beside each compact spelling of it, at any depth. */
export function withFullPublicIri<T>(json: T): T {
  if (Array.isArray(json)) return json.map(withFullPublicIri) as T
  if (!json || typeof json !== 'object') return json
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(json)) {
    if (key === '@context') out[key] = value
    else if ((AUDIENCE as readonly string[]).includes(key)) out[key] = spelledOut(value)
    else out[key] = withFullPublicIri(value)
  }
  return out as T
}

function spelledOut(value: unknown): unknown {
  const values = Array.isArray(value) ? value : [value]
  if (values.includes(PUBLIC_IRI) || !values.some((v) => typeof v === 'string' && COMPACT.has(v)))
    return withFullPublicIri(value)
  return [PUBLIC_IRI, ...values.map(withFullPublicIri)]
}

const spelling = new Map<typeof Activity, typeof Activity>()

/** The same class, writing the full Public IRI in its JSON (made once per class). */
function spellingClassOf(base: typeof Activity): typeof Activity {
  let cls = spelling.get(base)
  if (!cls) {
    cls = class extends base {
      override async toJsonLd(options?: Parameters<Activity['toJsonLd']>[0]): Promise<unknown> {
        return withFullPublicIri(await super.toJsonLd(options))
      }
    }
    spelling.set(base, cls)
    spelling.set(cls, cls)
  }
  return cls
}

/**
 * Fedify's activity transformer: the activity about to be sent, as its spelling class. Fedify's clones keep the
 * class (`new this.constructor`), so the proof it makes and the JSON it posts both come from `toJsonLd` above.
 */
export const spellOutPublicAudience: ActivityTransformer<void> = (activity) => {
  const cls = spellingClassOf(activity.constructor as typeof Activity)
  if (activity.constructor === cls) return activity
  // A copy whose methods are the subclass's: its fields are the copy's own (private fields live on the object).
  return Object.setPrototypeOf(activity.clone(), cls.prototype) as Activity
}

/** A document we serve (an actor, an event, an outbox page), with the full Public IRI in its JSON. */
export async function servedWithFullPublicIri(response: Response): Promise<Response> {
  if (!response.ok || !/^application\/(activity|ld)\+json/i.test(response.headers.get('content-type') ?? ''))
    return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const json = withFullPublicIri(JSON.parse(await response.text()) as unknown)
  return new Response(JSON.stringify(json), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
