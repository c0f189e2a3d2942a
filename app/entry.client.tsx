import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { getInitialNamespaces } from 'remix-i18next/client'
import { languageOr } from '#contract'
import { loadSignedInParts } from './features/layout/signed-in'
import { i18nConfig, ROOT_NAMESPACES, SIGNED_IN_NAMESPACES, type Namespace } from './i18n'
import { announceTexts, textsBackend } from './locales/load'

/** The namespaces of what the server rendered: the root's (app/i18n.ts) and the matched routes' `handle.i18n`. */
function pageNamespaces(): Namespace[] {
  const root = document.documentElement.hasAttribute('data-signed-in') ? [...ROOT_NAMESPACES, ...SIGNED_IN_NAMESPACES] : ROOT_NAMESPACES
  return [...new Set([...root, ...(getInitialNamespaces() as Namespace[])])]
}

async function hydrate() {
  // The browser keeps to the server's language so hydration matches, and loads only that language's texts
  // of the page's namespaces, before hydrating, so nothing suspends or flashes a key.
  const ns = pageNamespaces()
  announceTexts(ns)
  await Promise.all([
    i18next.use(initReactI18next).use(textsBackend).init({ ...i18nConfig, // The server's `<html lang>` (the language switch reloads the document).
      lng: languageOr(document.documentElement.lang), ns }),
    // A signed-in page's header parts (a chunk of their own, signed-in.tsx) come before hydrating too, as its texts
    // do: a boundary still waiting for its code would hold back every update React makes meanwhile (a press).
    document.documentElement.hasAttribute('data-signed-in') ? loadSignedInParts() : null,
  ])
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
