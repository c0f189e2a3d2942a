// Fetching remote JSON-LD documents: through the outbound fetch, HTTP-signed when a key is given.
import { signRequest } from '@fedify/fedify'
import { type DocumentLoader, preloadedContexts, type RemoteDocument } from '@fedify/vocab-runtime'
import type { OutboundFetch } from '../lib/outbound-fetch'

/** A key that signs requests: its id (where peers fetch it) and its private half. */
export interface SigningIdentity {
  keyId: URL
  privateKey: CryptoKey
}

/** The JSON-LD contexts Fedify carries with it (read without a request; Fedify 2 exports them); any other is fetched like a document. */
const preloaded = (url: string): RemoteDocument | null =>
  Object.hasOwn(preloadedContexts, url)
    ? { contextUrl: null, document: preloadedContexts[url], documentUrl: url }
    : null

/**
 * Remote JSON-LD documents through our outbound fetch (its address rules, redirects, timeout and size cap), each
 * request HTTP-signed (draft-cavage, rsa-sha256: what Mastodon checks) with `signer`'s key when one is given. Every
 * hop of a redirect is signed for the host and path it goes to.
 */
export function jsonLdLoader(
  remoteFetch: OutboundFetch,
  signer?: () => Promise<SigningIdentity>,
): DocumentLoader {
  const sign = signer
    ? async (request: Request) => {
        const { keyId, privateKey } = await signer()
        return signRequest(request, privateKey, keyId)
      }
    : undefined
  return async (url: string): Promise<RemoteDocument> => {
    const known = preloaded(url)
    if (known) return known
    const response = await remoteFetch(url, {
      headers: { accept: 'application/activity+json, application/ld+json' },
      sign,
    })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
    const type = response.headers.get('content-type') ?? ''
    if (!/json/i.test(type)) throw new Error(`${url}: not JSON (${type})`)
    return {
      contextUrl: null,
      document: JSON.parse(await response.text()) as unknown,
      documentUrl: response.url || url,
    }
  }
}
