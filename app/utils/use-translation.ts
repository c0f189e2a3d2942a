// The texts of a screen in React: `useTranslation(namespace)` gives `t` for the page's language (set once per
// document by the entry files: the language switch reloads the document). In the browser, a screen whose
// namespace is not loaded yet (a client-side navigation to another kind of page) suspends until its chunk
// arrives; Remix navigations are transitions, so the previous page stays on screen meanwhile.
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react'
import { DEFAULT_LANGUAGE, type Language } from '#contract'
import type { Namespace } from '~/i18n'
import { isLoadingTexts, loadTexts } from '~/locales/load'
import { hasTexts, translate, type TFunction } from './translate'

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE)

export function LanguageProvider({ language, children }: { language: Language; children?: ReactNode }) {
  return createElement(LanguageContext.Provider, { value: language }, children)
}

/** `t` looks in the given namespaces in order (`common` by default); `i18n.language` is the page's language. */
export function useTranslation(namespace: Namespace | Namespace[] = 'common'): { t: TFunction; i18n: { language: Language } } {
  const language = useContext(LanguageContext)
  const namespaces = Array.isArray(namespace) ? namespace : [namespace]
  const missing = namespaces.filter((name) => !hasTexts(language, name))
  if (missing.length > 0) {
    // Texts nobody started loading: a screen that uses a namespace its route did not declare (routeTexts
    // starts a route's texts with its module; entry.client, the root's). It works (the page waits, or the
    // server's HTML stays) but costs a round trip after the data. tests/e2e/csp.spec.ts fails on it.
    const unannounced = missing.filter((name) => !isLoadingTexts(language, name))
    if (unannounced.length > 0)
      console.warn(`[i18n] ${unannounced.join(', ')} loaded late: add to the route's handle.i18n or app/i18n.ts`)
    // Suspense: React renders again once the texts are in.
    throw loadTexts(language, missing)
  }
  const names = namespaces.join()
  const t = useMemo<TFunction>(
    () => (key, options) => translate(language, names.split(',') as Namespace[], key, options),
    [language, names],
  )
  return { t, i18n: { language } }
}
