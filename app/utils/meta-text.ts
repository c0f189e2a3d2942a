// Texts for route `meta` functions, which run on the server (the document) and in the browser (client-side
// navigations) and cannot use hooks. The server registers its every-text lookup at start (entry.server.tsx);
// the browser reads its i18next instance, which holds the namespaces of the routes it shows.
import i18next, { type TOptions } from 'i18next'
import type { Language } from '#contract'
import type { Namespace } from '~/i18n'

type Lookup = (language: Language, namespace: Namespace, key: string, options?: TOptions) => string

let serverLookup: Lookup | null = null

/** Called once by entry.server.tsx. */
export function setServerTextLookup(lookup: Lookup) {
  serverLookup = lookup
}

export function metaText(language: Language, namespace: Namespace, key: string, options?: TOptions): string {
  if (serverLookup) return serverLookup(language, namespace, key, options)
  return i18next.getFixedT(language, namespace)(key, options) as string
}
