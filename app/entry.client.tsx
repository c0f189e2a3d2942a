import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { ROOT_NAMESPACES, SIGNED_IN_NAMESPACES, type I18nHandle, type Namespace } from './i18n'
import { documentLanguage, loadTexts } from './locales/load'
import { LanguageProvider } from './utils/use-translation'

/** The namespaces of what the server rendered: the root's (app/i18n.ts) and the matched routes' `handle.i18n`. */
function pageNamespaces(): Namespace[] {
  const modules = (window as unknown as { __remixRouteModules?: Record<string, { handle?: I18nHandle }> }).__remixRouteModules ?? {}
  const routes = Object.values(modules).flatMap((module) => module.handle?.i18n ?? [])
  const root = document.documentElement.hasAttribute('data-signed-in') ? [...ROOT_NAMESPACES, ...SIGNED_IN_NAMESPACES] : ROOT_NAMESPACES
  return [...new Set([...root, ...routes])]
}

async function hydrate() {
  // The server rendered <html lang>; the browser keeps to it so hydration matches (the language switch
  // reloads the document). Only this language's texts are loaded, before hydration, so nothing suspends.
  const language = documentLanguage()
  await loadTexts(language, pageNamespaces())
  startTransition(() => {
    hydrateRoot(
      document,
      <LanguageProvider language={language}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </LanguageProvider>,
    )
  })
}

void hydrate()
