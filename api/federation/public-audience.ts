// The Public collection's full IRI, written beside `as:Public` in what we serve.
//
// The Public collection, spelled out (issue 39 item 7, decision 039). JSON-LD compaction writes
// `https://www.w3.org/ns/activitystreams#Public` as `as:Public`, which is the same IRI to a JSON-LD reader; servers
// that read activities as plain JSON compare `to` and `cc` with the full IRI and take a public event for a private
// one.
//   - What we send: Fedify 2.2+ rewrites `as:Public` to the full IRI in outgoing activities itself, before it
//     signs them (its Object Integrity Proof and Linked Data signature cover the JSON that is sent).
//   - What we serve (actors, events, outbox pages): Fedify 2.3 still compacts it, so the JSON is rewritten on the
//     way out, both spellings: the full IRI first, then `as:Public` (nothing served is signed).
import { PUBLIC_COLLECTION } from '@fedify/vocab'

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
