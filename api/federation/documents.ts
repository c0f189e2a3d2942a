// Fetching remote JSON-LD documents: through the outbound fetch, HTTP-signed when a key is given.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type DocumentLoader, getDocumentLoader, type RemoteDocument, signRequest } from '@fedify/fedify'
import type { OutboundFetch } from '../lib/outbound-fetch'

/** A key that signs requests: its id (where peers fetch it) and its private half. */
export interface SigningIdentity {
  keyId: URL
  privateKey: CryptoKey
}

/** The JSON-LD contexts Fedify carries with it (read without a request); any other is fetched like a document. */
const PRELOADED_CONTEXTS: ReadonlySet<string> = new Set(Object.keys(await fedifyContexts()))

async function fedifyContexts(): Promise<object> {
  // The package exports no path to them: found where Node would find the package.
  const require = createRequire(import.meta.url)
  for (const dir of require.resolve.paths('@fedify/fedify') ?? []) {
    const file = path.join(dir, '@fedify/fedify/esm/runtime/contexts.js')
    if (fs.existsSync(file)) return ((await import(pathToFileURL(file).href)) as { default: object }).default
  }
  throw new Error('@fedify/fedify is not installed')
}

/**
 * Remote JSON-LD documents through our outbound fetch (its address rules, redirects, timeout and size cap), each
 * request HTTP-signed (draft-cavage, rsa-sha256: what Mastodon checks) with `signer`'s key when one is given. Every
 * hop of a redirect is signed for the host and path it goes to.
 */
export function jsonLdLoader(
  remoteFetch: OutboundFetch,
  signer?: () => Promise<SigningIdentity>,
): DocumentLoader {
  const preloaded = getDocumentLoader()
  const sign = signer
    ? async (request: Request) => {
        const { keyId, privateKey } = await signer()
        return signRequest(request, privateKey, keyId)
      }
    : undefined
  return async (url: string): Promise<RemoteDocument> => {
    if (PRELOADED_CONTEXTS.has(url)) return preloaded(url)
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
