// Texts for route `meta` functions, which run on the server (the document) and in the browser (client-side
// navigations) and cannot use hooks. Both read i18next's global instance: every text on the server
// (app/i18n.server.ts), the namespaces of the routes shown so far in the browser (entry.client.tsx).
import i18next, { type TOptions } from 'i18next'
import { DEFAULT_LANGUAGE, type Language } from '#contract'
import type { Namespace } from '~/i18n'

/** The page's language in a route's `meta`: the root loader's `locale` among the matches. */
export function metaLanguage(matches: readonly { id: string; data: unknown }[]): Language {
  const root = matches.find((match) => match.id === 'root')?.data as { locale?: Language } | null | undefined
  return root?.locale ?? DEFAULT_LANGUAGE
}

export function metaText(language: Language, namespace: Namespace, key: string, options?: TOptions): string {
  return i18next.getFixedT(language, namespace)(key, options) as string
}
