import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import i18n, { ROOT_NAMESPACES, type I18nHandle, type Namespace } from './i18n'
import { chunkBackend } from './locales/load'

/** The namespaces of the routes the server rendered: the root's and the matched routes' `handle.i18n`. */
function pageNamespaces(): Namespace[] {
  const modules = (window as unknown as { __remixRouteModules?: Record<string, { handle?: I18nHandle }> }).__remixRouteModules ?? {}
  const routes = Object.values(modules).flatMap((module) => module.handle?.i18n ?? [])
  return [...new Set([...ROOT_NAMESPACES, ...routes])]
}

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(chunkBackend)
    .init({
      ...i18n,
      // The server rendered <html lang>; the browser keeps to it so hydration matches.
      lng: document.documentElement.lang || i18n.fallbackLng,
      // Only this language: Russian is complete, and loading English next to it would double the bytes.
      fallbackLng: false,
      ns: pageNamespaces(),
      // A screen whose namespace is not loaded yet (a client-side navigation) waits for it inside the
      // navigation's transition, showing the previous page meanwhile.
      react: { useSuspense: true },
    })
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
