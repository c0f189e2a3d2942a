// Texts for route `meta` functions, which run on the server (the document) and in the browser (client-side
// navigations) and cannot use hooks. Both look in the same store of texts: every text on the server, the
// namespaces of the routes shown so far in the browser.
import type { Language } from '#contract'
import type { Namespace } from '~/i18n'
import { translate, type TOptions } from './translate'

export function metaText(language: Language, namespace: Namespace, key: string, options?: TOptions): string {
  return translate(language, [namespace], key, options)
}
