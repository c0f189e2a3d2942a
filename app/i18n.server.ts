// Translation on the server (docs/decisions/034-remix-i18next.md): remix-i18next detects the reader's language,
// and one i18next instance holds every text of every language for what renders outside React — route `meta`
// (app/utils/meta-text.ts), toasts and other texts that never reach the browser (serverT).
import { createCookie } from '@remix-run/node'
import i18next from 'i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { acceptedLanguages, DEFAULT_LANGUAGE, languageOr, LANGUAGES, type Language } from '#contract'
import { i18nConfig, NAMESPACES, type Namespace } from './i18n'
import { resources } from './locales/resources.server'
import { cookiesAreSecure } from './utils/env.server'

/** The chosen language (the en/ru switch, /resources/locale); remembered for a year. */
export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: cookiesAreSecure(),
  maxAge: 60 * 60 * 24 * 365,
})

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // The language cookie if set, else the best match of Accept-Language (no `?lng=`: a URL does not switch).
    // The header is read by the rule the API uses too (contract/language.ts): remix-i18next's own header step
    // keeps only the first tag, so `de, ru;q=0.5` would get the default instead of Russian, and its
    // strict-then-loose match would answer `en-GB, ru` in Russian.
    order: ['cookie', 'custom'],
    cookie: localeCookie,
    findLocale: async (request) => acceptedLanguages(request.headers.get('Accept-Language')),
  },
  i18next: { ...i18nConfig, resources },
})

/** The reader's language: the language cookie, then Accept-Language, then the default. */
export async function getLanguage(request: Request): Promise<Language> {
  const language = await i18nServer.getLocale(request)
  return languageOr(language)
}

// The server's texts, loaded once into i18next's global instance, which route `meta` functions share with the
// browser (where entry.client.tsx initialises it with the page's language and namespaces only)…
void i18next.init({
  ...i18nConfig,
  resources,
  ns: [...NAMESPACES],
  lng: DEFAULT_LANGUAGE,
  initImmediate: false,
  // A text asked for that no namespace has is logged (i18next's missing-key hook): tests/web/texts-every-route
  // reads every page and fails on it. One asked for with a default (a code the API may send) is no mistake.
  saveMissing: true,
  missingKeyHandler(languages, namespace, key, _fallback, _update, options: { defaultValue?: unknown }) {
    if (options?.defaultValue === undefined)
      console.warn(`[i18n] missing text ${[languages].flat().join()}/${namespace}:${key}`)
  },
})

// …and one instance per language for rendering pages, sharing those texts. remix-i18next's guide sets up an
// instance per request; that costs 0.35–0.6 ms of CPU per page (measured: `new I18n` and its loggers), and
// nothing ever changes a page instance's language or texts (the language switch reloads the document; every
// namespace is already in), so pages in different languages rendered at the same time each keep their own.
const pageInstances = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    rememberPlainTexts(i18next.cloneInstance({ lng: language, initImmediate: false })),
  ]),
) as Record<Language, typeof i18next>

/** Enough for every text of the web in one language, with room for keys built from data (categories, codes). */
const REMEMBERED_TEXTS_MAX = 5000

/** Whether a call asks for nothing but a text: `useTranslation`'s `t` adds `lng`, `ns` (and maybe `keyPrefix`). */
function asksForTextOnly(options: Record<string, unknown> | undefined): boolean {
  for (const name in options) {
    if (name !== 'lng' && name !== 'ns' && name !== 'keyPrefix' && options[name] !== undefined) return false
  }
  return true
}

/**
 * A page instance's texts never change, so a text asked for without values is looked up once: i18next's lookup
 * (key and namespace parsing, fallbacks, post-processing) of the same few hundred texts was 8 % of the web's
 * CPU for a home page (docs/decisions/036). A missing text is still logged, the first time it is asked for.
 */
export function rememberPlainTexts(instance: typeof i18next): typeof i18next {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown
  const remembered = new Map<string, unknown>()
  const t = (key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== 'string' || !asksForTextOnly(options)) return translate(key, options)
    const ns = options?.ns
    const id = `${options?.lng ?? ''}\u0000${Array.isArray(ns) ? ns.join() : (ns ?? '')}\u0000${options?.keyPrefix ?? ''}\u0000${key}`
    if (remembered.has(id)) return remembered.get(id)
    const text = translate(key, options)
    if (remembered.size < REMEMBERED_TEXTS_MAX) remembered.set(id, text)
    return text
  }
  instance.t = t as typeof instance.t
  return instance
}

/** The i18next instance that renders a page in `language` (entry.server.tsx's I18nextProvider). */
export function pageI18n(language: Language) {
  return pageInstances[language]
}

/** `t` for texts the server translates and the browser never loads (toasts, messages of redirects). */
export function serverT(language: Language, namespace: Namespace) {
  return i18next.getFixedT(language, namespace)
}

/** Whether `key` is a text of `namespace` (or names its own, `namespace:key`); with `count`, in its plural forms. */
export function isServerText(
  language: Language,
  namespace: Namespace,
  key: string,
  values?: Record<string, unknown>,
): boolean {
  return i18next.exists(key, { ...values, lng: language, ns: namespace })
}
